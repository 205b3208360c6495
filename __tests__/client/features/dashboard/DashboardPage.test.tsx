import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Dashboard } from '../../../../src/shared/dashboard';
import { makeStore } from '../../../../src/client/app/store';
import { makeTheme } from '../../../../src/client/app/theme';
import { dashboardApi } from '../../../../src/client/features/dashboard/dashboardApi';
import DashboardPage from '../../../../src/client/features/dashboard/DashboardPage';
import { mutationCount, recordRequests, renderScreen, useClosedApiPort } from '../../ui/renderScreen';
import { expectRevealed, watchScrolling } from '../../ui/revealed';

beforeAll(useClosedApiPort);

// jsdom has no canvas: Chart.js reports that it cannot draw the forecast chart, which is expected
// here (the browser tests look at drawn charts). Other console errors still show.
beforeEach(() => {
  const original = console.error;
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!/getContext|can't acquire context/.test(args.map(String).join(' '))) original(...args);
  });
});
afterEach(() => jest.restoreAllMocks());

const data: Dashboard = {
  budget: 1000,
  total_spent: 1250.5,
  display_name: 'Dana Saved',
  month: '2026-11',
  rollover: false,
  carry_over: null,
  available: 1000,
  pace: { expected: 700, difference: -550.5, day: 21, days_in_month: 30 },
  forecast: { amount: 1786.43, month_end: '2026-11-30', bills_to_come: 0, bills: [], spent_by_day: Array.from({ length: 21 }, (_, i) => (i + 1) * 59.55) },
  transactions: [
    { _id: 'r1', store: 'Green Grocer', description: 'Groceries', category: 'Food', date: '2026-11-20', amount: -45.1 },
    { _id: 'r2', store: 'Shoe Hut', description: 'Shoe Hut', category: 'Clothing', date: '2026-11-21', amount: 30 },
  ],
};

/** A budget of $1,000 with $42.10 carried over from October, $480 spent by Nov 15. */
const rolledOver: Dashboard = {
  ...data,
  total_spent: 480,
  rollover: true,
  carry_over: 42.1,
  available: 1042.1,
  pace: { expected: 521.05, difference: 41.05, day: 15, days_in_month: 30 },
  forecast: {
    amount: 990.98,
    month_end: '2026-11-30',
    bills_to_come: 30.98,
    bills: [
      { _id: 'b1', store: 'StreamFlix', amount: 15.49, date: '2026-11-20' },
      { _id: 'b2', store: 'Cloud Drive', amount: 15.49, date: '2026-11-28' },
    ],
    spent_by_day: Array.from({ length: 15 }, (_, i) => (i + 1) * 32),
  },
};

async function seeded(dashboard: Dashboard) {
  const store = makeStore();
  await store.dispatch(dashboardApi.util.upsertQueryData('getDashboard', undefined, dashboard));
  const view = renderScreen(<DashboardPage />, { route: '/', store });
  // The forecast chart loads apart (lazily): the screen is complete once it is in.
  if (dashboard.pace) await screen.findByRole('img', { name: /^Spending so far this month by day/ });
  return view;
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

it('says when no budget is set, and shows no pace without one to measure against', async () => {
  await seeded({
    ...data,
    budget: null,
    total_spent: 0,
    display_name: 'Dana',
    transactions: [],
    available: null,
    pace: null,
    forecast: { amount: 0, month_end: '2026-11-30', bills_to_come: 0, bills: [], spent_by_day: [0, 0, 0] },
  });
  expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  expect(screen.getByTestId('figure-Monthly Budget')).toHaveTextContent('Not set');
  expect(screen.getByTestId('figure-Monthly Budget').parentElement).toHaveTextContent('Use Set Budget to plan your month');
  expect(screen.getByTestId('figure-Remaining')).toHaveTextContent('—');
  expect(screen.getByText('No transactions yet.')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Pace and forecast' })).not.toBeInTheDocument();
  expect(screen.queryByText(/At this pace/)).not.toBeInTheDocument();
});

describe('rollover', () => {
  const budgetFigure = () => screen.getByRole('region', { name: 'Monthly Budget' });

  it('shows what carried over from last month and counts it in Remaining', async () => {
    await seeded(rolledOver);
    expect(screen.getByTestId('figure-Monthly Budget')).toHaveTextContent('$1,000.00');
    expect(budgetFigure()).toHaveTextContent('Carried over from October: +$42.10');
    expect(budgetFigure()).toHaveTextContent('Available this month: $1,042.10');
    expect(screen.getByTestId('figure-Remaining')).toHaveTextContent('$562.10'); // 1,042.10 − 480
    expect(screen.getByTestId('budget-used')).toHaveTextContent('$480.00 of $1,042.10 (46%)');
  });

  it('takes an overspent month off this one, and names December in January', async () => {
    await seeded({ ...rolledOver, month: '2027-01', carry_over: -18, available: 982, total_spent: 990 });
    expect(budgetFigure()).toHaveTextContent('Carried over from December: -$18.00');
    expect(budgetFigure()).toHaveTextContent('Available this month: $982.00');
    expect(screen.getByTestId('figure-Remaining')).toHaveTextContent('-$8.00');
    expect(screen.getByRole('region', { name: 'Remaining' })).toHaveTextContent('Over budget');
  });

  it('says nothing of a carry-over without rollover', async () => {
    await seeded(data);
    expect(budgetFigure()).not.toHaveTextContent(/Carried over|Available this month/);
  });
});

describe('pace and forecast', () => {
  const card = () => screen.getByRole('region', { name: 'Pace and forecast' });
  const palette = makeTheme('light').palette;

  it('says how far ahead of an even month, the forecast with the bills to come, and draws the chart', async () => {
    await seeded(rolledOver);
    expect(within(card()).getByTestId('pace-sentence')).toHaveTextContent('You are $41.05 ahead of pace');
    expect(within(card()).getByTestId('pace-sentence')).toHaveStyle({ color: palette.success.main });
    expect(card()).toHaveTextContent('Spent $480.00 of the $521.05 an even month would have spent by today');
    expect(within(card()).getByTestId('forecast-sentence')).toHaveTextContent('At this pace: about $991 by Nov 30');
    expect(card()).toHaveTextContent('Includes 2 bills still to come: $30.98');
    const bills = within(within(card()).getByRole('list', { name: 'Bills still to come' })).getAllByRole('listitem');
    expect(bills.map((b) => b.textContent)).toEqual(['StreamFlix$15.49Nov 20', 'Cloud Drive$15.49Nov 28']);
    // Within what is available: no warning.
    expect(within(card()).queryByRole('status')).not.toBeInTheDocument();
    // The chart came with the analytics chunk, after the card.
    expect(
      within(card()).getByRole('img', { name: /^Spending so far this month by day and the forecast to Nov 30, against the \$1,042\.10 available/ }),
    ).toBeInTheDocument();
  });

  it('says when spending runs over pace, and warns when the forecast passes what is available', async () => {
    await seeded(data);
    expect(within(card()).getByTestId('pace-sentence')).toHaveTextContent('You are $550.50 over pace');
    expect(within(card()).getByTestId('pace-sentence')).toHaveStyle({ color: palette.error.main });
    expect(card()).toHaveTextContent('Spent $1,250.50 of the $700.00 an even month would have spent by today');
    expect(within(card()).getByTestId('forecast-sentence')).toHaveTextContent('At this pace: about $1,786 by Nov 30');
    expect(card()).not.toHaveTextContent(/still to come/);
    expect(within(card()).getByRole('status')).toHaveTextContent('Forecast is $786 over your budget');
    expect(within(card()).getByRole('img', { name: /forecast to Nov 30/ })).toBeInTheDocument();
  });

  it('says plainly when it is too early for a forecast, and still shows pace, spending and the bills to come', async () => {
    // Dec 3, a new account: $900 against $1,000 would 'project' $9,300; there is no forecast yet.
    await seeded({
      ...rolledOver,
      month: '2026-12',
      total_spent: 900,
      pace: { expected: 100, difference: -800, day: 3, days_in_month: 31 },
      forecast: { ...rolledOver.forecast, amount: null, month_end: '2026-12-31', spent_by_day: [300, 600, 900] },
    });
    expect(within(card()).getByTestId('pace-sentence')).toHaveTextContent('You are $800.00 over pace');
    expect(within(card()).getByTestId('forecast-sentence')).toHaveTextContent(
      'Too early for a forecast: it starts on Dec 7, when a week of spending shows the pace',
    );
    expect(card()).toHaveTextContent('2 bills still to come: $30.98');
    expect(card()).not.toHaveTextContent('Includes');
    expect(within(within(card()).getByRole('list', { name: 'Bills still to come' })).getAllByRole('listitem')).toHaveLength(2);
    // Nothing to warn of, and no projection drawn.
    expect(within(card()).queryByRole('status')).not.toBeInTheDocument();
    expect(within(card()).getByRole('img', { name: 'Spending so far this month by day, against the $1,042.10 available, line chart' })).toBeInTheDocument();
  });
});

it('sends the rollover choice with the budget, starting from the saved one', async () => {
  await seeded(rolledOver);
  const sent = recordRequests();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Set Budget' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set Monthly Budget' });
  const rollover = within(dialog).getByRole('switch', { name: 'Carry over what is left to next month' });
  expect(rollover).toBeChecked();
  expect(rollover).toHaveAccessibleDescription(/adds to next month/);

  await user.click(rollover);
  await user.clear(within(dialog).getByLabelText('Monthly budget'));
  await user.type(within(dialog).getByLabelText('Monthly budget'), '1200');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Failed to update budget')).toBeInTheDocument();
  expect(sent).toEqual([{ method: 'POST', path: '/dashboard/budget', body: { amount: 1200, rollover: false } }]);
});

it('explains a wrong budget and sends nothing; a failed save says so', async () => {
  const { store } = await seeded(data);
  const sent = recordRequests();
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
  expect(sent.map((r) => r.body)).toEqual([{ amount: 1500, rollover: false }]);
});

it('brings a refused budget save’s message into view and gives it the focus', async () => {
  await seeded(data);
  const watch = watchScrolling();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Set Budget' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set Monthly Budget' });
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent('Failed to update budget');
  await waitFor(() => expectRevealed(alert, watch));
});

it('brings a wrong budget into view and gives it the focus, with its message', async () => {
  await seeded(data);
  const watch = watchScrolling();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Set Budget' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set Monthly Budget' });
  const input = within(dialog).getByLabelText('Monthly budget');
  await user.clear(input);
  await user.type(input, '12abc');
  // Clicked, so the focus is on Save: the refusal must take it back to the field.
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(input).toHaveAccessibleDescription('Budget must be a number of 0 or more with at most two decimals');
  await waitFor(() => expectRevealed(input, watch));
});

it('says when the dashboard cannot be loaded and still offers the quick actions', async () => {
  renderScreen(<DashboardPage />, { route: '/' });
  expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Add Transaction' })).toBeInTheDocument();
});
