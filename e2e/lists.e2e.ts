import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newZoomedPage, screenshot, withContext, SCREEN_SIZES } from './support/browser';
import { apiAs, createUser, signInThroughUi, webUrl, withSignedInPage } from './support/session';
import { calendarDay, expectNoA11yViolations, useColorScheme } from './support/screens';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const NAV = [
  'Dashboard',
  'Receipts',
  'Scan',
  'Review',
  'Categories',
  'Recurring',
  'Reports',
  'Prices',
  'Warranties',
  'Households',
  'Notifications',
  'Profile',
  'Settings',
  'Logout',
];
const navTexts = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('listitem').allTextContents();
const rows = (page: Page) => page.getByTestId('receipt-row');

describe.each(SCREEN_SIZES)('on %s', (label, viewport) => {
  const phone = label === 'phone';

  it('lists every screen in the navigation; a click anywhere on a row opens the receipt; search ignores punctuation', async () => {
    const user = await createUser('Lou Lists');
    for (const store of ["Trader Joe's", 'Corner Deli', '7-Eleven']) await apiAs(user, 'POST', '/receipts', { store, date: calendarDay(0), amount: 12.5 });
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      if (phone) await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      expect(await navTexts(page)).toEqual(NAV);
      await expectNoA11yViolations(page);
      await screenshot(page, `navigation-${label}`);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scan', exact: true }).click();
      await page.waitForURL(webUrl('/receipts/scan'));
      // The most specific item is the current one: Scan, not Receipts.
      if (phone) await page.getByRole('button', { name: 'Open navigation' }).click();
      const current = page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]');
      await current.filter({ hasText: 'Scan' }).waitFor();
      expect(await current.allTextContents()).toEqual(['Scan']);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Receipts', exact: true }).click();
      await page.waitForURL(webUrl('/receipts'));

      // Search: 'trader joes' finds Trader Joe's.
      await rows(page).nth(2).waitFor();
      await page.getByLabel('Search by store or description').fill('trader joes');
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="receipt-row"]').length === 1);
      expect(await rows(page).first().textContent()).toContain("Trader Joe's");
      await screenshot(page, `receipts-search-punctuation-${label}`);

      // A click on the row itself (not its links) opens the receipt.
      await rows(page).first().getByText("Trader Joe's", { exact: true }).click();
      await page.getByRole('heading', { level: 1, name: "Trader Joe's" }).waitFor();
    });
  }, 90_000);

  it('accepts 1,234.56 as an amount, explains one too large, and names the item price', async () => {
    const user = await createUser('Amy Amounts');
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      await page.goto(webUrl('/receipts/add'));
      await page.getByLabel('Store').fill('Big Box');
      await page.getByLabel('Amount').fill('20,000,000');
      await page.getByRole('button', { name: 'Save Receipt' }).click();
      await page.getByText('Amount must be at most $10,000,000.00').waitFor();
      await page.getByLabel('Amount').fill('1,234.56');
      await page.getByRole('button', { name: 'Add item' }).click();
      const item = page.getByRole('group', { name: 'Item 1' });
      await item.getByLabel('Item name').fill('TV');
      await item.getByLabel('Price').fill('1,200');
      await item.getByLabel('Quantity').fill('1');
      await page.getByText('Price is for one item; the line total is price × quantity.').waitFor();
      await expectNoA11yViolations(page);
      await screenshot(page, `receipt-add-amounts-${label}`);
      await page.getByRole('button', { name: 'Save Receipt' }).click();
      await page.waitForURL(/\/receipts\/[0-9a-f-]{36}$/);
      await page.getByText('$1,234.56').first().waitFor();
      // The item price is named 'each' beside its line total (stacked lines on a phone).
      if (phone) {
        await page
          .getByRole('list', { name: 'Items' })
          .getByRole('listitem')
          .filter({ hasText: /TV\s*1 × \$1,200\.00 each\s*Line total \$1,200\.00/ })
          .waitFor();
      } else {
        await page.getByRole('columnheader', { name: 'Price each' }).waitFor();
        await page.getByRole('columnheader', { name: 'Line total' }).waitFor();
      }
      await screenshot(page, `receipt-detail-items-${label}`);
      await useColorScheme(page, 'dark');
      await screenshot(page, `receipt-detail-items-dark-${label}`);
    });
  }, 90_000);
});

it('uses cards below 800 px, so 200% zoom never splits store names mid-word or clips the actions', async () => {
  const user = await createUser('Zoe Zoom');
  await apiAs(user, 'POST', '/receipts', { store: 'Wholesome Neighbourhood Groceries', date: calendarDay(0), amount: 1234.56 });
  await withContext(newZoomedPage(browser, 2), async ({ page }) => {
    await signInThroughUi(page, user);
    await page.goto(webUrl('/receipts'));
    await rows(page).first().waitFor();
    expect(await page.getByRole('table', { name: 'Receipts' }).count()).toBe(0);
    const width = page.viewportSize()!.width;
    for (const name of [/^View Wholesome/, /^Edit Wholesome/]) {
      const box = (await rows(page).first().getByRole('link', { name }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    // Each word of the store name sits whole on a line: the name's box is wider than its longest word.
    const store = rows(page).first().getByText('Wholesome Neighbourhood Groceries', { exact: true });
    expect(await store.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectNoA11yViolations(page);
    await screenshot(page, 'receipts-zoom200');
    await useColorScheme(page, 'dark');
    await screenshot(page, 'receipts-zoom200-dark');
  });
}, 90_000);
