import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot, withContext, DESKTOP, PHONE } from './support/browser';
import { apiAs, createUser, signInThroughUi, webUrl, type E2EUser } from './support/session';
import { COLOUR_RULES, seriousA11yViolations } from './support/axe';
import { calendarDay } from './support/screens';
import { BAKERY_RECEIPT } from './support/receipts';
import type { Receipt } from '../src/shared/receipts';

/**
 * Every screen in each of its states (empty, loaded, dialog open, error where a person can reach
 * one) on a desktop and on a 375 px phone, in the light and the dark theme: no serious or
 * critical axe violations (in the dark theme only the colour rules run again: nothing else differs
 * between the themes). Each test walks one screen through its states and reports every state
 * that fails, not only the first.
 */
// Each state runs axe twice and takes two screenshots: a walk takes longer than other browser tests.
jest.setTimeout(180_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Viewport = typeof DESKTOP;

async function open(viewport: Viewport): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, colorScheme: 'light', baseURL: process.env.E2E_WEB_URL });
  return { context, page: await context.newPage() };
}

/**
 * Collects the violations of each named state; the test expects none at the end. Each state is
 * checked in the light theme, then (the app follows the system's scheme as it changes) in the
 * dark one with the colour rules: nothing else differs between the themes.
 */
class Audit {
  readonly found: Record<string, string[]> = {};
  constructor(
    private kind: string,
    private size: string,
  ) {}

  async check(page: Page, state: string): Promise<void> {
    const light = await seriousA11yViolations(page);
    if (light.length) this.found[state] = light;
    await screenshot(page, `a11y-${this.kind}-${this.size}-${state}`);
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await seriousA11yViolations(page, COLOUR_RULES);
    if (dark.length) this.found[`${state} (dark)`] = dark;
    await screenshot(page, `a11y-${this.kind}-${this.size}-dark-${state}`);
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

/** A user with this month's receipts (one with items), a budget and notifications. */
async function loadedUser(): Promise<{ user: E2EUser; receipt: Receipt }> {
  const user = await createUser('Alex Access');
  await apiAs(user, 'POST', '/dashboard/budget', { amount: 300 });
  const stores: [string, number, string][] = [
    ['Green Grocer', 42.5, 'Food'],
    ['Fuel Stop', 60, 'Transportation'],
    ['Cinema', 18, 'Entertainment'],
    ['Power Co', 95.2, 'Utilities'],
    ['Shoe Shop', -25, 'Clothing'],
  ];
  for (const [i, [store, amount, category]] of stores.entries()) {
    await apiAs(user, 'POST', '/receipts', { store, amount, category, date: calendarDay(i), description: `${store} visit` });
  }
  const receipt = await apiAs<Receipt>(user, 'POST', '/receipts', { ...BAKERY_RECEIPT, date: calendarDay(0) });
  return { user, receipt };
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('on %s', (label, viewport) => {
  const phone = viewport.width < 600;

  it('the public screens: sign in, register, reset password', async () => {
    const audit = new Audit('public', label);
    await withContext(open(viewport), async ({ page }) => {
      await page.goto(webUrl('/login'));
      await heading(page, 'Sign in to your account');
      await audit.check(page, 'login');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Please fill in all fields').waitFor();
      await audit.check(page, 'login-error');
      await page.getByLabel('Email address').fill('nobody-here@example.com');
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Failed to sign in. Please check your credentials.').waitFor();
      await audit.check(page, 'login-bad-credentials');

      await page.goto(webUrl('/register'));
      await heading(page, 'Create your account');
      await audit.check(page, 'register');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Please fill in all fields').waitFor();
      await audit.check(page, 'register-error');

      await page.goto(webUrl('/reset-password'));
      await page.getByText('This password reset link is incomplete. Please request a new one.').waitFor();
      await audit.check(page, 'reset-password-incomplete-link');
      await page.goto(webUrl('/reset-password?mode=resetPassword&oobCode=not-a-real-code'));
      await page.getByText('This password reset link has expired or was already used. Please request a new one.').waitFor();
      await audit.check(page, 'reset-password-invalid-code');
    });
    expect(audit.found).toEqual({});
  });

  it('a new user: every screen empty, the 404 pages, the menus', async () => {
    const audit = new Audit('empty', label);
    const user = await createUser('Emery Empty');
    // No unread notifications either: the empty state of that screen.
    await apiAs(user, 'PUT', '/notifications/read-all');
    await withContext(open(viewport), async ({ page }) => {
      await signInThroughUi(page, user);
      await page.getByText('No transactions yet.').waitFor();
      await audit.check(page, 'dashboard');

      await page.getByRole('button', { name: 'Open user menu' }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
      await audit.check(page, 'user-menu-open');
      await page.keyboard.press('Escape');
      if (phone) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Receipts' }).waitFor();
        await audit.check(page, 'drawer-open');
        await page.keyboard.press('Escape');
      }

      await page.goto(webUrl('/receipts'));
      await page.getByText("You haven't added any receipts yet.").waitFor();
      await audit.check(page, 'receipts');
      await page.goto(webUrl('/notifications'));
      await page.getByRole('heading', { level: 2, name: 'No notifications' }).waitFor();
      await audit.check(page, 'notifications');
      await page.goto(webUrl('/analytics'));
      await heading(page, 'Analytics');
      await page
        .getByText(/No data available for the selected period|Nothing spent this week yet\./)
        .first()
        .waitFor();
      await audit.check(page, 'analytics');
      await page.goto(webUrl('/receipts/scan'));
      await heading(page, 'Scan Receipt');
      await audit.check(page, 'scan');
      await page.goto(webUrl('/receipts/00000000-0000-4000-8000-000000000000'));
      await heading(page, 'Receipt not found');
      await audit.check(page, 'receipt-not-found');
      await page.goto(webUrl('/no-such-page'));
      await heading(page, 'Page not found');
      await audit.check(page, 'page-not-found');
    });
    expect(audit.found).toEqual({});
  });

  // One user with data for the three walks below, each signed in afresh in its own browser context.
  describe('a user with data: every screen loaded, its dialogs open and its form errors', () => {
    let data: { user: E2EUser; receipt: Receipt };
    beforeAll(async () => {
      data = await loadedUser();
    });
    /** A walk signed in as that user in a browser context of its own, closed even when a step fails. */
    const walk = (name: string, steps: (page: Page, audit: Audit) => Promise<void>) =>
      it(name, async () => {
        const audit = new Audit('loaded', label);
        await withContext(open(viewport), async ({ page }) => {
          await signInThroughUi(page, data.user);
          await steps(page, audit);
        });
        expect(audit.found).toEqual({});
      });

    walk('the dashboard and the receipts', async (page, audit) => {
      const { receipt } = data;

      // Dashboard, and the budget prompt with a wrong amount.
      await page.getByTestId('transaction').first().waitFor();
      await audit.check(page, 'dashboard');
      await page.getByRole('button', { name: 'Set Budget' }).click();
      const budget = page.getByRole('dialog', { name: 'Set Monthly Budget' });
      await budget.getByLabel('Monthly budget').fill('lots');
      await budget.getByRole('button', { name: 'Save' }).click();
      await budget.getByText('Budget must be a number of 0 or more with at most two decimals').waitFor();
      await audit.check(page, 'dashboard-budget-dialog');
      await page.keyboard.press('Escape');
      await budget.waitFor({ state: 'hidden' });

      // Receipts: the list, no matches, the form (empty and with errors), detail, edit, delete.
      await page.goto(webUrl('/receipts'));
      await page.getByTestId('receipt-row').first().waitFor();
      await audit.check(page, 'receipts');
      await page.goto(webUrl('/receipts?search=zzzz-nothing'));
      await page.getByText('No receipts match your search criteria.').waitFor();
      await audit.check(page, 'receipts-no-matches');
      await page.goto(webUrl('/receipts/add'));
      await heading(page, 'Add Transaction');
      await audit.check(page, 'receipt-add');
      await page.getByLabel('Date').fill('');
      await page.getByRole('button', { name: 'Save Receipt' }).click();
      await page.getByText('Store is required').waitFor();
      await audit.check(page, 'receipt-add-errors');
      await page.goto(webUrl(`/receipts/${receipt.id}`));
      await heading(page, 'Corner Bakery');
      // The items: a table, or stacked lines on a phone.
      await page.getByRole(phone ? 'list' : 'table', { name: 'Items' }).waitFor();
      await audit.check(page, 'receipt-detail');
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete receipt?' }).waitFor();
      await audit.check(page, 'receipt-delete-dialog');
      await page.keyboard.press('Escape');
      await page.goto(webUrl(`/receipts/${receipt.id}/edit`));
      await heading(page, 'Edit Receipt');
      await page.getByRole('group', { name: 'Item 1' }).waitFor();
      await audit.check(page, 'receipt-edit');
    });

    walk('categories, the profile and settings', async (page, audit) => {
      // Categories, their dialog (with an error) and the delete question.
      await page.goto(webUrl('/categories'));
      await heading(page, 'Categories');
      await page.getByTestId('category-card').first().waitFor();
      await audit.check(page, 'categories');
      await page.getByRole('button', { name: 'Add Category' }).click();
      const add = page.getByRole('dialog', { name: 'Add Category' });
      await add.getByRole('button', { name: 'Add Category' }).click();
      await add.getByText('Name is required').waitFor();
      await audit.check(page, 'category-dialog');
      await add.getByRole('button', { name: 'Cancel' }).click();
      await add.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Delete Food' }).click();
      await page.getByRole('dialog', { name: 'Delete Food?' }).waitFor();
      await audit.check(page, 'category-delete-dialog');
      await page.keyboard.press('Escape');

      // Profile (loaded, then with errors), settings and its delete question.
      await page.goto(webUrl('/profile'));
      await heading(page, 'Profile');
      await page.getByLabel('Display Name').waitFor();
      await audit.check(page, 'profile');
      await page.getByLabel('Display Name').fill('');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Display name is required').waitFor();
      await audit.check(page, 'profile-errors');
      await page.goto(webUrl('/settings'));
      await heading(page, 'Settings');
      await page.getByLabel('Follow the system').waitFor();
      await audit.check(page, 'settings');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
      await audit.check(page, 'settings-delete-dialog');
      await page.keyboard.press('Escape');
    });

    walk('notifications and analytics', async (page, audit) => {
      // Notifications (unread and read ones), analytics with figures.
      await page.goto(webUrl('/notifications'));
      await page.getByTestId('notification-card').first().waitFor();
      await audit.check(page, 'notifications');
      await page.getByRole('checkbox', { name: 'Show read notifications' }).check();
      await audit.check(page, 'notifications-with-read');
      await page.goto(webUrl('/analytics'));
      await heading(page, 'Analytics');
      await page.getByTestId('analytics-summary').waitFor();
      await audit.check(page, 'analytics');
    });
  });
});
