import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../../../src/client/app/store';
import { categoriesApi } from '../../../../src/client/features/categories/categoriesApi';
import { ratesApi } from '../../../../src/client/entities/currency/ratesApi';
import { receiptsApi } from '../../../../src/client/features/receipts/receiptsApi';
import EditReceiptPage from '../../../../src/client/features/receipts/EditReceiptPage';
import { mutationCount, NO_SERVER, renderScreen, useClosedApiPort } from '../../ui/renderScreen';
import { expectRevealed, watchScrolling } from '../../ui/revealed';
import { OTHER_CATEGORY, receipt } from '../../ui/builders';

// The API is a closed port: the receipt is put in the cache, and a save is sent for real (and fails).
beforeAll(useClosedApiPort);
afterEach(() => jest.restoreAllMocks());

const categories = [OTHER_CATEGORY];
const shown = receipt({ id: 'r1', store: 'Corner Shop', date: '2018-05-02', amount: 10 });

async function renderEdit() {
  const store = makeStore();
  await store.dispatch(categoriesApi.util.upsertQueryData('getCategories', undefined, categories));
  await store.dispatch(ratesApi.util.upsertQueryData('getCurrencyRates', undefined, []));
  await store.dispatch(receiptsApi.util.upsertQueryData('getReceipt', shown.id, shown));
  renderScreen(<EditReceiptPage />, { route: `/receipts/${shown.id}/edit`, path: '/receipts/:id/edit', store });
  return { store, user: userEvent.setup() };
}

describe('Edit Receipt', () => {
  it('brings a refused save’s message into view and gives it the focus', async () => {
    const { user } = await renderEdit();
    const watch = watchScrolling();
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Failed to save receipt: ${NO_SERVER}`);
    await waitFor(() => expectRevealed(alert, watch));
  });

  it('says beside the tax that it is more than the amount, focuses it, and sends nothing', async () => {
    const { store, user } = await renderEdit();
    const watch = watchScrolling();
    await user.type(await screen.findByLabelText('Tax'), '50');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const tax = screen.getByLabelText('Tax');
    expect(tax).toHaveAccessibleDescription('Tax must not be more than the amount');
    await waitFor(() => expectRevealed(tax, watch));
    expect(mutationCount(store)).toBe(0);
  });
});
