import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, SCREEN_SIZES } from './support/browser';
import { apiAs, createUser, webUrl, withSignedInPage } from './support/session';
import { seriousA11yViolations } from './support/axe';
import { expectAccessibleInBothThemes } from './support/screens';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Today in UTC: the receipts must fall in the server's "this month". */
const today = () => new Date().toISOString().slice(0, 10);

/** Waits until the bell says how many are unread (0: no badge). */
async function expectUnread(page: Page, count: number) {
  const name = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  // The bell in the header (the navigation has a 'Notifications' link too).
  await page.getByRole('banner').getByRole('link', { name, exact: true }).waitFor();
}

async function badgeText(page: Page): Promise<string> {
  return (await page.getByTestId('notification-badge').locator('.MuiBadge-badge').textContent()) ?? '';
}

const cards = (page: Page) => page.getByTestId('notification-card');

async function cardTitles(page: Page): Promise<string[]> {
  return (await cards(page).getByRole('heading').allTextContents()).map((t) => t.replace(/^Unread: /, ''));
}

/** The cards' titles, once the list shows exactly these (it loads and refetches asynchronously). */
async function expectCardTitles(page: Page, titles: string[]): Promise<void> {
  const deadline = Date.now() + 10_000;
  let seen = await cardTitles(page);
  while (JSON.stringify(seen) !== JSON.stringify(titles) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    seen = await cardTitles(page);
  }
  expect(seen).toEqual(titles);
}

/** Saves a receipt through the Add Transaction form (the badge must follow at once, not at the next poll). */
async function addReceiptInUi(page: Page, store: string, amount: string) {
  await page.goto(webUrl('/receipts/add'));
  await page.getByLabel('Store').fill(store);
  await page.getByLabel('Amount').fill(amount);
  await page.getByRole('button', { name: 'Save Receipt' }).click();
  await page.waitForURL(/\/receipts\/[0-9a-f-]{36}$/);
}

describe.each(SCREEN_SIZES)('on %s', (label, viewport) => {
  it('tells about receipts and the budget, and marks notifications read one by one or all at once', async () => {
    const user = await createUser('Nora Notify');
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      // A new account has the welcome tip.
      await expectUnread(page, 1);
      await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
      await page.waitForURL(webUrl('/notifications'));
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      await expectCardTitles(page, ['Welcome to Tally']);
      expect(await cards(page).first().getByRole('link').getAttribute('href')).toBe('/receipts/scan');

      // Set a budget on the dashboard, then save receipts across 80% and 100%.
      await page.goto(webUrl('/'));
      await page.getByRole('button', { name: 'Set Budget' }).click();
      const dialog = page.getByRole('dialog', { name: 'Set Monthly Budget' });
      await dialog.getByLabel('Monthly budget').fill('100');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // Receipts typed by hand are not announced: only the budget speaks up. The first already
      // crosses 80%: the month-end forecast speaks only below 80%, so whatever the day of the month
      // no 'Budget forecast' joins in.
      await addReceiptInUi(page, 'Green Grocer', '85');
      await expectUnread(page, 2); // budget warning
      await addReceiptInUi(page, 'Fuel Stop', '20');
      await expectUnread(page, 3); // budget exceeded
      // Seven manual entries in all: the bell still counts only what matters.
      for (const store of ['Deli One', 'Deli Two', 'Deli Three', 'Deli Four', 'Deli Five']) {
        await apiAs(user, 'POST', '/receipts', { store, date: today(), amount: 1 });
      }
      await page.reload();
      await expectUnread(page, 3);
      expect(await badgeText(page)).toBe('3');

      await page.getByRole('link', { name: 'Notifications, 3 unread' }).click();
      await page.waitForURL(webUrl('/notifications'));
      await cards(page).first().waitFor();
      await expectCardTitles(page, ['Budget exceeded', 'Budget warning', 'Welcome to Tally']);
      await page.getByText("You've spent $105.00 of your $100.00 budget for").waitFor();
      await page.getByText('$5.00 over.', { exact: false }).waitFor();
      await page.getByText(/You've spent \$85\.00 of your \$100\.00 budget for \w+ \d{4} \(85%\)\./).waitFor();
      // The time as spec §9 writes it.
      expect(await cards(page).first().locator('time').textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} • \d{1,2}:\d{2} (AM|PM)$/);
      // Highlighted cards keep their contrast in dark mode too.
      await expectAccessibleInBothThemes(page, 'notifications-loaded', label);

      // Receipts saved from a scan (the scan screen's payload) are announced: past nine the badge says 9+.
      for (const store of ['Cafe One', 'Cafe Two', 'Cafe Three', 'Cafe Four', 'Cafe Five', 'Cafe Six', 'Cafe Seven']) {
        await apiAs(user, 'POST', '/receipts', { store_name: store, date: today(), total_amount: 1, items: [] });
      }
      await page.reload();
      await expectUnread(page, 10);
      expect(await badgeText(page)).toBe('9+');
      await cards(page).nth(9).waitFor();
      await page.getByText('Your receipt from Cafe Seven for $1.00 was saved.').waitFor();

      // The small button marks one read without leaving; the badge follows at once.
      const warning = cards(page).filter({ hasText: 'Budget warning' });
      await warning.getByRole('button', { name: 'Mark as read: Budget warning' }).click();
      await warning.waitFor({ state: 'detached' });
      await expectUnread(page, 9);
      expect(await badgeText(page)).toBe('9');
      expect(page.url()).toBe(webUrl('/notifications'));

      // Clicking a card marks it read and follows its link.
      await cards(page).filter({ hasText: 'Cafe One' }).getByRole('link').click();
      await page.waitForURL(/\/receipts\/[0-9a-f-]{36}$/);
      await expectUnread(page, 8);
      await page.goBack();
      await page.waitForURL(webUrl('/notifications'));
      await cards(page).first().waitFor();
      expect(await cards(page).count()).toBe(8);

      // Mark all read: the empty state, and no badge.
      await page.getByRole('button', { name: 'Mark all read' }).click();
      await page.getByRole('heading', { level: 2, name: 'No notifications' }).waitFor();
      await page.getByText("You're all caught up!").waitFor();
      await expectUnread(page, 0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `notifications-empty-${label}`);

      // Show read ones: all ten, none highlighted, no mark-as-read buttons.
      await page.getByRole('checkbox', { name: 'Show read notifications' }).check();
      await cards(page).nth(9).waitFor();
      expect(await cards(page).count()).toBe(10);
      expect(await page.locator('[data-testid="notification-card"][data-unread="true"]').count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Mark as read/ }).count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `notifications-read-${label}`);
      await page.getByRole('checkbox', { name: 'Show read notifications' }).uncheck();
      await page.getByRole('heading', { level: 2, name: 'No notifications' }).waitFor();

      // Another user sees none of these.
      const other = await createUser('Otto Other');
      const theirs = await apiAs<Array<{ title: string }>>(other, 'GET', '/notifications?include_read=true');
      expect(theirs.map((n) => n.title)).toEqual(['Welcome to Tally']);
    });
  });
});
