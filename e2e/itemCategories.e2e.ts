import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newZoomedPage, screenshot, SCREEN_SIZES, withContext } from './support/browser';
import { apiAs, createUser, openScreen, signInThroughUi, withSignedInPage } from './support/session';
import { calendarDay, useColorScheme } from './support/screens';
import type { Receipt } from '../src/shared/receipts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const card = (page: Page, name: string) => page.getByTestId('category-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe.each(SCREEN_SIZES)('on %s', (label, viewport) => {
  it('moves a category budget when one item is recategorised, and shows the item’s prices', async () => {
    const user = await createUser('Ivy Items');
    await apiAs(user, 'POST', '/receipts', {
      store: 'Safeway',
      date: calendarDay(20),
      amount: 3.99,
      category: 'Food',
      items: [{ name: 'Milk 2%', price: 3.99 }],
    });
    const receipt = await apiAs<Receipt>(user, 'POST', '/receipts', {
      store: 'Big Store',
      date: calendarDay(0),
      amount: 30,
      category: 'Food',
      items: [
        { name: 'Milk 2%', price: 4.89 },
        { name: 'Board game', price: 25.11 },
      ],
    });
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      await openScreen(page, `/receipts/${receipt.id}/edit`, 'Edit Receipt');
      const game = page.getByRole('group', { name: 'Item 2' });
      await game.getByRole('combobox', { name: 'Item category' }).click();
      await page.getByRole('option', { name: 'Entertainment' }).click();
      await screenshot(page, `item-category-edit-${label}`);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/edit'));

      await openScreen(page, '/categories', 'Categories');
      await card(page, 'Entertainment').getByText('$25.11').waitFor();
      await card(page, 'Food').getByText('$4.89').waitFor();
      await screenshot(page, `item-category-budgets-${label}`);

      await openScreen(page, '/prices', 'Prices');
      await page.getByRole('combobox', { name: 'Item' }).fill('milk');
      await page.getByRole('option', { name: 'Milk 2%' }).click();
      await page.getByText('Cheapest lately:').waitFor();
      await page.getByRole('table', { name: 'Milk 2% by store' }).getByRole('rowheader', { name: 'Safeway' }).waitFor();
      await screenshot(page, `prices-${label}`);
      await useColorScheme(page, 'dark');
      await screenshot(page, `prices-dark-${label}`);
    });
  });
});

it('reads at 200% zoom', async () => {
  const user = await createUser('Zoe Zoom');
  await apiAs(user, 'POST', '/receipts', { store: 'Safeway', date: calendarDay(3), amount: 3.99, items: [{ name: 'Milk 2%', price: 3.99 }] });
  await withContext(newZoomedPage(browser, 2), async ({ page }) => {
    await signInThroughUi(page, user);
    await openScreen(page, '/prices', 'Prices');
    await page.getByRole('combobox', { name: 'Item' }).fill('milk');
    await page.getByRole('option', { name: 'Milk 2%' }).click();
    await page.getByText('Cheapest lately:').waitFor();
    await screenshot(page, 'prices-zoom-200');
  });
});
