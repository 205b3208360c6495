import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newZoomedPage, screenshot, withContext, withPage, DESKTOP, PHONE } from './support/browser';
import { apiAs, openScreen, signInThroughUi, createUser, type E2EUser } from './support/session';
import { expectNoA11yViolations } from './support/screens';
import type { Receipt } from '../src/shared/receipts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const today = new Date().toISOString().slice(0, 10);
const statement = (rows: string[]) => Buffer.from(['Date,Description,Amount,Currency', ...rows].join('\r\n'));
const EARLIER = [`${today},NETFLIX.COM,-15.99,EUR`, `${today},CAFE CENTRAL,-4.50,EUR`];
const LATER = [...EARLIER, `${today},KEDAI KOPI SDN BHD,-45.60,MYR`, `${today},TESCO,-20.00,EUR`];

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();

async function chooseStatement(page: Page, name: string, rows: string[]) {
  await openScreen(page, '/import', 'Import a statement');
  await page.getByTestId('statement-input').setInputFiles({ name, mimeType: 'text/csv', buffer: statement(rows) });
}

async function confirmImport(page: Page, result: string) {
  await page.getByRole('button', { name: 'Confirm import' }).click();
  await page.getByRole('heading', { name: 'Import finished' }).waitFor();
  await page.getByText(result).waitFor();
}

describe('currencies and a bank statement', () => {
  let user: E2EUser;
  beforeAll(async () => {
    user = await createUser('Mei Abroad');
  });

  it('counts a receipt in ringgit in euros, imports a statement that links it, and sums home amounts', async () => {
    await withPage(browser, DESKTOP, async ({ page }) => {
      await signInThroughUi(page, user);

      // Settings → Currencies: a new home currency (nothing to convert yet), then a rate to it.
      await openScreen(page, '/settings', 'Settings');
      await page.getByRole('combobox', { name: 'Home currency' }).fill('EUR');
      await page.getByRole('option', { name: /^EUR/ }).click();
      await page.getByRole('dialog', { name: 'Change your home currency to EUR?' }).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Change to EUR' }).click();
      await toast(page, 'Home currency changed to EUR');
      await page.getByRole('button', { name: 'Add a rate' }).click();
      const rates = page.getByRole('form', { name: 'Exchange rates' });
      await rates.getByRole('combobox', { name: 'Currency' }).fill('MYR');
      await page.getByRole('option', { name: /^MYR/ }).click();
      await rates.getByLabel('EUR for 1').fill('0.2');
      await rates.getByLabel('Valid from').fill('2020-01-01');
      await rates.getByRole('button', { name: 'Save rates' }).click();
      await toast(page, 'Rates saved');
      expect(await apiAs(user, 'GET', '/api/currency-rates')).toEqual([{ currency: 'MYR', rate: 0.2, valid_from: '2020-01-01' }]);
      await expectNoA11yViolations(page);
      await screenshot(page, 'currencies-settings-desktop');

      // A receipt in ringgit, converted at the table's rate.
      await openScreen(page, '/receipts/add', 'Add Transaction');
      await page.getByLabel('Store').fill('Kedai Kopi');
      await page.getByLabel('Date').fill(today);
      await page.getByRole('combobox', { name: 'Currency' }).fill('MYR');
      await page.getByRole('option', { name: /^MYR/ }).click();
      await page.getByLabel(/^Amount/).fill('45.60');
      // Left empty, the rate is the table's for the day, and the form says what that makes at home.
      await page.getByText(`Your rate for ${today}: 0.2. Comes to €9.12`).waitFor();
      await screenshot(page, 'currencies-receipt-form-desktop');
      await page.getByRole('button', { name: 'Save Receipt' }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/add'));
      await openScreen(page, '/receipts', 'Receipts');
      await page.getByText('RM\u00a045.60 · €9.12').first().waitFor();

      // The first statement: columns confirmed once, two rows added.
      await chooseStatement(page, 'bank-october.csv', EARLIER);
      await page.getByRole('heading', { name: 'Map the columns' }).waitFor();
      await page.getByRole('button', { name: 'Show the preview' }).click();
      await page.getByRole('heading', { name: 'Check the preview' }).waitFor();
      await confirmImport(page, '2 receipts added, 0 rows linked to saved receipts, 0 rows skipped.');

      // The next one of the same bank: the columns are remembered; old rows skipped, the ringgit row linked, one added.
      await chooseStatement(page, 'bank-november.csv', LATER);
      await page.getByRole('heading', { name: 'Check the preview' }).waitFor();
      await page.getByRole('tab', { name: 'Already imported (2)' }).waitFor();
      await page.getByRole('tab', { name: 'Matches (1)' }).click();
      await page.getByRole('table', { name: 'Rows that match a saved receipt' }).getByText('Kedai Kopi', { exact: true }).waitFor();
      await expectNoA11yViolations(page);
      await screenshot(page, 'import-preview-desktop');
      await confirmImport(page, '1 receipt added, 1 row linked to saved receipts, 2 rows skipped.');

      const receipts = await apiAs<Receipt[]>(user, 'GET', '/receipts');
      expect(receipts.map((r) => [r.store, r.amount, r.currency, r.home_amount, r.imported]).sort()).toEqual([
        ['CAFE CENTRAL', 4.5, 'EUR', 4.5, true],
        ['Kedai Kopi', 45.6, 'MYR', 9.12, false],
        ['NETFLIX.COM', 15.99, 'EUR', 15.99, true],
        ['TESCO', 20, 'EUR', 20, true],
      ]);

      // The dashboard sums home amounts: €9.12 + €15.99 + €4.50 + €20.00.
      await openScreen(page, '/', 'Dashboard');
      await page.getByText('€49.61').first().waitFor();
      await screenshot(page, 'currencies-dashboard-desktop');
    });
  });

  it('shows both amounts and the statement screen at phone size, in dark mode and at 200% zoom', async () => {
    await withPage(browser, PHONE, async (phone) => {
      await signInThroughUi(phone.page, user);
      await openScreen(phone.page, '/receipts', 'Receipts');
      await phone.page.getByText('RM\u00a045.60 · €9.12').first().waitFor();
      await screenshot(phone.page, 'currencies-receipts-phone');
      await chooseStatement(phone.page, 'bank-november.csv', LATER);
      await phone.page.getByRole('tab', { name: 'Already imported (4)' }).waitFor();
      await expectNoA11yViolations(phone.page);
      await screenshot(phone.page, 'import-preview-phone');
    });

    await withPage(browser, DESKTOP, async (dark) => {
      await dark.page.emulateMedia({ colorScheme: 'dark' });
      await signInThroughUi(dark.page, user);
      await openScreen(dark.page, '/settings', 'Settings');
      await dark.page.getByRole('form', { name: 'Exchange rates' }).waitFor();
      await expectNoA11yViolations(dark.page);
      await screenshot(dark.page, 'currencies-settings-dark');
    });

    await withContext(newZoomedPage(browser, 2), async (zoomed) => {
      await signInThroughUi(zoomed.page, user);
      await chooseStatement(zoomed.page, 'bank-november.csv', LATER);
      await zoomed.page.getByRole('heading', { name: 'Check the preview' }).waitFor();
      await screenshot(zoomed.page, 'import-preview-zoom200');
    });
  });
});
