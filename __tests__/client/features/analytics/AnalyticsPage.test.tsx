import net from 'node:net';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ThemeProvider } from '@mui/material/styles';
import type { AnalyticsBreakdown, AnalyticsRange, AnalyticsSeries } from '../../../../src/shared/analytics';
import { makeStore, type AppStore } from '../../../../src/client/app/store';
import { makeTheme } from '../../../../src/client/app/theme';
import { setClientConfig } from '../../../../src/client/app/config';
import { signedIn } from '../../../../src/client/auth/sessionSlice';
import { analyticsRangeSet } from '../../../../src/client/app/uiSlice';
import { analyticsApi } from '../../../../src/client/features/analytics/analyticsApi';
import { userTimeZone as browserTimeZone } from '../../../../src/client/ui/dates';
import AnalyticsPage from '../../../../src/client/features/analytics/AnalyticsPage';

const user = { uid: 'u1', email: 'a@example.com', displayName: 'A', photoURL: null, emailVerified: true };
const tz = browserTimeZone();

/** A local port nobody listens on: a request there fails for real, without any fetch mock. */
async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  setClientConfig({ apiUrl: await closedPortUrl(), firebase: { apiKey: 'k', authDomain: 'd', projectId: 'p' }, authEmulatorUrl: null });
});

// jsdom has no canvas: Chart.js reports that it cannot draw, which is expected here (the
// browser tests look at the drawn charts). Any other console error fails the test.
let consoleErrors: string[];
beforeEach(() => {
  consoleErrors = [];
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map(String).join(' '));
  });
});
afterEach(() => jest.restoreAllMocks());
const unexpectedErrors = () => consoleErrors.filter((e) => !/getContext|can't acquire context/.test(e));

function renderPage(store: AppStore) {
  return render(
    <Provider store={store}>
      <ThemeProvider theme={makeTheme('light')}>
        <AnalyticsPage />
      </ThemeProvider>
    </Provider>,
  );
}

async function seed(store: AppStore, range: AnalyticsRange, series: AnalyticsSeries, breakdown?: AnalyticsBreakdown) {
  await store.dispatch(analyticsApi.util.upsertQueryData('getAnalytics', { range, tz }, series));
  if (breakdown) await store.dispatch(analyticsApi.util.upsertQueryData('getAnalyticsBreakdown', { range, tz }, breakdown));
}

/** What the summary says this period is compared with, as a screen reader finds it. */
function previousFiguresShown(unit: string): string[] {
  return within(screen.getByRole('list', { name: `Compared with last ${unit}` }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

function tableFigures(testId: string): string[][] {
  return within(screen.getByTestId(testId))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (c) => c.textContent ?? ''));
}

const weekly: AnalyticsSeries = [
  { period: 'Nov 9', amount: 50 },
  { period: 'Nov 16', amount: 120.5 },
];
const weeklyBreakdown: AnalyticsBreakdown = {
  current: {
    period: 'Nov 16',
    total: 120.5,
    previous_period: 'Nov 9',
    previous_total: 50,
    previous_days: 3,
    previous_period_total: 80,
    previous_period_days: 7,
    change_pct: 141,
  },
  categories: [
    { category: 'Food', color: '#F97316', amount: 100.5 },
    { category: 'Transportation', color: '#3B82F6', amount: 20 },
  ],
};
const monthly: AnalyticsSeries = [
  { period: 'Oct 2026', amount: 300 },
  { period: 'Nov 2026', amount: 170.5 },
];

it('fetches nothing without a signed-in user, and fetches as soon as one arrives', async () => {
  const store = makeStore();
  renderPage(store);
  expect(screen.getByText('Loading analytics...')).toBeInTheDocument();
  expect(Object.keys(store.getState().api.queries)).toEqual([]);

  act(() => {
    store.dispatch(signedIn(user));
  });
  expect(Object.keys(store.getState().api.queries).length).toBeGreaterThan(0);
  expect(screen.getByText('Loading analytics...')).toBeInTheDocument();

  // Nothing listens at the configured API host: the failure is shown in red and logged.
  const alert = await screen.findByText('Error: Cannot reach the Tally server. Check your connection.');
  expect(alert).toHaveStyle({ color: makeTheme('light').palette.error.main });
  expect(consoleErrors).toContain('Cannot reach the Tally server. Check your connection.');
});

it('shows the figures of the chosen range and switches back to a cached range at once', async () => {
  const store = makeStore();
  store.dispatch(signedIn(user));
  await seed(store, 'weekly', weekly, weeklyBreakdown);
  await seed(store, 'monthly', monthly);
  renderPage(store);

  expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Weekly' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'false');
  expect(tableFigures('analytics-series-table')).toEqual([
    ['Week of Nov 9', '$50.00'],
    ['Week of Nov 16', '$120.50'],
  ]);
  expect(screen.getByRole('table', { name: 'Spending per week' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Spending per week, line chart of the last 2 weeks' })).toBeInTheDocument();
  expect(screen.getByTestId('analytics-summary')).toHaveTextContent('$120.50 this week, up 141% on the same 3 days last week.');
  expect(previousFiguresShown('week')).toEqual(['vs the same 3 days last week: $50.00', 'Last week: $80.00']);
  expect(tableFigures('analytics-breakdown-table')).toEqual([
    ['Food', '$100.50'],
    ['Transportation', '$20.00'],
  ]);

  const user$ = userEvent.setup();
  await user$.click(screen.getByRole('button', { name: 'Monthly' }));
  expect(store.getState().ui.analyticsRange).toBe('monthly');
  expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
  expect(tableFigures('analytics-series-table')).toEqual([
    ['Oct 2026', '$300.00'],
    ['Nov 2026', '$170.50'],
  ]);

  // A range never fetched has its own state (here a failed fetch), never the previous range's figures.
  await user$.click(screen.getByRole('button', { name: 'Yearly' }));
  expect(screen.queryByTestId('analytics-series-table')).not.toBeInTheDocument();
  await screen.findByText('Error: Cannot reach the Tally server. Check your connection.');

  await user$.click(screen.getByRole('button', { name: 'Weekly' }));
  expect(tableFigures('analytics-series-table')[1]).toEqual(['Week of Nov 16', '$120.50']);
  // Each failed request (the yearly ones, the unseeded monthly breakdown) is logged; nothing else is.
  expect(unexpectedErrors().length).toBeGreaterThan(0);
  expect(new Set(unexpectedErrors())).toEqual(new Set(['Cannot reach the Tally server. Check your connection.']));
});

it('says so when the range has no rows', async () => {
  const store = makeStore();
  store.dispatch(signedIn(user));
  await seed(store, 'weekly', []);
  renderPage(store);
  expect(screen.getByText('No data available for the selected period')).toBeInTheDocument();
  expect(screen.queryByRole('img')).not.toBeInTheDocument();
});

it('shows no flat line of zeros for an account without receipts', async () => {
  const store = makeStore();
  store.dispatch(signedIn(user));
  await seed(store, 'weekly', [
    { period: 'Nov 9', amount: 0 },
    { period: 'Nov 16', amount: 0 },
  ]);
  renderPage(store);
  expect(screen.getByText('No data available for the selected period')).toBeInTheDocument();
  expect(screen.queryByRole('img')).not.toBeInTheDocument();
});

it('says when nothing was spent this period and leaves out a comparison with nothing', async () => {
  const store = makeStore();
  store.dispatch(signedIn(user));
  await seed(
    store,
    'weekly',
    [
      { period: 'Nov 9', amount: 12 },
      { period: 'Nov 16', amount: 0 },
    ],
    {
      current: {
        period: 'Nov 16',
        total: 0,
        previous_period: 'Nov 9',
        previous_total: 0,
        previous_days: 2,
        previous_period_total: 12,
        previous_period_days: 7,
        change_pct: null,
      },
      categories: [],
    },
  );
  renderPage(store);
  expect(screen.getByTestId('analytics-summary')).toHaveTextContent(/^\$0\.00 this week\.$/);
  expect(screen.getByText('Nothing spent this week yet.')).toBeInTheDocument();
  expect(tableFigures('analytics-series-table')).toEqual([
    ['Week of Nov 9', '$12.00'],
    ['Week of Nov 16', '$0.00'],
  ]);
  expect(unexpectedErrors()).toEqual([]);
});

it('gives no percentage on a refund-sized base, and shows the amounts compared with instead', async () => {
  const store = makeStore();
  store.dispatch(signedIn(user));
  await seed(
    store,
    'weekly',
    [
      { period: 'Nov 23', amount: 1304.75 },
      { period: 'Nov 30', amount: 54.82 },
    ],
    {
      current: {
        period: 'Nov 30',
        total: 54.82,
        previous_period: 'Nov 23',
        previous_total: -15.84,
        previous_days: 2,
        previous_period_total: 1304.75,
        previous_period_days: 7,
        change_pct: null,
      },
      categories: [{ category: 'Food', color: '#F97316', amount: 54.82 }],
    },
  );
  renderPage(store);
  expect(screen.getByTestId('analytics-summary')).toHaveTextContent(/^\$54\.82 this week\.$/);
  expect(screen.queryByText(/%/)).not.toBeInTheDocument();
  expect(previousFiguresShown('week')).toEqual(['vs the same 2 days last week: -$15.84', 'Last week: $1,304.75']);
  expect(unexpectedErrors()).toEqual([]);
});

it('compares the 1st of a month with the same 1 day of the last one and shows the whole last month', async () => {
  const store = makeStore();
  store.dispatch(signedIn(user));
  store.dispatch(analyticsRangeSet('monthly'));
  await seed(
    store,
    'monthly',
    [
      { period: 'Nov 2026', amount: 3046.71 },
      { period: 'Dec 2026', amount: 24.82 },
    ],
    {
      current: {
        period: 'Dec 2026',
        total: 24.82,
        previous_period: 'Nov 2026',
        previous_total: 120,
        previous_days: 1,
        previous_period_total: 3046.71,
        previous_period_days: 30,
        change_pct: -79.3,
      },
      categories: [{ category: 'Food', color: '#F97316', amount: 24.82 }],
    },
  );
  renderPage(store);
  expect(screen.getByTestId('analytics-summary')).toHaveTextContent('$24.82 this month, down 79.3% on the same 1 day last month.');
  expect(previousFiguresShown('month')).toEqual(['vs the same 1 day last month: $120.00', 'November: $3,046.71']);
  expect(unexpectedErrors()).toEqual([]);
});

it('shows the whole previous period once when the same days are all of it, in dark mode too', async () => {
  const store = makeStore();
  store.dispatch(signedIn(user));
  store.dispatch(analyticsRangeSet('yearly'));
  await seed(store, 'yearly', [{ period: '2026', amount: 3071.53 }], {
    current: {
      period: '2026',
      total: 3071.53,
      previous_period: '2025',
      previous_total: 2500,
      previous_days: 365,
      previous_period_total: 2500,
      previous_period_days: 365,
      change_pct: 22.9,
    },
    categories: [{ category: 'Food', color: '#F97316', amount: 3071.53 }],
  });
  render(
    <Provider store={store}>
      <ThemeProvider theme={makeTheme('dark')}>
        <AnalyticsPage />
      </ThemeProvider>
    </Provider>,
  );
  expect(screen.getByTestId('analytics-summary')).toHaveTextContent('$3,071.53 this year, up 22.9% on last year.');
  expect(previousFiguresShown('year')).toEqual(['2025: $2,500.00']);
  expect(screen.getByText('2025: $2,500.00')).toHaveStyle({ color: makeTheme('dark').palette.text.secondary });
  expect(unexpectedErrors()).toEqual([]);
});
