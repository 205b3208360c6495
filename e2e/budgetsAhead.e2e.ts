import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newZoomedPage, screenshot, withContext, DESKTOP, PHONE } from './support/browser';
import { apiAs, createUser, openScreen, signInThroughUi, withSignedInPage, type E2EUser } from './support/session';
import { calendarDay, expectNoA11yViolations, useColorScheme } from './support/screens';
import { addDays, addMonths, calendarParts, daysInMonth, endOfMonth } from '../src/shared/calendar';
import type { Dashboard } from '../src/shared/dashboard';
import type { Notification } from '../src/shared/notifications';
import type { RecurringSeries } from '../src/shared/recurring';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The same day `months` earlier, or that month's last day where it is shorter. */
function monthsBefore(date: string, months: number): string {
  const first = addMonths(date, -months);
  const [y, m] = calendarParts(first);
  return `${first.slice(0, 8)}${String(Math.min(calendarParts(date)[2], daysInMonth(y, m))).padStart(2, '0')}`;
}

const today = calendarDay(0);
const monthEnd = endOfMonth(today);
/** The bill comes tomorrow when that is still this month (on a month's last day, next month). */
const billDay = addDays(today, 1);
const billThisMonth = billDay <= monthEnd;

const GROCERIES = [95.3, 241.7, 133.2, 309.9];

/** Three months of history: a $15.49 streaming bill every month and groceries most weeks; $20 spent today. */
async function threeMonthsOfHistory(user: E2EUser): Promise<void> {
  for (const k of [3, 2, 1]) {
    await apiAs(user, 'POST', '/receipts', { store: 'Streamly', date: monthsBefore(billDay, k), amount: 15.49, category: 'Entertainment' });
    const monthStart = addMonths(today, -k);
    // Never the same amount in the same week of two months: shopping, not a bill.
    for (const [i, day] of [2, 9, 16, 23].entries())
      await apiAs(user, 'POST', '/receipts', {
        store: 'Green Grocer',
        date: addDays(monthStart, day),
        amount: GROCERIES[(i + k) % GROCERIES.length],
        category: 'Food',
      });
  }
  await apiAs(user, 'POST', '/receipts', { store: 'Green Grocer', date: today, amount: 20, category: 'Food' });
}

const seriesCard = (page: Page, store: string) => page.getByTestId('series-card').filter({ hasText: store });

/** The dashboard's forecast amount: this user has months of history, so there is always one. */
function forecastOf(d: Dashboard): number {
  if (d.forecast.amount === null) throw new Error('no forecast on the dashboard, though earlier months steady it');
  return d.forecast.amount;
}

describe('budgets that look ahead', () => {
  it('finds a monthly bill, confirms it, and forecasts the month with an early warning', async () => {
    const user = await createUser('Fran Forecast');
    await threeMonthsOfHistory(user);
    await withSignedInPage(browser, user, DESKTOP, async ({ page }) => {
      // The bill Tally found, with the receipts it is based on.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recurring' }).click();
      await page.getByRole('heading', { level: 1, name: 'Recurring bills' }).waitFor();
      const card = seriesCard(page, 'Streamly');
      await card.getByText(/^About \$15\.49 every month, next around /).waitFor();
      await card.getByRole('button', { name: /Based on 3 receipts/ }).click();
      expect(await card.getByRole('link').count()).toBe(3);
      expect(await page.getByTestId('series-card').filter({ hasText: 'Green Grocer' }).count()).toBe(0); // groceries are no bill
      await expectNoA11yViolations(page);
      await screenshot(page, 'recurring-found-desktop');

      await card.getByRole('button', { name: 'Confirm Streamly' }).click();
      await page.getByText('Streamly confirmed').waitFor();
      const [series] = await apiAs<RecurringSeries[]>(user, 'GET', '/recurring');
      expect(series).toMatchObject({ store: 'Streamly', status: 'confirmed', next_date: billDay });
      await screenshot(page, 'recurring-confirmed-desktop');

      // A budget this month's forecast will pass, though spending is far below 80% of it.
      const before = await apiAs<Dashboard>(user, 'GET', '/dashboard');
      expect(before.total_spent).toBe(20);
      const budget = Math.round((20 / 0.8 + forecastOf(before)) / 2);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
      await page.getByRole('button', { name: 'Set Budget' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set Monthly Budget' });
      await dialog.getByLabel('Monthly budget').fill(String(budget));
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const forecastCard = page.getByTestId('pace-forecast');
      await forecastCard
        .getByTestId('forecast-sentence')
        .getByText(/^At this pace: about \$[\d,]+ by [A-Z][a-z]{2} \d{1,2}$/)
        .waitFor();
      if (billThisMonth) {
        await forecastCard.getByTestId('forecast-bills').getByText('Includes 1 bill still to come: $15.49').waitFor();
        expect(await forecastCard.getByTestId('forecast-bill').innerText()).toContain('Streamly');
      }
      const after = await apiAs<Dashboard>(user, 'GET', '/dashboard');
      expect(after.forecast.bills.length).toBe(billThisMonth ? 1 : 0);
      expect(after.pace).not.toBeNull();

      // On a month's last day the forecast is what was spent: nothing is left to warn of.
      const titles = (await apiAs<Notification[]>(user, 'GET', '/notifications')).map((n) => n.title);
      expect(titles.includes('Budget forecast')).toBe(forecastOf(after) > budget);
      expect(titles).not.toContain('Budget warning');
      if (forecastOf(after) > budget) {
        await openScreen(page, '/notifications', 'Notifications');
        await page.getByText('Budget forecast').waitFor();
      }
      await openScreen(page, '/', 'Dashboard');
      await forecastCard.getByRole('img', { name: /^Spending so far this month by day/ }).waitFor();
      await expectNoA11yViolations(page);
      await screenshot(page, 'dashboard-forecast-desktop');
      await useColorScheme(page, 'dark');
      await expectNoA11yViolations(page);
      await screenshot(page, 'dashboard-forecast-dark-desktop');
    });

    // Phone and 200% zoom: nothing wider than the screen.
    await withSignedInPage(browser, user, PHONE, (phone) =>
      withContext(newZoomedPage(browser, 2), async (zoomed) => {
        await signInThroughUi(zoomed.page, user);
        for (const [name, p] of [
          ['phone', phone.page],
          ['zoom200', zoomed.page],
        ] as const) {
          // The chart draws when it comes on screen (below the fold on a phone).
          const card = p.getByTestId('pace-forecast');
          await card.scrollIntoViewIfNeeded();
          await card.getByRole('img', { name: /^Spending so far this month by day/ }).waitFor();
          await p.evaluate(() => window.scrollTo(0, 0)); // the whole page, with its bar at the top
          await screenshot(p, `dashboard-forecast-${name}`);
          expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(p.viewportSize()!.width);
          await openScreen(p, '/recurring', 'Recurring bills');
          await seriesCard(p, 'Streamly').waitFor();
          await screenshot(p, `recurring-${name}`);
          expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(p.viewportSize()!.width);
        }
      }),
    );
  }, 180_000);

  it('starts a category’s carry-over with the month its budget was set: last month, without one, carries nothing', async () => {
    const user = await createUser('Cary Over');
    await apiAs(user, 'POST', '/receipts', { store: 'Deli', date: addDays(addMonths(today, -1), 4), amount: 30, category: 'Food' });
    await withSignedInPage(browser, user, DESKTOP, async ({ page }) => {
      await openScreen(page, '/categories', 'Categories');
      await page.getByRole('button', { name: 'Edit Food' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Monthly budget').fill('100');
      await dialog.getByLabel('Carry over what is left to next month').check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // Last month's $30 was spent without a budget: nothing was left over from one.
      await page.getByText('Carried over: $0.00').waitFor();
      expect(await page.getByText('Carried over: +$70.00').count()).toBe(0);
      await expectNoA11yViolations(page);
      await screenshot(page, 'categories-rollover-desktop');
    });
  }, 120_000);
});
