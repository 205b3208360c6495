import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dashboard } from '../../../../src/shared/dashboard';
import { makeStore } from '../../../../src/client/app/store';
import { makeTheme } from '../../../../src/client/app/theme';
import { dashboardApi } from '../../../../src/client/features/dashboard/dashboardApi';
import DashboardPage from '../../../../src/client/features/dashboard/DashboardPage';
import { mutationCount, renderScreen, useClosedApiPort } from '../../ui/renderScreen';

beforeAll(useClosedApiPort);

const data: Dashboard = {
  budget: 1000,
  total_spent: 1250.5,
  display_name: 'Dana Saved',
  transactions: [
    { _id: 'r1', store: 'Green Grocer', description: 'Groceries', category: 'Food', date: '2026-11-20', amount: -45.1 },
    { _id: 'r2', store: 'Shoe Hut', description: 'Shoe Hut', category: 'Clothing', date: '2026-11-21', amount: 30 },
  ],
};

async function seeded(dashboard: Dashboard) {
  const store = makeStore();
  await store.dispatch(dashboardApi.util.upsertQueryData('getDashboard', undefined, dashboard));
  return renderScreen(<DashboardPage />, { route: '/', store });
}

it('shows budget, spending, remaining and the newest transactions coloured by direction', async () => {
  await seeded(data);
  expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  expect(screen.getByText('Welcome back, Dana Saved')).toBeInTheDocument(); // the saved profile's name
  expect(screen.getByTestId('figure-Monthly Budget')).toHaveTextContent('$1,000.00');
  expect(screen.getByTestId('figure-Total Spent')).toHaveTextContent('$1,250.50');
  expect(screen.getByTestId('figure-Remaining')).toHaveTextContent('-$250.50');
  expect(screen.getByText('Over budget')).toBeInTheDocument();

  const rows = screen.getAllByTestId('transaction');
  // The store names the row; a description of its own is shown under it.
  expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Shoe Hut', 'Green Grocer']);
  expect(within(rows[1]).getByText('Groceries')).toBeInTheDocument();
  expect(within(rows[0]).getAllByText('Shoe Hut')).toHaveLength(1);
  const palette = makeTheme('light').palette;
  const refund = rows[0].querySelector('[data-direction]')!;
  const spent = rows[1].querySelector('[data-direction]')!;
  expect(refund).toHaveTextContent('Refund $30.00');
  expect(refund).toHaveStyle({ color: palette.success.main });
  expect(spent).toHaveTextContent('Spent $45.10');
  expect(spent).toHaveStyle({ color: palette.error.main });
  expect(rows[1]).toHaveTextContent('Food · Nov 20, 2026');
  expect(screen.getByRole('progressbar', { name: 'Monthly budget used' })).toHaveAttribute('data-level', 'exceeded');
  expect(screen.getByTestId('budget-used')).toHaveTextContent('$1,250.50 of $1,000.00 (125%)');

  expect(screen.getByRole('link', { name: 'Add Transaction' })).toHaveAttribute('href', '/receipts/add');
  expect(screen.getByRole('link', { name: 'View Reports' })).toHaveAttribute('href', '/analytics');
  expect(screen.getByRole('link', { name: 'Manage Categories' })).toHaveAttribute('href', '/categories');
});

it.each([
  [799.99, 'none'],
  [800, 'warning'],
  [1000, 'warning'],
  [1000.01, 'exceeded'],
])('colours the budget bar for %s of $1,000 as %s', async (spent, level) => {
  await seeded({ ...data, total_spent: spent });
  expect(screen.getByRole('progressbar', { name: 'Monthly budget used' })).toHaveAttribute('data-level', level);
});

it('says when no budget is set', async () => {
  await seeded({ budget: null, total_spent: 0, display_name: 'Dana', transactions: [] });
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(screen.getByTestId('figure-Monthly Budget')).toHaveTextContent('Not set');
  expect(screen.getByTestId('figure-Remaining')).toHaveTextContent('—');
  expect(screen.getByText('No transactions yet.')).toBeInTheDocument();
});

it('explains a wrong budget and sends nothing; a failed save says so', async () => {
  const { store } = await seeded(data);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Set Budget' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set Monthly Budget' }); // loaded on first opening
  const input = within(dialog).getByLabelText('Monthly budget');
  expect(input).toHaveValue('1000.00');

  for (const [wrong, message] of [
    ['abc', 'Budget must be a number of 0 or more with at most two decimals'],
    ['-20', 'Budget must be a number of 0 or more with at most two decimals'],
    ['20,000,000', 'Budget must be at most $10,000,000.00'],
  ]) {
    await user.clear(input);
    await user.type(input, wrong);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  }
  expect(mutationCount(store)).toBe(0);

  // A valid amount is sent; nothing answers here, so the failure text of spec §8 shows.
  await user.clear(input);
  await user.type(input, '1500');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Failed to update budget')).toBeInTheDocument();
  expect(mutationCount(store)).toBe(1);
});

it('says when the dashboard cannot be loaded and still offers the quick actions', async () => {
  renderScreen(<DashboardPage />, { route: '/' });
  expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Add Transaction' })).toBeInTheDocument();
});
