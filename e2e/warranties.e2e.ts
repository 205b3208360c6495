import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot, SCREEN_SIZES } from './support/browser';
import { createUser, openScreen, withSignedInPage } from './support/session';
import { calendarDay, expectAccessibleInBothThemes, useColorScheme } from './support/screens';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Opens a select by its exact name (within `scope`) and chooses an option. */
async function choose(page: Page, name: string, option: string, scope: Page | Locator = page) {
  await scope.getByRole('combobox', { name, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe.each(SCREEN_SIZES)('on %s', (label, viewport) => {
  const phone = label === 'phone';

  it('adds a receipt with a 30-day return window, reminds before it closes, and lists it under Warranties', async () => {
    const user = await createUser('Wendy Warranty');
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      await openScreen(page, '/receipts/add', 'Add Transaction');
      await page.getByLabel('Store').fill('Best Buy');
      // The e2e stack runs on the machine's clock, so the purchase goes back in time instead:
      // bought 28 days ago, its 30-day window closes in two days, inside the reminder's three.
      await page.getByLabel('Date').fill(calendarDay(28));
      await page.getByLabel('Amount').fill('89.00');
      await choose(page, 'Return by', '30 days');
      await choose(page, 'Warranty until', '1 year');
      await page.getByRole('button', { name: 'Add item' }).click();
      const item = page.getByRole('group', { name: 'Item 1' });
      await item.getByLabel('Item name').fill('Headphones');
      await item.getByLabel('Price').fill('89.00');
      await choose(page, 'Item warranty until', '2 years', item);
      await screenshot(page, `warranty-form-${label}`);
      await useColorScheme(page, 'dark');
      await screenshot(page, `warranty-form-dark-${label}`);
      await useColorScheme(page, 'light');
      await page.getByRole('button', { name: 'Save Receipt' }).click();
      await page.waitForURL(/\/receipts\/[0-9a-f-]{36}$/);
      const receiptUrl = page.url();
      await page.getByRole('heading', { level: 1, name: 'Best Buy' }).waitFor();
      await page.getByText('Return by', { exact: true }).waitFor();
      await page.getByText(/^Warranty until \w{3} \d{1,2}, \d{4}$/).waitFor(); // the item's
      await screenshot(page, `warranty-receipt-${label}`);

      // Told at once: the window closes within the reminder's days.
      await openScreen(page, '/notifications', 'Notifications');
      const reminder = page.getByTestId('notification-card').filter({ hasText: 'Return window closing' });
      await reminder.waitFor();
      expect(await reminder.textContent()).toMatch(/Return by (today|[A-Z][a-z]+day): Headphones from Best Buy \(\$89\.00\)/);

      // The list is a screen of its own in the navigation.
      if (phone) await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Warranties', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Warranties' }).waitFor();
      const returns = page.getByRole('list', { name: 'Can still be returned' });
      await returns.getByRole('heading', { name: 'Best Buy', exact: true }).waitFor();
      expect(await returns.getByText(/days? left$/).textContent()).toMatch(/^[1-3] days? left$/);
      const warranties = page.getByRole('list', { name: 'Under warranty' });
      // The item's two years end after the receipt's one: the furthest first.
      expect(await warranties.getByRole('heading').allTextContents()).toEqual(['Headphones', 'Best Buy']);
      await expectAccessibleInBothThemes(page, 'warranties', label);
      await returns.getByRole('link', { name: 'Open receipt: Best Buy' }).click();
      await page.waitForURL(receiptUrl);

      // The receipts list filters what is under warranty.
      await openScreen(page, '/receipts', 'Receipts');
      await page.getByLabel('Under warranty').click();
      await page.waitForURL(/warranty=1/);
      await page.getByTestId('receipt-row').filter({ hasText: 'Best Buy' }).first().waitFor();
      await screenshot(page, `receipts-under-warranty-${label}`);
    });
  });
});
