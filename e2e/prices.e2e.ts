import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newZoomedPage, screenshot, SCREEN_SIZES, withContext } from './support/browser';
import { apiAs, createUser, openScreen, signInThroughUi, withSignedInPage, type E2EUser } from './support/session';
import { calendarDay, expectAccessibleInBothThemes } from './support/screens';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Milk bought under three names at three stores (issue 52: one product, several names). */
async function milkBuyer(name: string): Promise<E2EUser> {
  const user = await createUser(name);
  const buy = (store: string, daysAgo: number, item: string, price: number) =>
    apiAs(user, 'POST', '/receipts', { store, date: calendarDay(daysAgo), amount: price, category: 'Food', items: [{ name: item, price }] });
  await buy('Walmart', 30, 'GV 2% MLK GAL', 3.48);
  await buy('Safeway', 12, 'MILK 2% 1GAL', 4.29);
  await buy('Corner Shop', 2, 'Milk 2%', 3.99);
  return user;
}

/** Shows one item on Prices, picked from the item search. */
async function showItem(page: Page, search: string, item: string) {
  await openScreen(page, '/prices', 'Prices');
  await page.getByRole('combobox', { name: 'Item' }).fill(search);
  await page.getByRole('option', { name: item, exact: true }).click();
  await page.getByRole('heading', { level: 2, name: item, exact: true }).waitFor();
}

/** Says the item shown is the same product as `name`, through 'Same product as…'. */
async function groupWith(page: Page, search: string, name: string) {
  await page.getByRole('combobox', { name: 'Same product as…' }).fill(search);
  await page.getByRole('option', { name, exact: true }).click();
  await page.getByRole('button', { name: 'Group', exact: true }).click();
}

describe.each(SCREEN_SIZES)('on %s', (label, viewport) => {
  it('groups two names into one product, reads the history of both, and takes a name out again', async () => {
    const user = await milkBuyer('Gus Groups');
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      await showItem(page, 'mlk', 'GV 2% MLK GAL');
      await groupWith(page, 'milk 2', 'Milk 2%');

      // The product keeps the name chosen, and its history holds both names' purchases.
      await page.getByRole('heading', { level: 2, name: 'Milk 2%', exact: true }).waitFor();
      const names = page.getByRole('list', { name: 'Names of Milk 2%' });
      await names.getByRole('button', { name: 'Not the same product: GV 2% MLK GAL' }).waitFor();
      await page.getByText('Includes 2 names:').waitFor();
      const stores = page.getByRole('table', { name: 'Milk 2% by store' });
      await stores.getByRole('rowheader', { name: 'Walmart' }).waitFor();
      await stores.getByRole('rowheader', { name: 'Corner Shop' }).waitFor();
      await page.getByText('Cheapest lately:').getByText('Walmart').waitFor();
      await page.getByRole('img', { name: 'Milk 2%: price of one at each of 2 purchases, line chart' }).waitFor();
      // The third spelling looks like it: offered, not grouped.
      await page.getByRole('list', { name: 'Maybe the same product' }).getByRole('button', { name: 'Same product as MILK 2% 1GAL' }).waitFor();
      await expectAccessibleInBothThemes(page, 'prices-product', label);

      // Listed once in the item search, with both names' purchases behind it.
      await page.getByRole('combobox', { name: 'Item' }).fill('mlk');
      await page.getByRole('option', { name: 'Milk 2%', exact: true }).waitFor();
      await page.keyboard.press('Escape');

      await names.getByRole('button', { name: 'Not the same product: GV 2% MLK GAL' }).click();
      await names.waitFor({ state: 'detached' });
      // The button went with its name; the focus is on the product, not back at 'Skip to main content'.
      await page.waitForFunction(() => document.activeElement?.tagName === 'H2' && document.activeElement.textContent === 'Milk 2%');
      await page.getByRole('img', { name: 'Milk 2%: price of one at each of 1 purchases, line chart' }).waitFor();
      await page.getByText('GV 2% MLK GAL is its own product again').waitFor();
      // Printed short ('MLK' for 'milk'), it still looks like the same product: offered, not grouped.
      await page.getByRole('list', { name: 'Maybe the same product' }).getByRole('button', { name: 'Same product as GV 2% MLK GAL' }).waitFor();
      await screenshot(page, `prices-product-undone-${label}`);
    });
  });
});

it('reads a product of two names at 200% zoom', async () => {
  const user = await milkBuyer('Zed Zoom');
  await apiAs(user, 'PUT', '/api/prices/products', { item: 'GV 2% MLK GAL', same_as: 'Milk 2%' });
  await withContext(newZoomedPage(browser, 2), async ({ page }) => {
    await signInThroughUi(page, user);
    await showItem(page, 'milk 2', 'Milk 2%');
    await page.getByRole('list', { name: 'Names of Milk 2%' }).getByText('GV 2% MLK GAL').waitFor();
    await screenshot(page, 'prices-product-zoom-200');
  });
});
