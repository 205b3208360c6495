import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser, screenshot, withContext, DESKTOP, SCREEN_SIZES } from './support/browser';
import { apiAs, createUser, signInThroughUi, webUrl, type E2EUser, openScreen } from './support/session';
import { seriousA11yViolations } from './support/axe';
import { PERIODS_PER_RANGE, type AnalyticsRange } from '../src/shared/analytics';
import { formatMoney } from '../src/client/ui/money';
import { pointName } from '../src/client/features/analytics/analyticsText';

/** Far from UTC, so a client that forgot to send its zone would sometimes see another "today". */
const TIME_ZONE = 'Pacific/Auckland';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// ---- Calendar arithmetic of the expected figures, on plain dates (UTC midnights). ----
const DAY = 86_400_000;
function todayIn(timeZone: string): Date {
  const text = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return new Date(`${text}T00:00:00Z`);
}
const iso = (d: Date) => d.toISOString().slice(0, 10);
/** The zone's offset from UTC now, written as an offset zone: 'Pacific/Auckland' → '+13:00' in summer. */
function utcOffsetNow(timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName')?.value;
  return name === 'GMT' || !name ? '+00:00' : name.replace('GMT', '');
}
const daysBefore = (d: Date, n: number) => new Date(d.getTime() - n * DAY);
const monday = (d: Date) => daysBefore(d, (d.getUTCDay() + 6) % 7);
const monthsBefore = (d: Date, n: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, 1));

/** The label of the period a date falls in, as the spec writes them: 'Nov 16', 'Nov 2026', '2026'. */
function periodLabel(range: AnalyticsRange, d: Date): string {
  if (range === 'weekly') return monday(d).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  if (range === 'monthly') return d.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return String(d.getUTCFullYear());
}

/** The labels of the periods shown for a range, oldest first, ending with the current one. */
function periodLabels(range: AnalyticsRange, today: Date): string[] {
  const n = PERIODS_PER_RANGE[range];
  return Array.from({ length: n }, (_, i) => {
    const back = n - 1 - i;
    if (range === 'weekly') return periodLabel(range, daysBefore(today, 7 * back));
    if (range === 'monthly') return periodLabel(range, monthsBefore(today, back));
    return String(today.getUTCFullYear() - back);
  });
}

interface Spend {
  daysAgo: number;
  amount: number;
  category: string;
}

/** What the screen-reader table must hold: every period, the receipts of each summed. */
function expectedRows(range: AnalyticsRange, today: Date, spends: Spend[]): string[][] {
  return periodLabels(range, today).map((label) => {
    const sum = spends.filter((s) => periodLabel(range, daysBefore(today, s.daysAgo)) === label).reduce((t, s) => t + s.amount, 0);
    return [pointName(range, label), formatMoney(sum)];
  });
}

// ---- Reading the screen. ----
async function tableRows(page: Page, testId: string): Promise<string[][]> {
  return page
    .getByTestId(testId)
    .evaluate((table) => Array.from(table.querySelectorAll('tbody tr'), (tr) => Array.from(tr.querySelectorAll('th, td'), (c) => c.textContent ?? '')));
}

async function chooseRange(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('button', { name, exact: true, pressed: true }).waitFor();
}

/** Waits until the chart of the range is drawn (its table caption names the range). */
async function waitForRange(page: Page, unit: string): Promise<void> {
  await page.getByRole('table', { name: `Spending per ${unit}` }).waitFor({ state: 'attached' });
  await page.getByRole('img', { name: new RegExp(`^Spending per ${unit}, line chart`) }).waitFor();
}

/** Client-side navigation, as a sidebar link would do: no reload, only the lazy chunk arrives. */
async function navigateInApp(page: Page, pathname: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, pathname);
}

async function openPage(viewport: { width: number; height: number }, colorScheme: 'light' | 'dark' = 'light') {
  // Reduced motion: the charts draw at once (no Chart.js animation), so screenshots show them whole.
  const context = await browser.newContext({ viewport, timezoneId: TIME_ZONE, colorScheme, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page };
}

/** Receipts now, last week, in earlier weeks, months and years. */
const SPENDS: Spend[] = [
  { daysAgo: 0, amount: 10, category: 'Food' },
  { daysAgo: 0, amount: 5.25, category: 'Transportation' },
  { daysAgo: 7, amount: 30.5, category: 'Food' },
  { daysAgo: 20, amount: 12.75, category: 'Entertainment' },
  { daysAgo: 45, amount: 100, category: 'Utilities' },
  { daysAgo: 120, amount: 64.1, category: 'Clothing' },
  { daysAgo: 400, amount: 250, category: 'Food' },
  { daysAgo: 800, amount: 75.5, category: 'Other' },
  { daysAgo: 1200, amount: 33.33, category: 'Food' },
];

async function seedReceipts(user: E2EUser, today: Date): Promise<void> {
  for (const [i, s] of SPENDS.entries()) {
    await apiAs(user, 'POST', '/receipts', { store: `Store ${i + 1}`, date: iso(daysBefore(today, s.daysAgo)), amount: s.amount, category: s.category });
  }
}

describe.each(SCREEN_SIZES)('on %s', (label, viewport) => {
  it('shows spending per week, month and year, switching ranges from the cache', async () => {
    const user = await createUser('Avery Analytics');
    const today = todayIn(TIME_ZONE);
    await seedReceipts(user, today);
    await withContext(openPage(viewport), async ({ page }) => {
      const scripts: Response[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') scripts.push(r);
      });
      await signInThroughUi(page, user);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const firstLoad = scripts.splice(0);
      // Chart.js and the analytics screen are not part of the first page load.
      expect(firstLoad.map((r) => r.url()).filter((u) => /analytics/.test(u))).toEqual([]);
      for (const r of firstLoad) expect(await r.text()).not.toContain('doughnut');

      const analyticsRequests: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/analytics')) analyticsRequests.push(r.url());
      });
      await navigateInApp(page, '/analytics');
      await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
      await waitForRange(page, 'week');
      expect(scripts.some((r) => /\/assets\/analytics\.[0-9a-f]+\.js$/.test(r.url()))).toBe(true);
      expect((await Promise.all(scripts.map((r) => r.text()))).some((body) => body.includes('doughnut'))).toBe(true);
      // The browser's own zone goes with every request, as its UTC offset now ('+13:00').
      expect(analyticsRequests.length).toBeGreaterThan(0);
      for (const url of analyticsRequests) expect(new URL(url).searchParams.get('tz')).toBe(utcOffsetNow(TIME_ZONE));

      // Weekly first.
      expect(await page.getByRole('button', { name: 'Weekly', pressed: true }).count()).toBe(1);
      expect(await tableRows(page, 'analytics-series-table')).toEqual(expectedRows('weekly', today, SPENDS));
      // The headline names what it compares: the same days of last week so far, or all of it on a Sunday.
      const daysSoFar = ((today.getUTCDay() + 6) % 7) + 1; // Monday 1 … Sunday 7
      const compared = daysSoFar === 7 ? 'last week' : `the same ${daysSoFar} ${daysSoFar === 1 ? 'day' : 'days'} last week`;
      await page.getByTestId('analytics-summary').getByText(`$15.25 this week, down 50% on ${compared}.`).waitFor();
      expect(await page.getByRole('list', { name: 'Compared with last week' }).getByRole('listitem').allTextContents()).toEqual(
        daysSoFar === 7 ? ['Last week: $30.50'] : [`vs ${compared}: $30.50`, 'Last week: $30.50'],
      );
      expect(await tableRows(page, 'analytics-breakdown-table')).toEqual([
        ['Food', '$10.00'],
        ['Transportation', '$5.25'],
      ]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `analytics-weekly-${label}`);

      await chooseRange(page, 'Monthly');
      await waitForRange(page, 'month');
      expect(await tableRows(page, 'analytics-series-table')).toEqual(expectedRows('monthly', today, SPENDS));
      await screenshot(page, `analytics-monthly-${label}`);

      await chooseRange(page, 'Yearly');
      await waitForRange(page, 'year');
      expect(await tableRows(page, 'analytics-series-table')).toEqual(expectedRows('yearly', today, SPENDS));
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `analytics-yearly-${label}`);

      // Back to weekly: from the cache, no new request and no loading text.
      const before = analyticsRequests.length;
      await chooseRange(page, 'Weekly');
      await waitForRange(page, 'week');
      expect(await page.getByText('Loading analytics...').count()).toBe(0);
      expect(await tableRows(page, 'analytics-series-table')).toEqual(expectedRows('weekly', today, SPENDS));
      expect(analyticsRequests.length).toBe(before);

      // A reload lands straight on /analytics: the fetch waits for the session, then runs.
      await page.reload();
      await waitForRange(page, 'week');
      expect(await tableRows(page, 'analytics-series-table')).toEqual(expectedRows('weekly', today, SPENDS));
    });
  });

  it('shows a new user the empty message, not a flat line of zeros', async () => {
    const user = await createUser('Nico New');
    await withContext(openPage(viewport), async ({ page }) => {
      await signInThroughUi(page, user);
      await openScreen(page, '/analytics', 'Analytics');
      await page.getByText('No data available for the selected period').waitFor();
      expect(await page.getByRole('img', { name: /line chart/ }).count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `analytics-new-user-${label}`);
    });
  });

  it("says 'Failed to fetch analytics: 500' when the server's failure is not JSON", async () => {
    const user = await createUser('Erin Error');
    await withContext(openPage(viewport), async ({ page }) => {
      await signInThroughUi(page, user);
      // A proxy's HTML error page in place of the API's JSON.
      await page.route(/\/api\/analytics(\/breakdown)?\?/, (route) =>
        route.fulfill({ status: 500, contentType: 'text/html', body: '<html><body>Internal Server Error</body></html>' }),
      );
      await page.goto(webUrl('/analytics'));
      await page.getByRole('alert').getByText('Error: Failed to fetch analytics: 500', { exact: true }).waitFor();
      expect(await page.getByText(/SyntaxError|Unexpected token/).count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `analytics-error-${label}`);
    });
  });
});

it('reads well in dark mode', async () => {
  const user = await createUser('Dana Dark');
  const today = todayIn(TIME_ZONE);
  await seedReceipts(user, today);
  await withContext(openPage(DESKTOP, 'dark'), async ({ page }) => {
    await signInThroughUi(page, user);
    await page.goto(webUrl('/analytics'));
    await waitForRange(page, 'week');
    await chooseRange(page, 'Monthly');
    await waitForRange(page, 'month');
    await page.getByRole('img', { name: /doughnut chart/ }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'analytics-monthly-dark-desktop');
  });
});
