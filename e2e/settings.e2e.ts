import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, withPage, DESKTOP, SCREEN_SIZES } from './support/browser';
import { apiAs, apiUrl, createUser, signInThroughUi, webUrl, type E2EUser } from './support/session';
import { expectNoA11yViolations } from './support/screens';
import { emulatorSignIn } from '../scripts/testEmulator';
import type { Settings } from '../src/shared/settings';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const DARK_BACKGROUND = 'rgb(11, 17, 32)';
const LIGHT_BACKGROUND = 'rgb(248, 250, 252)';

async function openSettings(page: Page, user: E2EUser) {
  await signInThroughUi(page, user);
  // Through the user menu, as a person would find it.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await page.waitForURL(webUrl('/settings'));
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  await page.getByLabel('Follow the system').waitFor();
}

describe.each(SCREEN_SIZES)('settings on %s', (label, viewport) => {
  it('switches the theme at once, keeps it across reloads, and saves the receipt date order', async () => {
    const user = await createUser('Theo Theme');
    await withPage(browser, viewport, async ({ page }) => {
      await openSettings(page, user);
      expect(await bodyBackground(page)).toBe(LIGHT_BACKGROUND);
      await expectNoA11yViolations(page);
      await screenshot(page, `settings-${label}`);

      await page.getByLabel('Dark').check();
      await page.waitForFunction((bg) => getComputedStyle(document.body).backgroundColor === bg, DARK_BACKGROUND);
      await waitForSetting(user, (s) => s.theme === 'dark');

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      // The device's copy paints dark before the account's settings arrive.
      expect(await page.evaluate(() => localStorage.getItem('tally.theme'))).toBe('dark');
      expect(await bodyBackground(page)).toBe(DARK_BACKGROUND);
      await page.getByLabel('Dark').waitFor();
      expect(await page.getByLabel('Dark').isChecked()).toBe(true);
      await expectNoA11yViolations(page);
      await screenshot(page, `settings-dark-${label}`);

      await page.getByLabel('Day first (DD/MM/YYYY)').check();
      await toast(page, 'Receipt date order saved');
      await waitForSetting(user, (s) => s.date_order === 'DMY');

      await page.getByLabel('Light').check();
      await page.waitForFunction((bg) => getComputedStyle(document.body).backgroundColor === bg, LIGHT_BACKGROUND);
      await waitForSetting(user, (s) => s.theme === 'light');
    });
  });

  it('deletes the account after the email is typed, then signing in fails', async () => {
    const user = await createUser('Dee Delete');
    await apiAs(user, 'POST', '/receipts', { store: 'Bakery', date: '2025-01-02', amount: 4.5 });
    await withPage(browser, viewport, async ({ page }) => {
      await openSettings(page, user);

      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      const confirm = dialog.getByRole('button', { name: 'Delete my account' });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel('Your email address').fill('wrong@example.com');
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel('Your email address').fill(user.email);
      await expectNoA11yViolations(page);
      await screenshot(page, `settings-delete-dialog-${label}`);
      await confirm.click();

      await page.waitForURL(webUrl('/login'));
      await toast(page, 'Your account and all your data have been deleted');
      await screenshot(page, `settings-deleted-${label}`);

      // The identity is gone and so is the data: the old token is refused, signing in fails.
      const res = await fetch(apiUrl('/receipts'), { headers: { authorization: `Bearer ${user.token}` } });
      expect(res.status).toBe(401);
      await expect(emulatorSignIn(user.email, user.password)).rejects.toThrow();
      await page.getByLabel('Email address').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Failed to sign in. Please check your credentials.').waitFor();
    });
  });
});

/** Polls the API until the saved settings satisfy the check (saves run in the background). */
async function waitForSetting(user: E2EUser, check: (s: Settings) => boolean) {
  for (let i = 0; i < 40; i++) {
    if (check(await apiAs<Settings>(user, 'GET', '/api/settings'))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('setting was not saved');
}

describe('settings on desktop', () => {
  it('changes the password after checking the current one', async () => {
    const user = await createUser('Pat Password');
    await withPage(browser, DESKTOP, async ({ page }) => {
      await openSettings(page, user);
      const form = page.getByRole('form', { name: 'Change password' });

      await form.getByRole('button', { name: 'Change password' }).click();
      await form.getByText('Please enter your current password').waitFor();

      await form.getByLabel('Current password').fill('not-my-password');
      await form.getByLabel(/^New password/).fill('brand-new-pass');
      await form.getByLabel('Confirm new password').fill('brand-new-pass');
      await form.getByRole('button', { name: 'Change password' }).click();
      await form.getByText('The current password is incorrect.').waitFor();

      await form.getByLabel('Current password').fill(user.password);
      await form.getByLabel(/^New password/).fill('12345');
      await form.getByRole('button', { name: 'Change password' }).click();
      await form.getByText('The password must be at least 6 characters long.').waitFor();
      await screenshot(page, 'settings-password-errors');

      await form.getByLabel(/^New password/).fill('brand-new-pass');
      await form.getByLabel('Confirm new password').fill('brand-new-pass');
      await form.getByRole('button', { name: 'Change password' }).click();
      await toast(page, 'Password changed successfully');
      expect(await form.getByLabel('Current password').inputValue()).toBe('');

      await expect(emulatorSignIn(user.email, user.password)).rejects.toThrow();
      await expect(emulatorSignIn(user.email, 'brand-new-pass')).resolves.toBeTruthy();
    });
  });
});

// Every export control, at both sizes: the CSVs and the JSON as a person downloads them.
describe.each(SCREEN_SIZES)('export on %s', (label, viewport) => {
  it('downloads the receipts as CSV, the items by category as CSV and everything as JSON', async () => {
    const user = await createUser('Ezra Export');
    await apiAs(user, 'POST', '/receipts', { store: 'Joe\'s "Diner", Inc.', date: '2025-03-04', amount: 12.5, items: [{ name: 'Soup', price: 12.5 }] });
    await apiAs(user, 'POST', '/receipts', { store: '=1+2', date: '2025-03-03', amount: 3 });
    await withPage(browser, viewport, async ({ page }) => {
      await openSettings(page, user);

      const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download receipts (CSV)' }).click()]);
      expect(csv.suggestedFilename()).toMatch(/^tally-receipts-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = fs.readFileSync((await csv.path())!, 'utf8');
      const lines = text.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('ID,Date,Store,Amount,Category,Description,Payment method,Tax,Item count,Currency,Rate,Home amount');
      expect(lines[1]).toMatch(/^[0-9a-f-]{36},2025-03-04,"Joe's ""Diner"", Inc.",12.50,Other,,,,1,USD,,12.50$/);
      expect(lines[2]).toMatch(/^[0-9a-f-]{36},2025-03-03,'=1\+2,3.00,Other,,,,0,USD,,3.00$/);
      expect(lines).toHaveLength(4); // header, two rows, and the final CRLF

      // Items by category: one row per item in the category it counts in; a receipt without items is one row.
      await page.getByRole('radiogroup', { name: 'Spreadsheet (CSV) of' }).getByLabel('Items by category').check();
      const [items] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download items by category (CSV)' }).click()]);
      expect(items.suggestedFilename()).toMatch(/^tally-items-\d{4}-\d{2}-\d{2}\.csv$/);
      const itemText = fs.readFileSync((await items.path())!, 'utf8');
      const itemLines = itemText.replace(/^\uFEFF/, '').split('\r\n');
      expect(itemLines[0]).toBe('Receipt ID,Date,Store,Item,Quantity,Category,Amount,Currency,Home amount');
      expect(itemLines[1]).toBe(`${lines[1].slice(0, 36)},2025-03-04,"Joe's ""Diner"", Inc.",Soup,1,Other,12.50,USD,12.50`);
      expect(itemLines[2]).toMatch(/^[0-9a-f-]{36},2025-03-03,'=1\+2,,,Other,3.00,USD,3.00$/);
      expect(itemLines).toHaveLength(4);
      await screenshot(page, `settings-export-${label}`);

      const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download all data (JSON)' }).click()]);
      expect(json.suggestedFilename()).toMatch(/^tally-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(fs.readFileSync((await json.path())!, 'utf8'));
      expect(data.profile.email).toBe(user.email);
      expect(data.categories.length).toBeGreaterThanOrEqual(6);
      expect(data.receipts[0]).toMatchObject({ store: 'Joe\'s "Diner", Inc.', items: [{ name: 'Soup', price: 12.5, quantity: 1 }] });
    });
  });
});
