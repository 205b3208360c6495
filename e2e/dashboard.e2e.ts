import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, newZoomedPage, screenshot, withContext, DESKTOP, SCREEN_SIZES } from './support/browser';
import { apiAs, createUser, signInThroughUi, webUrl, withSignedInPage } from './support/session';
import { calendarDay, expectNoA11yViolations, useColorScheme } from './support/screens';
import type { Dashboard } from '../src/shared/dashboard';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const figure = (page: Page, label: string) => page.getByTestId(`figure-${label}`);
const budgetBar = (page: Page) => page.getByRole('progressbar', { name: 'Monthly budget used' });
const budgetBarLevel = (page: Page) => budgetBar(page).getAttribute('data-level');

/** Each figure's text fits inside its card: nothing clipped, nothing ellipsed. */
async function figuresShownInFull(page: Page): Promise<Record<string, boolean>> {
  const out: Record<string, boolean> = {};
  for (const label of ['Monthly Budget', 'Total Spent', 'Remaining']) {
    out[label] = await figure(page, label).evaluate((el) => {
      const card = el.closest('section')!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      return el.scrollWidth <= el.clientWidth + 1 && box.right <= card.right + 0.5 && box.left >= card.left - 0.5;
    });
  }
  return out;
}

describe('large figures', () => {
  const inFull = { 'Monthly Budget': true, 'Total Spent': true, Remaining: true };

  it('show in full at 640 and 900 px wide and at 200% zoom, with the budget bar amber from 80% and red past 100%', async () => {
    const user = await createUser('Figures Person');
    await apiAs(user, 'POST', '/dashboard/budget', { amount: 1_235_267.89 });
    await apiAs(user, 'POST', '/receipts', { store: 'Big Purchase', date: calendarDay(0), amount: 988_214.32 }); // 80%
    const pages = [
      ['640', () => newPage(browser, { width: 640, height: 800 })],
      ['900', () => newPage(browser, { width: 900, height: 800 })],
      ['zoom200', () => newZoomedPage(browser, 2)],
    ] as const;
    for (const [name, open] of pages) {
      await withContext(open(), async ({ page }) => {
        await signInThroughUi(page, user);
        await figure(page, 'Monthly Budget').getByText('$1,235,267.89').waitFor();
        await figure(page, 'Remaining').getByText('$247,053.57').waitFor();
        expect(await figuresShownInFull(page)).toEqual(inFull);
        expect(await budgetBarLevel(page)).toBe('warning');
        await page.getByTestId('budget-used').getByText('(80%)', { exact: false }).waitFor();
        await expectNoA11yViolations(page);
        await screenshot(page, `dashboard-figures-${name}`);
        await useColorScheme(page, 'dark');
        await screenshot(page, `dashboard-figures-dark-${name}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
      });
    }
  }, 120_000);

  it('greets with the name saved in Profile, also after signing in again', async () => {
    const user = await createUser('Before Rename');
    await withSignedInPage(browser, user, DESKTOP, async ({ page }) => {
      await page.getByText('Welcome back, Before Rename').waitFor();
      await page.goto(webUrl('/profile'));
      await page.getByLabel('Display Name').fill('After Rename');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Profile updated successfully').waitFor();
      await page.goto(webUrl('/'));
      await page.getByText('Welcome back, After Rename').waitFor();
      await page.getByRole('button', { name: 'Open user menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL(webUrl('/login'));
      await signInThroughUi(page, user);
      await page.getByText('Welcome back, After Rename').waitFor();
    });
  }, 90_000);
});

describe.each(SCREEN_SIZES)('on %s', (label, viewport) => {
  it('shows budget, spending, remaining and the five newest transactions; sets the budget through a prompt', async () => {
    const user = await createUser('Dana Dashboard');
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      // A new user: no budget, nothing spent, no transactions.
      await figure(page, 'Monthly Budget').getByText('Not set').waitFor();
      await figure(page, 'Total Spent').getByText('$0.00').waitFor();
      await page.getByText('No transactions yet.').waitFor();
      await expectNoA11yViolations(page);
      await screenshot(page, `dashboard-empty-${label}`);

      // Six receipts this month (one a refund) and one two months ago.
      const made: { store: string; amount: number; category: string }[] = [
        { store: 'Grocer', amount: 40.25, category: 'Food' },
        { store: 'Fuel Stop', amount: 55, category: 'Transportation' },
        { store: 'Cinema', amount: 18.5, category: 'Entertainment' },
        { store: 'Power Co', amount: 120, category: 'Utilities' },
        { store: 'Shoe Shop', amount: -30, category: 'Clothing' },
        { store: 'Bakery', amount: 6.75, category: 'Food' },
      ];
      await apiAs(user, 'POST', '/receipts', { store: 'Old Market', date: calendarDay(70), amount: 99, category: 'Food' });
      for (const r of made) await apiAs(user, 'POST', '/receipts', { ...r, date: calendarDay(0), description: `${r.store} visit` });
      const spent = made.reduce((s, r) => s + r.amount, 0); // 210.5

      await page.reload();
      await figure(page, 'Total Spent').getByText('$210.50').waitFor();
      expect(spent).toBeCloseTo(210.5);
      // The five newest, newest first, named by their store, with description, category, date and amount.
      const rows = page.getByTestId('transaction');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(5);
      expect(await rows.getByRole('link').allTextContents()).toEqual(['Bakery', 'Shoe Shop', 'Power Co', 'Cinema', 'Fuel Stop']);
      await rows.nth(0).getByText('Bakery visit').waitFor();
      const refund = rows.nth(1).locator('[data-direction]');
      const spending = rows.nth(0).locator('[data-direction]');
      // The direction is also said in words for screen readers (visually hidden).
      expect(await refund.textContent()).toBe('Refund $30.00');
      expect(await refund.getAttribute('data-direction')).toBe('in');
      expect(await spending.textContent()).toBe('Spent $6.75');
      expect(await spending.getAttribute('data-direction')).toBe('out');
      const [green, red] = await Promise.all([refund.evaluate((e) => getComputedStyle(e).color), spending.evaluate((e) => getComputedStyle(e).color)]);
      expect(green).toBe('rgb(21, 128, 61)');
      expect(red).toBe('rgb(185, 28, 28)');
      const [y, m, d] = calendarDay(0).split('-').map(Number);
      const shown = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
      expect(await rows.nth(0).innerText()).toContain(`Food · ${shown}`);

      // Set Budget: a prompt dialog; wrong amounts are explained and nothing is saved.
      await page.getByRole('button', { name: 'Set Budget' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set Monthly Budget' });
      await dialog.waitFor();
      await expectNoA11yViolations(page);
      for (const wrong of ['lots', '-100']) {
        await dialog.getByLabel('Monthly budget').fill(wrong);
        await dialog.getByRole('button', { name: 'Save' }).click();
        await dialog.getByText('Budget must be a number of 0 or more with at most two decimals').waitFor();
      }
      await screenshot(page, `dashboard-budget-invalid-${label}`);
      expect((await apiAs<Dashboard>(user, 'GET', '/dashboard')).budget).toBeNull();

      await dialog.getByLabel('Monthly budget').fill('200');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // Every figure follows without a reload.
      await figure(page, 'Monthly Budget').getByText('$200.00').waitFor();
      await figure(page, 'Remaining').getByText('-$10.50').waitFor();
      await page.getByText('Over budget').waitFor();
      expect(await budgetBarLevel(page)).toBe('exceeded');
      expect((await apiAs<Dashboard>(user, 'GET', '/dashboard')).budget).toBe(200);

      await page.getByRole('button', { name: 'Set Budget' }).click();
      expect(await dialog.getByLabel('Monthly budget').inputValue()).toBe('200.00');
      await dialog.getByLabel('Monthly budget').fill('1,000.50');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await figure(page, 'Remaining').getByText('$790.00').waitFor();
      await figure(page, 'Monthly Budget').getByText('$1,000.50').waitFor();
      expect(await budgetBarLevel(page)).toBe('none');
      await expectNoA11yViolations(page);
      await screenshot(page, `dashboard-loaded-${label}`);
      // Red and green amounts stay readable in dark mode too.
      await useColorScheme(page, 'dark');
      await expectNoA11yViolations(page);
      await screenshot(page, `dashboard-dark-${label}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  }, 120_000);

  it('leads to the quick actions and to a transaction', async () => {
    const user = await createUser('Quinn Quick');
    await apiAs(user, 'POST', '/receipts', { store: 'Deli', date: calendarDay(0), amount: 9.99 });
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      const go = async (name: string, path: string) => {
        await page.getByRole('link', { name }).click();
        await page.waitForURL(webUrl(path));
        await page.goBack();
        await page.waitForURL(webUrl('/'));
      };
      await go('Add Transaction', '/receipts/add');
      await go('View Reports', '/analytics');
      await go('Manage Categories', '/categories');

      await page.getByTestId('transaction').getByRole('link', { name: 'Deli' }).click();
      await page.getByRole('heading', { level: 1, name: 'Deli' }).waitFor();
    });
  }, 90_000);
});
