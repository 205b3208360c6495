import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LikeReceipt } from '../../../../src/shared/receipts';
import { makeStore } from '../../../../src/client/app/store';
import { categoriesApi } from '../../../../src/client/features/categories/categoriesApi';
import { ratesApi } from '../../../../src/client/entities/currency/ratesApi';
import { sameReceiptApi } from '../../../../src/client/entities/receipts/sameReceipt';
import { BANK_ROW_MATCH, FILL_BANK_ROW, SAVE_AS_NEW } from '../../../../src/client/entities/receipts/SameReceiptNotice';
import AddReceiptPage from '../../../../src/client/features/receipts/AddReceiptPage';
import { mutationCount, NO_SERVER, recordRequests, renderScreen, useClosedApiPort } from '../../ui/renderScreen';
import { expectRevealed, watchScrolling } from '../../ui/revealed';
import { OTHER_CATEGORY } from '../../ui/builders';

// The API is a closed port: the lookup's answer is put in the cache, and a save is sent for real (and fails).
beforeAll(useClosedApiPort);
afterEach(() => jest.restoreAllMocks());

const categories = [OTHER_CATEGORY];
const bens = { store: "Ben's Bayside", date: '2018-07-03', amount: 48.2, currency: 'USD' };
const bankRow: LikeReceipt = { _id: 'r-bank', store_name: "BEN'S BAYSIDE", date: '2018-07-03', total_amount: 48.2, currency: 'USD', imported: true };

async function typedIn(match: LikeReceipt | null) {
  const store = makeStore();
  await store.dispatch(categoriesApi.util.upsertQueryData('getCategories', undefined, categories));
  await store.dispatch(ratesApi.util.upsertQueryData('getCurrencyRates', undefined, []));
  await store.dispatch(sameReceiptApi.util.upsertQueryData('findSameReceipt', bens, { match }));
  renderScreen(<AddReceiptPage />, { route: '/receipts/add', store });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Store/), bens.store);
  await user.clear(screen.getByLabelText(/^Date/));
  await user.type(screen.getByLabelText(/^Date/), bens.date);
  await user.type(screen.getByLabelText(/^Amount/), '48.20');
  return { store, user };
}

const posts = (sent: ReturnType<typeof recordRequests>) => sent.filter((r) => r.method === 'POST' && r.path === '/receipts');

describe('Add Transaction for a purchase imported from the bank', () => {
  it('offers to fill in the bank row before saving, and Enter does not save a second receipt', async () => {
    const { store, user } = await typedIn(bankRow);
    expect(await screen.findByText(new RegExp(BANK_ROW_MATCH))).toHaveTextContent(`${BANK_ROW_MATCH}: BEN'S BAYSIDE, Jul 3, 2018, $48.20`);
    await user.click(screen.getByLabelText(/^Amount/));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: FILL_BANK_ROW })).toHaveFocus());
    expect(mutationCount(store)).toBe(0);

    const sent = recordRequests();
    await user.click(screen.getByRole('button', { name: FILL_BANK_ROW }));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    await waitFor(() => expect(posts(sent)[0].body).toMatchObject({ store: "Ben's Bayside", date: '2018-07-03', amount: 48.2, into_id: 'r-bank' }));
  });

  it('saves a new receipt when the person says so', async () => {
    const { user } = await typedIn(bankRow);
    const group = await screen.findByRole('group', { name: 'How to save this receipt' });
    const sent = recordRequests();
    await user.click(within(group).getByRole('button', { name: SAVE_AS_NEW }));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    await waitFor(() => expect(posts(sent)[0].body).toMatchObject({ store: "Ben's Bayside" }));
    expect(posts(sent)[0].body).not.toHaveProperty('into_id');
  });

  it('saves at once a receipt like none saved or imported', async () => {
    const { user } = await typedIn(null);
    const sent = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(screen.queryByText(new RegExp(BANK_ROW_MATCH))).toBeNull();
  });
});

describe('a save that is refused', () => {
  it('brings its message into view and gives it the focus, on any screen', async () => {
    const { user } = await typedIn(null);
    const watch = watchScrolling();
    await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Failed to save receipt: ${NO_SERVER}`);
    await waitFor(() => expectRevealed(alert, watch));
  });

  it('brings the first wrong field, with its message, into view and focuses it', async () => {
    const { store, user } = await typedIn(null);
    const watch = watchScrolling();
    await user.clear(screen.getByLabelText(/^Store/));
    await user.clear(screen.getByLabelText(/^Amount/));
    await user.click(screen.getByRole('button', { name: 'Save Receipt' }));
    const field = screen.getByLabelText(/^Store/);
    expect(field).toHaveAccessibleDescription('Store is required');
    await waitFor(() => expectRevealed(field, watch));
    expect(mutationCount(store)).toBe(0);
  });
});
