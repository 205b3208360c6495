import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { CategoryWithSpending } from '../src/shared/categories';
import type { Receipt } from '../src/shared/receipts';
import { launchBrowser, screenshot, SCREEN_SIZES } from './support/browser';
import { apiAs, createUser, openScreen, webUrl, withSignedInPage } from './support/session';
import { calendarDay, helperOf, useColorScheme } from './support/screens';

/**
 * Issue 52 end to end, from a real photo: a receipt with items from the US train set (copied to a
 * temporary folder at test time; the data set never enters the repository) is scanned, each
 * field says why it was read so, one item is moved to a category of its own, and the category
 * budgets and the Prices screen follow.
 */
const DATASET = path.resolve(__dirname, '../../shared/datasets/us-receipts-train');
const RECEIPT = '1006-receipt';
const ITEM = 'Sushi Deluxe';
const SCAN_TIMEOUT = 60_000;

let workDir: string;
let photo: string;
let browser: Browser;
beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-scan-items-e2e-'));
  photo = path.join(workDir, `${RECEIPT}.jpg`);
  fs.copyFileSync(path.join(DATASET, `${RECEIPT}.jpg`), photo);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

/** The review form's item row whose name is `name`. */
async function itemRow(form: Locator, name: string): Promise<Locator> {
  const rows = form.getByRole('group', { name: /^Item \d+$/ });
  for (let i = 0; i < (await rows.count()); i++) {
    if ((await rows.nth(i).getByLabel('Item name').inputValue()) === name) return rows.nth(i);
  }
  throw new Error(`no item named ${name} among ${await rows.count()} rows`);
}

const spentIn = async (user: Parameters<typeof apiAs>[0], name: string) =>
  (await apiAs<CategoryWithSpending[]>(user, 'GET', '/categories')).find((c) => c.name === name)!.spent;

const card = (page: Page, name: string) => page.getByTestId('category-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe.each(SCREEN_SIZES)('on %s', (label, viewport) => {
  it('scans a photo with items, says why each field was read, and counts a recategorised item in its own category and on Prices', async () => {
    const user = await createUser('Rita Receipts');
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      await openScreen(page, '/receipts/scan', 'Scan Receipt');
      await page.locator('input[type="file"]').setInputFiles(photo);
      const form = page.getByRole('form', { name: 'Review receipt' });
      await form.waitFor({ timeout: SCAN_TIMEOUT });

      // Each field says why it was read so.
      expect(await helperOf(form.getByLabel('Store'))).toMatch(/^Store: /);
      expect(await helperOf(form.locator('input[type="date"]'))).toMatch(/^Date: printed as \S+/);
      expect(await helperOf(form.getByLabel('Total'))).toMatch(/^Total: /);
      const total = Number(await form.getByLabel('Total').inputValue());
      expect(total).toBe(93.58);

      // The items were read with their prices; one moves to a category of its own.
      const sushi = await itemRow(form, ITEM);
      expect(Number(await sushi.getByLabel('Price').inputValue())).toBe(20.75);
      await sushi.getByRole('combobox', { name: 'Item category' }).click();
      await page.getByRole('option', { name: 'Entertainment' }).click();
      // Counted this month, so that the budgets below show it whatever today is.
      await form.locator('input[type="date"]').fill(calendarDay(0));
      await form.getByLabel('Store').fill('Akira');
      await screenshot(page, `scan-items-review-${label}`);
      await form.getByRole('button', { name: 'Save Receipt' }).click();
      await page.waitForURL(webUrl('/receipts'));

      // The item counts in its own category with its part of the tax; the rest stays in Food.
      const [saved] = await apiAs<Receipt[]>(user, 'GET', '/receipts');
      const lines = saved.items.reduce((sum, i) => sum + i.price * i.quantity, 0);
      const entertainment = await spentIn(user, 'Entertainment');
      const food = await spentIn(user, 'Food');
      expect(entertainment).toBeGreaterThan(20.75);
      expect(Math.abs(entertainment - (20.75 * total) / lines)).toBeLessThanOrEqual(0.01);
      expect(Math.round((entertainment + food) * 100)).toBe(Math.round(total * 100));

      await openScreen(page, '/categories', 'Categories');
      await card(page, 'Entertainment')
        .getByText(`$${entertainment.toFixed(2)}`)
        .waitFor();
      await card(page, 'Food')
        .getByText(`$${food.toFixed(2)}`)
        .waitFor();
      await screenshot(page, `scan-items-budgets-${label}`);

      // Prices knows the item from the scan.
      await openScreen(page, '/prices', 'Prices');
      await page.getByRole('combobox', { name: 'Item' }).fill('sushi');
      await page.getByRole('option', { name: ITEM }).click();
      await page
        .getByRole('table', { name: `${ITEM} by store` })
        .getByRole('rowheader', { name: 'Akira' })
        .waitFor();
      await screenshot(page, `scan-items-prices-${label}`);
      await useColorScheme(page, 'dark');
      await screenshot(page, `scan-items-prices-dark-${label}`);
    });
    // A real scan on a loaded machine.
  }, 180_000);
});
