import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Draft } from '../../../../src/shared/drafts';
import { makeStore } from '../../../../src/client/app/store';
import { categoriesApi } from '../../../../src/client/features/categories/categoriesApi';
import { draftsApi } from '../../../../src/client/features/scan/draftsApi';
import ReviewQueuePage from '../../../../src/client/features/scan/ReviewQueuePage';
import { displayCurrency, formatMoney, setDisplayCurrency } from '../../../../src/client/ui/money';
import { SAVE_ANYWAY } from '../../../../src/client/entities/receipts/SameReceiptNotice';
import { ENLARGE_PHOTO } from '../../../../src/client/features/scan/ReceiptPhoto';
import { mutationCount, NO_SERVER, recordRequests, renderScreen, useClosedApiPort } from '../../ui/renderScreen';
import { expectRevealed, watchScrolling } from '../../ui/revealed';
import { OTHER_CATEGORY, readyDraft } from '../../ui/builders';

// The API is a closed port: what is shown comes from the drafts put in the cache, and a save is sent for real (and fails).
beforeAll(useClosedApiPort);
afterEach(() => jest.restoreAllMocks());

const categories = [OTHER_CATEGORY];

const ready = (id: string, store: string, total: number, more: Partial<Draft> = {}): Draft =>
  readyDraft({ store, date: '2018-03-11', total }, { _id: id, ...more });

async function renderQueue(drafts: Draft[]) {
  const store = makeStore();
  await store.dispatch(categoriesApi.util.upsertQueryData('getCategories', undefined, categories));
  await store.dispatch(draftsApi.util.upsertQueryData('getDrafts', undefined, drafts));
  renderScreen(<ReviewQueuePage />, { route: '/receipts/review', store });
  return { store, user: userEvent.setup() };
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Receipts to review' }))
    .getAllByRole('button')
    .map((b) => b.querySelector('p')?.textContent);

describe('the list of receipts to review', () => {
  const home = displayCurrency();
  afterEach(() => setDisplayCurrency(home));

  it("shows each draft's total in the currency printed on it, not the home one", async () => {
    setDisplayCurrency('GBP');
    await renderQueue([ready('d-rm', 'PAGOH', 10, { currency: 'RM' }), ready('d-usd', 'DINER', 14.36, { currency: '$' }), ready('d-home', 'TESCO', 3.2)]);
    // Ringgit, dollars (a '$' receipt with a home in pounds), and the home currency for a receipt that prints none.
    expect(titles()).toEqual([`PAGOH · ${formatMoney(10, 'MYR')}`, 'DINER · $14.36', 'TESCO · £3.20']);
    expect(formatMoney(10, 'MYR')).toMatch(/^RM\s10\.00$/);
  });
});

describe('a draft that looks like a receipt already saved', () => {
  it('is not saved by Enter in a field; Save anyway, pressed, saves it', async () => {
    const saved = { _id: 'r1', store_name: "Calagero's", date: '2018-03-11', total_amount: 157.51, currency: 'USD', imported: false };
    const { store, user } = await renderQueue([ready('d1', "Calagero's", 157.51, { duplicate_of: saved })]);
    const sent = recordRequests();
    await user.click(screen.getByLabelText(/^Store/));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: SAVE_ANYWAY })).toHaveFocus());
    expect(mutationCount(store)).toBe(0);
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1));
    const [post] = sent.filter((r) => r.method === 'POST');
    expect(post.path).toBe('/receipts');
    await waitFor(() => expect(post.body).toMatchObject({ store_name: "Calagero's", total_amount: 157.51, draft_id: 'd1' }));
    expect(post.body).not.toHaveProperty('into_id');
  });
});

describe('a draft whose save is refused', () => {
  it('brings the message into view and gives it the focus; a wrong field first, when there is one', async () => {
    const { user } = await renderQueue([ready('d1', 'Deli', 9.5)]);
    const watch = watchScrolling();
    await user.clear(screen.getByLabelText(/^Total/));
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    const total = screen.getByLabelText(/^Total/);
    expect(total).toHaveAccessibleDescription('Total is required');
    await waitFor(() => expectRevealed(total, watch));

    await user.type(total, '9.50');
    await user.click(screen.getByRole('button', { name: 'Save and next' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(NO_SERVER);
    await waitFor(() => expectRevealed(alert, watch));
  });
});

describe('a draft of a receipt that writes the day first', () => {
  it("offers the single scan's date order, with its hint", async () => {
    await renderQueue([
      ready('d1', 'PAGOH', 10, {
        currency: 'RM',
        suggested_date_order: 'DMY',
        processed_data: { store_name: 'PAGOH', date: '2018-01-03', total_amount: 10, items: [], tax: null },
      }),
    ]);
    expect(screen.getByRole('combobox', { name: 'Date order' })).toHaveAccessibleDescription(
      'This receipt looks day first: choose Day first to read the date again.',
    );
  });
});

describe('the way to the first field', () => {
  it('takes one Tab for the whole list of receipts (the arrow keys move in it), one for the photo, then the store', async () => {
    const drafts = Array.from({ length: 15 }, (_, i) => ready(`d${i}`, `Shop ${i}`, 1 + i));
    const { user } = await renderQueue(drafts);
    const list = within(screen.getByRole('list', { name: 'Receipts to review' })).getAllByRole('button');
    const current = list.find((b) => b.getAttribute('aria-current') === 'true')!;
    // Named by its store, total and state only (the hint is its description).
    expect(current).toHaveAccessibleName(/^Shop 0 · \$1\.00\s?Ready to review$/);
    await user.tab();
    expect(current).toHaveFocus();
    expect(current).toHaveAccessibleDescription('The arrow keys move between the receipts.');
    await user.tab();
    expect(screen.getByRole('button', { name: ENLARGE_PHOTO })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText(/^Store/)).toHaveFocus();

    // Back in the list, the arrows move the focus from one receipt to the next (round at the ends), and Enter opens one.
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(current).toHaveFocus();
    const at = list.indexOf(current);
    await user.keyboard('{ArrowDown}');
    expect(list[(at + 1) % list.length]).toHaveFocus();
    await user.keyboard('{End}');
    expect(list[list.length - 1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(list[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(list[0]).toHaveAttribute('aria-current', 'true');
    expect(list[0]).toHaveAttribute('tabindex', '0');
    expect(list.filter((b) => b.getAttribute('tabindex') === '0')).toHaveLength(1);
  });
});

describe('the photo of the receipt', () => {
  it('opens large in a dialog that zooms and closes with Escape, giving the focus back', async () => {
    const { user } = await renderQueue([ready('d1', 'Deli', 9.5)]);
    const enlarge = screen.getByRole('button', { name: ENLARGE_PHOTO });
    await user.click(enlarge);
    const dialog = await screen.findByRole('dialog', { name: 'Receipt photo' });
    expect(within(dialog).getByRole('img', { name: 'The receipt, enlarged' })).toHaveAttribute('src', 'data:image/png;base64,');
    // The photo's region has the focus: the arrow keys scroll it.
    expect(within(dialog).getByRole('region', { name: 'The photo, scrollable when zoomed in' })).toHaveFocus();
    expect(within(dialog).getByText('100%')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
    expect(within(dialog).getByText('150%')).toBeInTheDocument();
    await user.keyboard('+');
    expect(within(dialog).getByText('200%')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Whole photo' }));
    expect(within(dialog).getByText('100%')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(enlarge).toHaveFocus();
  });
});
