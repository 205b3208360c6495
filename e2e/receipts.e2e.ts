import sharp from 'sharp';
import type { Browser, Dialog, Page } from 'playwright-core';
import { launchBrowser, screenshot, SCREEN_SIZES } from './support/browser';
import { apiAs, createUser, webUrl, withSignedInPage } from './support/session';
import { calendarDay, expectNoA11yViolations, expectAccessibleInBothThemes } from './support/screens';
import type { Receipt } from '../src/shared/receipts';
import { BAKERY_RECEIPT } from './support/receipts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The sidebar link (inside the drawer on a phone). */
async function navigate(page: Page, name: string, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
}

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const rows = (page: Page) => page.getByTestId('receipt-row');

/** The receipt's item lines as shown: a table's rows on a desktop, stacked lines on a phone. */
async function itemLines(page: Page, phone: boolean): Promise<string[]> {
  if (phone) return page.getByRole('list', { name: 'Items' }).getByRole('listitem').allInnerTexts();
  return (await page.getByRole('table', { name: 'Items' }).getByRole('row').allInnerTexts()).slice(1);
}

/** Whether the page is wider than the window (something would need scrolling sideways). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
const rowStores = (page: Page) => rows(page).evaluateAll((els) => els.map((e) => /Shop \d+/.exec(e.textContent ?? '')?.[0]));

/** Waits until the list starts with these stores (the list refetches after each change). */
async function waitForFirstStores(page: Page, expected: string[]) {
  await page.waitForFunction((want) => {
    const got = Array.from(document.querySelectorAll('[data-testid="receipt-row"]'), (e) => /Shop \d+/.exec(e.textContent ?? '')?.[0]);
    return want.every((store, i) => got[i] === store);
  }, expected);
}

describe.each(SCREEN_SIZES)('on %s', (label, viewport) => {
  const phone = label === 'phone';

  it('adds a receipt by hand with items, views it, edits it, and deletes it', async () => {
    const user = await createUser('Riley Receipts');
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      await page.getByTestId('figure-Total Spent').getByText('$0.00').waitFor();

      await navigate(page, 'Receipts', phone);
      await page.getByText("You haven't added any receipts yet.").waitFor();
      expect(await page.getByRole('link', { name: 'Scan Receipt' }).getAttribute('href')).toBe('/receipts/scan');
      await expectNoA11yViolations(page);
      await screenshot(page, `receipts-empty-${label}`);

      // The form: required fields and two-decimal amounts are checked field by field.
      await page.getByRole('link', { name: 'Add Transaction' }).click();
      await page.waitForURL(webUrl('/receipts/add'));
      await page.getByRole('heading', { level: 1, name: 'Add Transaction' }).waitFor();
      expect(await page.getByLabel('Date').inputValue()).toBe(calendarDay(0));
      await page.getByRole('combobox', { name: 'Category', exact: true }).getByText('Other').waitFor();
      await expectNoA11yViolations(page);
      await page.getByLabel('Date').fill('');
      await page.getByRole('button', { name: 'Save Receipt' }).click();
      await page.getByText('Store is required').waitFor();
      await page.getByText('Date is required').waitFor();
      await page.getByText('Amount is required').waitFor();
      await expectNoA11yViolations(page);
      await screenshot(page, `receipts-form-errors-${label}`);

      // BAKERY_RECEIPT, typed as a person would (a third item is added and removed again).
      await page.getByLabel('Store').fill('Corner Bakery');
      await page.getByLabel('Date').fill(calendarDay(1));
      await page.getByLabel('Amount').fill('12.345');
      await page.getByText('Amount must be a number with at most two decimals').waitFor();
      await page.getByLabel('Amount').fill('12.50');
      await choose(page, 'Category', 'Food');
      await choose(page, 'Payment method', 'Credit Card');
      await page.getByLabel('Tax').fill('0.80');
      await page.getByLabel('Description').fill('Birthday cake');
      const items: [string, string, string][] = [
        ['Cake', '9.50', '1'],
        ['Candles', '1.50', '2'],
        ['Napkins', '1', '1'],
      ];
      for (const [i, [name, price, qty]] of items.entries()) {
        await page.getByRole('button', { name: 'Add item' }).click();
        const row = page.getByRole('group', { name: `Item ${i + 1}` });
        await row.getByLabel('Item name').fill(name);
        await row.getByLabel('Price').fill(price);
        await row.getByLabel('Quantity').fill(qty);
      }
      await page.getByRole('button', { name: 'Remove item 3' }).click();
      await screenshot(page, `receipts-form-filled-${label}`);
      await page.getByRole('button', { name: 'Save Receipt' }).click();

      // Saving goes to the receipt's detail.
      await page.waitForURL(/\/receipts\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop()!;
      await page.getByRole('heading', { level: 1, name: 'Corner Bakery' }).waitFor();
      // Price each, quantity and line total of every line, with nothing to scroll sideways on a phone.
      const lines = await itemLines(page, phone);
      expect(lines).toHaveLength(2);
      if (phone) {
        expect(lines[0]).toMatch(/Cake\s+1 × \$9\.50 each\s+Line total \$9\.50/);
        expect(lines[1]).toMatch(/Candles\s+2 × \$1\.50 each\s+Line total \$3\.00/);
      } else {
        expect(lines[0]).toMatch(/Cake\s+\$9\.50\s+1\s+\$9\.50/);
        expect(lines[1]).toMatch(/Candles\s+\$1\.50\s+2\s+\$3\.00/);
      }
      expect(await scrollsSideways(page)).toBe(false);
      const facts = await page.locator('dl').first().innerText();
      for (const text of ['$12.50', 'Food', 'Credit Card', '$0.80']) expect(facts).toContain(text);
      await page.getByText('Birthday cake').waitFor();
      expect(await apiAs<Receipt>(user, 'GET', `/receipts/${id}`)).toMatchObject({ ...BAKERY_RECEIPT, date: calendarDay(1) });
      await expectNoA11yViolations(page);
      await screenshot(page, `receipts-detail-${label}`);

      // Edit: the same form, filled; saving returns to the detail.
      await page.getByRole('link', { name: 'Edit' }).click();
      await page.waitForURL(webUrl(`/receipts/${id}/edit`));
      await page.getByRole('heading', { level: 1, name: 'Edit Receipt' }).waitFor();
      expect(await page.getByLabel('Store').inputValue()).toBe('Corner Bakery');
      expect(await page.getByRole('group', { name: 'Item 2' }).getByLabel('Item name').inputValue()).toBe('Candles');
      await page.getByLabel('Amount').fill('15');
      await choose(page, 'Category', 'Entertainment');
      await page.getByRole('button', { name: 'Remove item 2' }).click();
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.waitForURL(webUrl(`/receipts/${id}`));
      await page.locator('dl').first().getByText('Entertainment').waitFor();
      await page.locator('dl').first().getByText('$15.00').waitFor();
      expect(await itemLines(page, phone)).toHaveLength(1);

      // The back link, and the list shows the change without a reload.
      await page.getByRole('link', { name: 'Back to receipts' }).click();
      await page.waitForURL(webUrl('/receipts'));
      await rows(page).first().getByText('$15.00').waitFor();
      expect(await rows(page).count()).toBe(1);

      // So does the dashboard (it was loaded at sign-in).
      await navigate(page, 'Dashboard', phone);
      await page
        .getByTestId('figure-Total Spent')
        .getByText(calendarDay(1).slice(0, 7) === calendarDay(0).slice(0, 7) ? '$15.00' : '$0.00')
        .waitFor();
      // Named by its store, the description under it.
      await page.getByTestId('transaction').getByRole('link', { name: 'Corner Bakery' }).waitFor();
      await page.getByTestId('transaction').getByText('Birthday cake').waitFor();

      // Delete asks first, then returns to the list.
      await navigate(page, 'Receipts', phone);
      await rows(page)
        .first()
        .getByRole('link', { name: /^View Corner Bakery/ })
        .click();
      await page.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete receipt?' });
      await dialog.getByText('Are you sure you want to delete this receipt? This action cannot be undone.').waitFor();
      await expectNoA11yViolations(page);
      await screenshot(page, `receipts-delete-confirm-${label}`);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await page.waitForURL(webUrl('/receipts'));
      await page.getByText("You haven't added any receipts yet.").waitFor();

      // A deleted (or unknown) receipt is not found.
      await page.goto(webUrl(`/receipts/${id}`));
      await page.getByRole('heading', { level: 1, name: 'Receipt not found' }).waitFor();
      await expectNoA11yViolations(page);
    });
  }, 180_000);

  it('asks before leaving an edited form (Stay keeps the input, Leave goes), and the reload prompt; saving and Cancel do not ask', async () => {
    const user = await createUser('Gail Guard');
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      const question = page.getByRole('dialog', { name: 'Discard changes?' });
      const openAddForm = async () => {
        await navigate(page, 'Receipts', phone);
        await page.getByRole('link', { name: 'Add Transaction' }).click();
        await page.getByRole('heading', { level: 1, name: 'Add Transaction' }).waitFor();
      };

      // An untouched form lets go at once.
      await openAddForm();
      await navigate(page, 'Dashboard', phone);
      await page.waitForURL(webUrl('/'));

      await openAddForm();
      await page.getByLabel('Store').fill('Corner Shop');
      await navigate(page, 'Dashboard', phone);
      await question.getByText('You have unsaved changes. Leave this page and lose them?').waitFor();
      await expectNoA11yViolations(page);
      await screenshot(page, `receipts-discard-question-${label}`);
      await question.getByRole('button', { name: 'Stay' }).click();
      await question.waitFor({ state: 'hidden' });
      expect(page.url()).toBe(webUrl('/receipts/add'));
      expect(await page.getByLabel('Store').inputValue()).toBe('Corner Shop');

      // A reload asks through the browser's own prompt.
      const prompt = new Promise<string>((resolve) => page.once('dialog', (d: Dialog) => void d.accept().then(() => resolve(d.type()))));
      await page.reload();
      expect(await prompt).toBe('beforeunload');
      await page.getByRole('heading', { level: 1, name: 'Add Transaction' }).waitFor();

      await page.getByLabel('Store').fill('Corner Shop');
      await navigate(page, 'Dashboard', phone);
      await question.getByRole('button', { name: 'Leave' }).click();
      await page.waitForURL(webUrl('/'));
      await page.getByTestId('figure-Total Spent').waitFor();

      // Saving goes to the saved receipt without a question.
      await openAddForm();
      await page.getByLabel('Store').fill('Corner Shop');
      await page.getByLabel('Amount').fill('1,234.56');
      await page.getByRole('button', { name: 'Save Receipt' }).click();
      await page.waitForURL(/\/receipts\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { level: 1, name: 'Corner Shop' }).waitFor();
      expect(await question.count()).toBe(0);

      // So does Cancel on the edit form: it means discard.
      const detail = page.url();
      await page.getByRole('link', { name: 'Edit' }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit Receipt' }).waitFor();
      await page.getByLabel('Amount').fill('99');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL(detail);
      expect(await question.count()).toBe(0);
    });
  }, 120_000);

  it("shows the receipt's image", async () => {
    const user = await createUser('Ira Image');
    const png = await sharp({ create: { width: 240, height: 360, channels: 3, background: '#f1e7d0' } })
      .png()
      .toBuffer();
    const receipt = await apiAs<Receipt>(user, 'POST', '/receipts', {
      store: 'Hardware Store',
      date: calendarDay(0),
      amount: 42,
      items: [{ name: 'Hammer', price: 42, quantity: 1 }],
      imageData: `data:image/png;base64,${png.toString('base64')}`,
    });
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      await page.goto(webUrl(`/receipts/${receipt.id}`));
      const image = page.getByRole('img', { name: 'Receipt from Hardware Store' });
      await image.waitFor();
      await page.waitForFunction(() => (document.querySelector('img[alt="Receipt from Hardware Store"]') as HTMLImageElement | null)?.naturalWidth === 240);
      await page.locator('dl').first().getByText('Not specified').first().waitFor();
      await expectNoA11yViolations(page);
      await screenshot(page, `receipts-detail-image-${label}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // The server's reason shows when a save fails: here the chosen category was deleted meanwhile.
      await page.goto(webUrl('/receipts/add'));
      await page.getByLabel('Store').fill('Late Shop');
      await page.getByLabel('Amount').fill('3');
      await choose(page, 'Category', 'Utilities');
      const utilities = (await apiAs<{ _id: string; name: string }[]>(user, 'GET', '/categories')).find((c) => c.name === 'Utilities')!;
      await apiAs(user, 'DELETE', `/categories/${utilities._id}`);
      await page.getByRole('button', { name: 'Save Receipt' }).click();
      await page
        .getByRole('alert')
        .getByText(/^Failed to save receipt: Unknown category/)
        .waitFor();
      expect(page.url()).toBe(webUrl('/receipts/add'));
    });
  }, 90_000);

  it('searches as you type, filters by category, sorts both ways and pages through the API', async () => {
    const user = await createUser('Morgan Many');
    // 23 receipts: Shop 1 is the newest and cheapest, odd ones Food, even ones Transportation.
    await Promise.all(
      Array.from({ length: 23 }, (_, k) => k + 1).map((i) =>
        apiAs(user, 'POST', '/receipts', { store: `Shop ${i}`, date: calendarDay(i), amount: i * 1.25, category: i % 2 ? 'Food' : 'Transportation' }),
      ),
    );
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      await page.goto(webUrl('/receipts'));
      await page.getByText('1–10 of 23').waitFor();
      expect(await rowStores(page)).toEqual(['Shop 1', 'Shop 2', 'Shop 3', 'Shop 4', 'Shop 5', 'Shop 6', 'Shop 7', 'Shop 8', 'Shop 9', 'Shop 10']);
      await expectAccessibleInBothThemes(page, 'receipts-list', label);

      // Each row's Edit link opens the form.
      await rows(page)
        .first()
        .getByRole('link', { name: /^Edit Shop 1 / })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Edit Receipt' }).waitFor();
      expect(await page.getByLabel('Store').inputValue()).toBe('Shop 1');
      await page.goBack();
      await page.getByText('1–10 of 23').waitFor();

      await page.getByRole('button', { name: 'Go to next page' }).click();
      await page.getByText('11–20 of 23').waitFor();
      await waitForFirstStores(page, ['Shop 11', 'Shop 12']);
      expect(page.url()).toContain('page=2');

      // Search by store as you type (back to the first page).
      await page.getByLabel('Search by store or description').pressSequentially('shop 2', { delay: 40 });
      await page.getByText('1–5 of 5').waitFor();
      expect(await rowStores(page)).toEqual(['Shop 2', 'Shop 20', 'Shop 21', 'Shop 22', 'Shop 23']);

      // Filter: All plus the user's categories.
      await page.getByRole('combobox', { name: 'Category', exact: true }).click();
      expect(await page.getByRole('option').allTextContents()).toEqual(
        expect.arrayContaining(['All', 'Food', 'Transportation', 'Clothing', 'Entertainment', 'Utilities', 'Other']),
      );
      await page.getByRole('option', { name: 'Transportation' }).click();
      await page.getByText('1–3 of 3').waitFor();
      expect(await rowStores(page)).toEqual(['Shop 2', 'Shop 20', 'Shop 22']);

      await choose(page, 'Category', 'Clothing');
      await page.getByText('No receipts match your search criteria.').waitFor();
      await expectNoA11yViolations(page);
      await screenshot(page, `receipts-no-match-${label}`);

      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.getByText('1–10 of 23').waitFor();
      expect(await page.getByLabel('Search by store or description').inputValue()).toBe('');
      await page.getByRole('combobox', { name: 'Category', exact: true }).getByText('All').waitFor();

      // Sort by amount, highest first, then the other way.
      await choose(page, 'Sort by', 'Amount');
      await waitForFirstStores(page, ['Shop 23', 'Shop 22']);
      expect(await rows(page).first().innerText()).toContain('$28.75');
      await page.getByRole('button', { name: 'Ascending' }).click();
      await waitForFirstStores(page, ['Shop 1', 'Shop 2']);
      expect(await rows(page).first().innerText()).toContain('$1.25');

      await choose(page, 'Sort by', 'Store');
      await waitForFirstStores(page, ['Shop 1', 'Shop 10', 'Shop 11']);

      // The view lives in the address bar: a reload keeps it.
      await page.reload();
      await page.getByText('1–10 of 23').waitFor();
      expect((await rowStores(page)).slice(0, 2)).toEqual(['Shop 1', 'Shop 10']);
      expect(page.url()).toContain('sort=store');

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  }, 180_000);
});
