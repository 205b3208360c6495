import fs from 'node:fs';
import sharp from 'sharp';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Receipt } from '../src/shared/receipts';
import type { ScanReceiptResult } from '../src/shared/scan';
import { PERSONAL_PICKER_MIN_SCANS } from '../src/shared/constants/scan';
import { launchBrowser, screenshot, withContext, withPage, DESKTOP, PHONE, SCREENSHOT_DIR, SCREEN_SIZES } from './support/browser';
import { apiAs, createUser, signInThroughUi, webUrl, type E2EUser, openScreen, withSignedInPage } from './support/session';
import { seriousA11yViolations } from './support/axe';
import { expectAccessibleInBothThemes, helperOf } from './support/screens';
import { receiptPng } from '../__tests__/server/modules/scan/receiptImage';

/**
 * Real receipts from the shared data set, copied to a temporary folder at test time (the data
 * set never enters the repository). sroie-182: a flat scan of a Malaysian shop receipt, day first.
 */
const DATASET = path.resolve(__dirname, '../../shared/datasets/sroie-dev');
const RECEIPT = 'sroie-182';
let workDir: string;
let receiptJpg: string;
let corruptJpg: string;
let largeJpg: string;
let label: { company: string; date: string; total: string };
let unsureJpg: string;
let noTotalPng: string;

let browser: Browser;
beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-scan-e2e-'));
  receiptJpg = path.join(workDir, `${RECEIPT}.jpg`);
  fs.copyFileSync(path.join(DATASET, `${RECEIPT}.jpg`), receiptJpg);
  label = JSON.parse(fs.readFileSync(path.join(DATASET, `${RECEIPT}.json`), 'utf8'));
  // A photo whose upload broke off: it starts like a JPEG but cannot be decoded.
  const bytes = fs.readFileSync(receiptJpg);
  corruptJpg = path.join(workDir, 'broken-photo.jpg');
  fs.writeFileSync(corruptJpg, bytes.subarray(0, Math.floor(bytes.length * 0.3)));
  // A big phone-camera-sized photo of the same receipt (several MB).
  largeJpg = path.join(workDir, 'large-photo.jpg');
  await sharp(bytes).resize({ width: 3000 }).jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toFile(largeJpg);
  // Drawn receipts: one whose total the scanner is unsure of (no label on the amount paid, items
  // that do not add up to it) with an ambiguous date and RM, and one with no amount at all.
  unsureJpg = path.join(workDir, 'harbour-deli.png');
  fs.writeFileSync(
    unsureJpg,
    await receiptPng([
      ['HARBOUR DELI AND CO'],
      ['45 Quay Road, Portside'],
      ['Date: 03/04/2025 12:10'],
      ['Soup', '6.50'],
      ['Bread roll', '1.50'],
      ['RM', '9.00'],
    ]),
  );
  noTotalPng = path.join(workDir, 'no-total.png');
  fs.writeFileSync(noTotalPng, await receiptPng([['QUIET BOOKSHOP'], ['7 Library Lane'], ['Date: 03/04/2025'], ['Thank you for visiting']]));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

const SCAN_TIMEOUT = 60_000;

async function openScanScreen(page: Page, user: E2EUser) {
  await signInThroughUi(page, user);
  await openScreen(page, '/receipts/scan', 'Scan Receipt');
}

const chooseFile = (page: Page, file: string) => page.locator('input[type="file"]').setInputFiles(file);
const reviewForm = (page: Page) => page.getByRole('form', { name: 'Review receipt' });

/** Chooses the photo and waits for the review form with what was read. */
async function scanToReview(page: Page, file: string): Promise<Locator> {
  await chooseFile(page, file);
  const form = reviewForm(page);
  await form.waitFor({ timeout: SCAN_TIMEOUT });
  return form;
}

/** Whether the element is wholly inside the window as it is scrolled now. */
/** Saves the review form and waits for the receipts list to show the new receipt. */
async function saveToList(page: Page, form: Locator, storeName: string): Promise<void> {
  await form.getByRole('button', { name: 'Save Receipt' }).click();
  await page.waitForURL(webUrl('/receipts'));
  await page
    .getByRole('link', { name: new RegExp(`^View ${storeName} receipt`) })
    .first()
    .waitFor();
}

async function inViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  });
}

/** The scan stages list item with this label, and its state (done, current, next). */
const stage = (page: Page, label: string) => page.getByRole('list', { name: 'Scan stages' }).getByRole('listitem').filter({ hasText: label });

async function savedReceipt(user: E2EUser, store: string): Promise<Receipt> {
  const list = await apiAs<Receipt[]>(user, 'GET', '/receipts');
  const found = list.find((r) => r.store === store);
  if (!found) throw new Error(`no saved receipt for ${store}: ${JSON.stringify(list.map((r) => r.store))}`);
  return found;
}

describe.each(SCREEN_SIZES)('on %s', (name, viewport) => {
  it('scans a real receipt, shows what was read for review, saves the edited receipt and lists it', async () => {
    const user = await createUser('Sam Scanner');
    // These receipts print dates day first: the user says so in their settings.
    await apiAs(user, 'PUT', '/api/settings', { date_order: 'DMY' });
    await withPage(browser, viewport, async ({ page }) => {
      await openScanScreen(page, user);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `scan-empty-${name}`);

      // Choosing the photo starts the scan: no Scan click. The stages say where it is.
      await chooseFile(page, receiptJpg);
      await page.getByRole('img', { name: 'Receipt preview' }).waitFor();
      await stage(page, 'Reading text').and(page.locator('[aria-current="step"]')).waitFor();
      expect(await stage(page, 'Preparing image').getAttribute('data-state')).toBe('done');
      expect(await stage(page, 'Finding the total').getAttribute('data-state')).toBe('current');
      expect(await page.getByText('Scanning...').count()).toBe(0);
      // Cancel stays in reach while the scan runs, above the tall preview.
      expect(await inViewport(page.getByRole('button', { name: 'Cancel' }))).toBe(true);
      // No settle(): the progress bar animates until the scan ends.
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `scan-scanning-${name}.png`) });
      const form = reviewForm(page);
      await form.waitFor({ timeout: SCAN_TIMEOUT });
      // The page moves to the results when they arrive (on a phone they are below the image).
      expect(await inViewport(page.getByRole('heading', { name: 'Review receipt' }))).toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `scan-results-arrived-${name}.png`) });

      // A Malaysian receipt: the ringgit is proposed from the printed 'RM', and it asks for a rate to the home dollar.
      const totalField = form.getByLabel('Total');
      expect(await helperOf(form.getByLabel('Currency'))).toBe('Printed on the receipt: RM');
      expect(await form.getByLabel('Currency').inputValue()).toMatch(/^MYR/);
      expect(await totalField.evaluate((el) => el.closest('.MuiInputBase-root')?.textContent)).toContain('RM');
      await form.getByLabel('Rate (USD for 1 MYR)').fill('0.25');

      // What the scanner read is in the editable fields.
      const store = form.getByLabel('Store');
      const total = form.getByLabel('Total');
      expect((await store.inputValue()).trim()).not.toBe('');
      expect(Number(await total.inputValue())).toBe(Number(label.total));
      expect(await form.locator('input[type="date"]').inputValue()).toBe('2018-02-22');
      expect(await form.getByRole('combobox', { name: 'Category', exact: true }).textContent()).toContain('Food');
      // Each field says why it was read so, under the field, where a screen reader reads it with the field.
      expect(await helperOf(store)).toMatch(/^Store: /);
      expect(await helperOf(form.locator('input[type="date"]'))).toMatch(/^Date: printed as \S+/);
      expect(await helperOf(total)).toMatch(/^Total: (labelled \S|.* to it)/);

      // The recognised text is there, collapsed until asked for.
      await page.getByRole('button', { name: 'Recognised text' }).click();
      await page.getByLabel('Text read from the receipt').waitFor();
      expect(await page.getByLabel('Text read from the receipt').textContent()).toMatch(/BILLION/i);
      await expectAccessibleInBothThemes(page, 'scan-review', name);

      // Correct the store and its category, add an item, then save.
      const storeName = `Billion Six ${name}`;
      await store.fill(storeName);
      await form.getByRole('combobox', { name: 'Category', exact: true }).click();
      await page.getByRole('option', { name: 'Utilities' }).click();
      await form.getByRole('button', { name: 'Add item' }).click();
      const rows = form.getByRole('group', { name: /^Item \d+$/ });
      const last = rows.last();
      await last.getByLabel('Item name').fill('Hardware parts');
      await last.getByLabel('Price').fill('63.80');
      await saveToList(page, form, storeName);
      await screenshot(page, `scan-saved-list-${name}`);

      const saved = await savedReceipt(user, storeName);
      expect(saved).toMatchObject({ date: '2018-02-22', amount: Number(label.total), currency: 'MYR', rate: 0.25, category: 'Utilities' });
      expect(saved.items.some((i) => i.name === 'Hardware parts' && i.price === 63.8 && i.quantity === 1)).toBe(true);
      expect(saved.imageUrl).not.toBeNull();
      // The trust figure counts this scan: its store corrected, its date and total saved as read;
      // a scan the person's own picker can learn from, one of the few it needs first.
      expect(await apiAs(user, 'GET', '/scan/trust')).toEqual({
        scans: 1,
        store_name: 0,
        date: 1,
        total_amount: 1,
        learned: { state: 'too_few_scans', scans: 1, min_scans: PERSONAL_PICKER_MIN_SCANS },
      });

      // The next scan of this receipt proposes the name and category this person saved.
      await page.goto(webUrl('/receipts/scan'));
      const again = await scanToReview(page, receiptJpg);
      expect(await again.getByLabel('Store').inputValue()).toBe(storeName);
      expect(await again.getByRole('combobox', { name: 'Category', exact: true }).textContent()).toContain('Utilities');
      await again.getByText('Store name and category as you saved them for this store before.').waitFor();
      expect(await helperOf(again.getByLabel('Store'))).toBe('Store: as you saved it for this store before');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `scan-remembered-${name}`);
    });
    // Two real scans and both themes' checks: on a loaded machine this takes about 90 s.
  }, 180_000);

  it('after a failed scan the image stays, the receipt can be typed in and saved (an unreadable picture is not kept, and the form says so); Cancel clears', async () => {
    const user = await createUser('Fay Failure');
    await withPage(browser, viewport, async ({ page }) => {
      await openScanScreen(page, user);

      await chooseFile(page, corruptJpg);
      await page.getByRole('img', { name: 'Receipt preview' }).waitFor();
      const alert = page.getByRole('alert');
      await alert.waitFor({ timeout: SCAN_TIMEOUT });
      // Scan again and the other actions are in reach, not below the preview.
      expect(await inViewport(page.getByRole('button', { name: 'Scan' }))).toBe(true);
      // The server's own message, not a generic one.
      expect(await alert.textContent()).toMatch(/^The image could not be decoded/);
      expect(await page.getByRole('img', { name: 'Receipt preview' }).isVisible()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `scan-failed-${name}`);

      await page.getByRole('button', { name: 'Enter manually' }).click();
      await page.getByText('This picture could not be read, so it will not be kept with the receipt.').waitFor();
      const form = reviewForm(page);
      await form.getByRole('button', { name: 'Save Receipt' }).click();
      await form.getByText('Store is required').waitFor();
      await form.getByText('Total is required').waitFor();
      await screenshot(page, `scan-manual-errors-${name}`);

      const storeName = `Typed by hand ${name}`;
      await form.getByLabel('Store').fill(storeName);
      await form.getByLabel('Total').fill('7.25');
      await saveToList(page, form, storeName);
      const saved = await savedReceipt(user, storeName);
      expect(saved.amount).toBe(7.25);
      // Bytes that are no picture are never stored (the server re-encodes every photo it keeps).
      expect(saved.imageUrl).toBeNull();

      // Cancel clears the image and the results.
      await page.goto(webUrl('/receipts/scan'));
      await chooseFile(page, corruptJpg);
      await page.getByRole('button', { name: 'Enter manually' }).click();
      await reviewForm(page).getByLabel('Store').fill('Never saved');
      await reviewForm(page).getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Choose images' }).waitFor();
      expect(await page.getByRole('img', { name: 'Receipt preview' }).count()).toBe(0);
      expect(await reviewForm(page).count()).toBe(0);
      await screenshot(page, `scan-cancelled-${name}`);
    });
  });
});

it('scales a large photo down in the browser before uploading it, and still reads it', async () => {
  const original = fs.statSync(largeJpg).size;
  expect(original).toBeGreaterThan(2 * 1024 * 1024);
  const user = await createUser('Lara Large');
  await withPage(browser, DESKTOP, async ({ page }) => {
    await openScanScreen(page, user);
    const sent: number[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/scan/receipt-base64') && req.method() === 'POST') sent.push(req.postDataBuffer()?.length ?? 0);
    });
    await chooseFile(page, largeJpg);
    const preview = page.getByRole('img', { name: 'Receipt preview' });
    await preview.waitFor();
    const { src, width, height } = await preview.evaluate((img: HTMLImageElement) => ({
      src: img.src.slice(0, 30),
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    expect(src.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(Math.max(width, height)).toBeLessThanOrEqual(2400);
    await reviewForm(page).waitFor({ timeout: SCAN_TIMEOUT });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeLessThan(original);
    expect(Number(await reviewForm(page).getByLabel('Total').inputValue())).toBe(Number(label.total));
  });
});

describe('the review form says what to check first', () => {
  it('marks the field the scanner is unsure of, says the items do not add up, and re-reads the date day first', async () => {
    const user = await createUser('Una Unsure');
    // A receipt in ringgit (RM), and Una counts in ringgit.
    await apiAs(user, 'PUT', '/api/settings', { home_currency: 'MYR' });
    await withPage(browser, DESKTOP, async ({ page }) => {
      await openScanScreen(page, user);
      const form = await scanToReview(page, unsureJpg);

      // The total is marked with words, not colour alone: why it was read so, and to check it; the banner names it.
      const total = form.getByLabel('Total');
      expect(await helperOf(total)).toBe('Total: no label or sum confirms it — please check');
      await form.getByText(/^Please check (the |.* and )total: the scanner was not sure of (it|them)\.$/).waitFor();
      await form.getByText(/^The items add up to 8\.00: [\d.]+ (less|more) than the total of /).waitFor();
      // Amounts as printed, and the currency marker read from the receipt.
      expect(await helperOf(form.getByLabel('Currency'))).toBe('Printed on the receipt: RM');

      // Read month first (the user's setting); the receipt looks day first (RM).
      const date = form.locator('input[type="date"]');
      expect(await date.inputValue()).toBe('2025-03-04');
      const order = form.getByRole('combobox', { name: 'Date order' });
      expect(await helperOf(order)).toMatch(/This receipt looks day first/);
      await expectAccessibleInBothThemes(page, 'scan-unsure', 'desktop');

      await order.click();
      await page.getByRole('option', { name: 'Day first (DD/MM/YYYY)' }).click();
      await form.getByText('Date read again day first.').waitFor({ timeout: SCAN_TIMEOUT });
      expect(await date.inputValue()).toBe('2025-04-03');

      // Correcting the total clears its mark and the banners about it.
      await total.fill('8.00');
      expect(await helperOf(total)).not.toContain('please check');
      expect(await form.getByText(/the scanner was not sure/).count()).toBe(0);
      expect(await form.getByText(/The items add up to/).count()).toBe(0);
      await form.getByRole('button', { name: 'Save Receipt' }).click();
      await page.waitForURL(webUrl('/receipts'));
      const [saved] = await apiAs<Receipt[]>(user, 'GET', '/receipts');
      expect(saved).toMatchObject({ date: '2025-04-03', amount: 8 });
    });
  });

  it.each([
    ['phone', PHONE, 1],
    ['zoom-200', { width: 640, height: 400 }, 2],
  ])('on %s the marks and banners fit and the page moves to them', async (name, viewport, deviceScaleFactor) => {
    const user = await createUser('Zoe Zoom');
    const open = async () => {
      const context = await browser.newContext({ viewport, deviceScaleFactor, baseURL: process.env.E2E_WEB_URL });
      return { context, page: await context.newPage() };
    };
    await withContext(open(), async ({ page }) => {
      await openScanScreen(page, user);
      await scanToReview(page, unsureJpg);
      expect(await inViewport(page.getByRole('heading', { name: 'Review receipt' }))).toBe(true);
      // Nothing wider than the window.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `scan-unsure-${name}`);
    });
  });

  it('says at the top of the form when the total could not be read', async () => {
    const user = await createUser('Nell Nototal');
    await withPage(browser, DESKTOP, async ({ page }) => {
      await openScanScreen(page, user);
      const form = await scanToReview(page, noTotalPng);
      await form.getByText(/^The scanner could not read (the |.* and )total\. Please enter (it|them) from the receipt\.$/).waitFor();
      expect(await helperOf(form.getByLabel('Total'))).toContain('Not read: please enter it from the receipt');
      expect(await form.getByLabel('Total').inputValue()).toBe('');
      await screenshot(page, 'scan-not-read-desktop');
    });
  });
});

describe.each(SCREEN_SIZES)('the trust figure on %s', (name, viewport) => {
  it('Settings shows how often the person’s own scans were saved as read, once there are a few', async () => {
    const user = await createUser('Tess Trust');
    const image = `data:image/png;base64,${fs.readFileSync(unsureJpg).toString('base64')}`;
    // Five scans saved: the first two with the total corrected, the rest as read.
    for (let i = 0; i < 5; i++) {
      const read = await apiAs<ScanReceiptResult>(user, 'POST', '/scan/receipt-base64', { image_data: image });
      const { store_name, date, total_amount } = read.processed_data;
      await apiAs(user, 'POST', '/receipts', {
        store_name,
        date,
        total_amount: i < 2 ? 8 : total_amount,
        items: [],
        is_shared: false,
        shared_expenses: [],
        scan_read_id: read.read_id,
      });
    }
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      await openScreen(page, '/settings', 'Settings');
      const section = page.getByRole('region', { name: 'How well scanning reads your receipts' });
      const items = section.getByRole('list', { name: 'Fields saved as read' }).getByRole('listitem');
      await items.first().waitFor();
      expect(await items.allTextContents()).toEqual(['Totals right as read: 3 of 5', 'Dates right as read: 5 of 5', 'Stores right as read: 5 of 5']);
      await section.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessibleInBothThemes(page, 'settings-scan-trust', name);
    });
  });
});
