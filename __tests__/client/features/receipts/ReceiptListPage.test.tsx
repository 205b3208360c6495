import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Receipt } from '../../../../src/shared/receipts';
import { makeStore, type AppStore } from '../../../../src/client/app/store';
import { receiptsApi } from '../../../../src/client/features/receipts/receiptsApi';
import { categoriesApi } from '../../../../src/client/features/categories/categoriesApi';
import ReceiptListPage from '../../../../src/client/features/receipts/ReceiptListPage';
import { DEFAULT_LIST_STATE, readListState, toApiQuery } from '../../../../src/client/features/receipts/listQuery';
import { NO_SERVER, renderScreen, useClosedApiPort } from '../../ui/renderScreen';
import { category, receipt } from '../../ui/builders';

beforeAll(useClosedApiPort);

const food = category({ _id: 'c1', name: 'Food', color: '#22C55E', icon: 'utensils' });
const categories = [food, category({ _id: 'c2', name: 'Other', is_fallback: true })];
const row = (id: string, store: string, amount: number, more: Partial<Receipt> = {}): Receipt =>
  receipt({ id, store, amount, category: food.name, categoryId: food._id, ...more });

async function seed(store: AppStore, search: string, items: Receipt[], total = items.length) {
  await store.dispatch(categoriesApi.util.upsertQueryData('getCategories', undefined, categories));
  await store.dispatch(receiptsApi.util.upsertQueryData('getReceipts', toApiQuery(readListState(new URLSearchParams(search))), { items, total }));
}

it('says the user has no receipts yet, with links to scan and add', async () => {
  const store = makeStore();
  await seed(store, '', []);
  renderScreen(<ReceiptListPage />, { route: '/receipts', store });
  expect(screen.getByRole('heading', { level: 1, name: 'Receipts' })).toBeInTheDocument();
  expect(screen.getByText("You haven't added any receipts yet.")).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Scan Receipt' })).toHaveAttribute('href', '/receipts/scan');
  expect(screen.getByRole('link', { name: 'Add Transaction' })).toHaveAttribute('href', '/receipts/add');
});

it('says nothing matches when the filters exclude everything', async () => {
  const store = makeStore();
  await seed(store, '?category=Food', []);
  renderScreen(<ReceiptListPage />, { route: '/receipts?category=Food', store });
  expect(screen.getByText('No receipts match your search criteria.')).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Food');
  expect(screen.queryByRole('link', { name: 'Add your first receipt' })).not.toBeInTheDocument();
});

it('clears the filters from the empty state', async () => {
  const store = makeStore();
  await seed(store, '?search=zzz&category=Food&sort=store', []);
  const { router } = renderScreen(<ReceiptListPage />, { route: '/receipts?search=zzz&category=Food&sort=store', store });
  expect(screen.getByLabelText('Search by store or description')).toHaveValue('zzz');
  await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
  expect(router.state.location.search).toBe('?sort=store');
  expect(screen.getByLabelText('Search by store or description')).toHaveValue('');
});

it('lists a page with View and Edit links, the category filter and the total for paging', async () => {
  const store = makeStore();
  await seed(store, '', [row('r1', 'Bakery', 7.5), row('r2', 'Market', 1234)], 12);
  renderScreen(<ReceiptListPage />, { route: '/receipts', store });
  const rows = screen.getAllByTestId('receipt-row');
  expect(rows).toHaveLength(2);
  expect(rows[1]).toHaveTextContent('Market');
  expect(rows[1]).toHaveTextContent('$1,234.00');
  expect(within(rows[0]).getByRole('link', { name: /^View Bakery/ })).toHaveAttribute('href', '/receipts/r1');
  expect(within(rows[0]).getByRole('link', { name: /^Edit Bakery/ })).toHaveAttribute('href', '/receipts/r1/edit');
  expect(screen.getByText('1–10 of 12')).toBeInTheDocument();

  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: 'Category' }));
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Food', 'Other']);
});

it('shows a foreign receipt as printed and in the home currency, and marks an imported one', async () => {
  const store = makeStore();
  await seed(store, '', [row('r1', 'Kedai Kopi', 45.6, { currency: 'MYR', rate: 0.213, home_amount: 9.71 }), row('r2', 'Grocer', 12, { imported: true })]);
  renderScreen(<ReceiptListPage />, { route: '/receipts', store });
  const [foreign, imported] = screen.getAllByTestId('receipt-row');
  expect(foreign).toHaveTextContent('RM 45.60 · $9.71');
  expect(within(foreign).queryByText('Imported')).not.toBeInTheDocument();
  expect(imported).toHaveTextContent('$12.00');
  expect(imported).not.toHaveTextContent('·');
  expect(within(imported).getByText('Imported')).toBeInTheDocument();
});

it('searches as you type once typing pauses, and sorts through the address bar', async () => {
  jest.useFakeTimers();
  try {
    const store = makeStore();
    await seed(store, '', [row('r1', 'Bakery', 7.5)]);
    const { router } = renderScreen(<ReceiptListPage />, { route: '/receipts', store });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.type(screen.getByLabelText('Search by store or description'), 'bak');
    // Not yet: one request per pause, not per key.
    expect(router.state.location.search).toBe('');
    await act(async () => {
      jest.advanceTimersByTime(350);
    });
    expect(router.state.location.search).toBe('?search=bak');
    expect(readListState(new URLSearchParams(router.state.location.search))).toEqual({ ...DEFAULT_LIST_STATE, search: 'bak' });

    await user.click(screen.getByRole('button', { name: 'Ascending' }));
    expect(router.state.location.search).toBe('?search=bak&order=asc');
  } finally {
    jest.useRealTimers();
  }
});

it('says why the receipts could not be loaded', async () => {
  renderScreen(<ReceiptListPage />, { route: '/receipts' });
  expect(await screen.findByText(`Error loading receipts: ${NO_SERVER}`)).toBeInTheDocument();
});
