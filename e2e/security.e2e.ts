import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, withPage, SCREEN_SIZES } from './support/browser';
import { apiAs, createUser, signInThroughUi, webUrl } from './support/session';
import { calendarDay } from './support/screens';
import type { Category } from '../src/shared/categories';
import type { Receipt } from '../src/shared/receipts';

/**
 * Stored text is shown as text: a store named like a script and a category named like an image
 * with an onerror handler appear literally on the list, detail and dashboard, and nothing runs.
 */
const STORE = '<script>alert(1)</script>';
const CATEGORY = '<img src=x onerror=alert(1)>';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Dialogs the page opened (an alert() that ran) and elements the markup would have made. */
function watchForScripts(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

async function expectNothingInjected(page: Page, seen: { dialogs: string[] }) {
  await page.waitForTimeout(300); // an onerror handler fires after the image fails to load
  expect(seen.dialogs).toEqual([]);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.evaluate(() => Array.from(document.scripts).some((s) => s.textContent?.includes('alert(1)')))).toBe(false);
}

describe.each(SCREEN_SIZES)('on %s', (label, viewport) => {
  it('shows script-like store and category names as text on the dashboard, list and detail', async () => {
    const user = await createUser('Xavier Escape');
    const category = await apiAs<Category>(user, 'POST', '/categories', { name: CATEGORY });
    const receipt = await apiAs<Receipt>(user, 'POST', '/receipts', { store: STORE, date: calendarDay(0), amount: 12.34, category: category._id });
    await withPage(browser, viewport, async ({ page }) => {
      const seen = watchForScripts(page);
      await signInThroughUi(page, user);
      await page.getByText(STORE, { exact: true }).first().waitFor();
      expect(await page.getByText(CATEGORY, { exact: false }).first().isVisible()).toBe(true);
      await expectNothingInjected(page, seen);
      await screenshot(page, `security-xss-dashboard-${label}`);

      await page.goto(webUrl('/receipts'));
      await page.getByText(STORE, { exact: true }).first().waitFor();
      expect(await page.getByText(CATEGORY, { exact: false }).first().isVisible()).toBe(true);
      await expectNothingInjected(page, seen);
      await screenshot(page, `security-xss-list-${label}`);

      await page.goto(webUrl(`/receipts/${receipt.id}`));
      await page.getByText(STORE, { exact: true }).first().waitFor();
      expect(await page.getByText(CATEGORY, { exact: false }).first().isVisible()).toBe(true);
      await expectNothingInjected(page, seen);
      await screenshot(page, `security-xss-detail-${label}`);
    });
  });
});
