import fs from 'node:fs';
import sharp from 'sharp';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Receipt } from '../src/shared/receipts';
import { launchBrowser, newPage, screenshot, DESKTOP, PHONE, SCREENSHOT_DIR } from './support/browser';
import { apiAs, createUser, signInThroughUi, webUrl, type E2EUser } from './support/session';
import { seriousA11yViolations } from './support/axe';
import { useColorScheme } from './support/screens';

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
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

const SCAN_TIMEOUT = 60_000;

async function openScanScreen(page: Page, user: E2EUser) {
  await signInThroughUi(page, user);
  await page.goto(webUrl('/receipts/scan'));
  await page.getByRole('heading', { level: 1, name: 'Scan Receipt' }).waitFor();
}

const chooseFile = (page: Page, file: string) => page.locator('input[type="file"]').setInputFiles(file);
const reviewForm = (page: Page) => page.getByRole('form', { name: 'Review receipt' });

async function savedReceipt(user: E2EUser, store: string): Promise<Receipt> {
  const list = await apiAs<Receipt[]>(user, 'GET', '/receipts');
  const found = list.find((r) => r.store === store);
  if (!found) throw new Error(`no saved receipt for ${store}: ${JSON.stringify(list.map((r) => r.store))}`);
  return found;
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('on %s', (name, viewport) => {
  it('scans a real receipt, shows what was read for review, saves the edited receipt and lists it', async () => {
    const user = await createUser('Sam Scanner');
    // These receipts print dates day first: the user says so in their settings.
    await apiAs(user, 'PUT', '/api/settings', { date_order: 'DMY' });
    const { context, page } = await newPage(browser, viewport);
    await openScanScreen(page, user);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `scan-empty-${name}`);

    await chooseFile(page, receiptJpg);
    await page.getByRole('img', { name: 'Receipt preview' }).waitFor();
    await screenshot(page, `scan-chosen-${name}`);

    await page.getByRole('button', { name: 'Scan' }).click();
    await page.getByText('Scanning...').waitFor();
    // No settle(): the progress bar animates until the scan ends.
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `scan-scanning-${name}.png`) });
    const form = reviewForm(page);
    await form.waitFor({ timeout: SCAN_TIMEOUT });

    // What the scanner read is in the editable fields.
    const store = form.getByLabel('Store');
    const total = form.getByLabel('Total');
    expect((await store.inputValue()).trim()).not.toBe('');
    expect(Number(await total.inputValue())).toBe(Number(label.total));
    expect(await form.getByLabel('Date').inputValue()).toBe('2018-02-22');
    expect(await form.getByRole('combobox', { name: 'Category' }).textContent()).toContain('Food');

    // The recognised text is there, collapsed until asked for.
    await page.getByRole('button', { name: 'Recognised text' }).click();
    await page.getByLabel('Text read from the receipt').waitFor();
    expect(await page.getByLabel('Text read from the receipt').textContent()).toMatch(/BILLION/i);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `scan-review-${name}`);
    await useColorScheme(page, 'dark');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `scan-review-dark-${name}`);
    await useColorScheme(page, 'light');

    // Correct the store and add an item, then save.
    const storeName = `Billion Six ${name}`;
    await store.fill(storeName);
    await form.getByRole('button', { name: 'Add item' }).click();
    const rows = form.getByRole('group', { name: /^Item \d+$/ });
    const last = rows.last();
    await last.getByLabel('Item name').fill('Hardware parts');
    await last.getByLabel('Price').fill('63.80');
    await form.getByRole('button', { name: 'Save Receipt' }).click();

    await page.waitForURL(webUrl('/receipts'));
    await page.getByRole('link', { name: new RegExp(`^View ${storeName} receipt`) }).first().waitFor();
    await screenshot(page, `scan-saved-list-${name}`);

    const saved = await savedReceipt(user, storeName);
    expect(saved).toMatchObject({ date: '2018-02-22', amount: Number(label.total), category: 'Food' });
    expect(saved.items.some((i) => i.name === 'Hardware parts' && i.price === 63.8 && i.quantity === 1)).toBe(true);
    expect(saved.imageUrl).not.toBeNull();
    await context.close();
  });

  it('after a failed scan the image stays and the receipt can be typed in and saved with it; Cancel clears', async () => {
    const user = await createUser('Fay Failure');
    const { context, page } = await newPage(browser, viewport);
    await openScanScreen(page, user);

    await chooseFile(page, corruptJpg);
    await page.getByRole('img', { name: 'Receipt preview' }).waitFor();
    await page.getByRole('button', { name: 'Scan' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: SCAN_TIMEOUT });
    // The server's own message, not a generic one.
    expect(await alert.textContent()).toMatch(/^The image could not be decoded/);
    expect(await page.getByRole('img', { name: 'Receipt preview' }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `scan-failed-${name}`);

    await page.getByRole('button', { name: 'Enter manually' }).click();
    const form = reviewForm(page);
    await form.getByRole('button', { name: 'Save Receipt' }).click();
    await form.getByText('Store is required').waitFor();
    await form.getByText('Total is required').waitFor();
    await screenshot(page, `scan-manual-errors-${name}`);

    const storeName = `Typed by hand ${name}`;
    await form.getByLabel('Store').fill(storeName);
    await form.getByLabel('Total').fill('7.25');
    await form.getByRole('button', { name: 'Save Receipt' }).click();
    await page.waitForURL(webUrl('/receipts'));
    await page.getByRole('link', { name: new RegExp(`^View ${storeName} receipt`) }).first().waitFor();
    const saved = await savedReceipt(user, storeName);
    expect(saved.amount).toBe(7.25);
    expect(saved.imageUrl).not.toBeNull();

    // Cancel clears the image and the results.
    await page.goto(webUrl('/receipts/scan'));
    await chooseFile(page, receiptJpg);
    await page.getByRole('button', { name: 'Enter manually' }).click();
    await reviewForm(page).getByLabel('Store').fill('Never saved');
    await reviewForm(page).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Choose image' }).waitFor();
    expect(await page.getByRole('img', { name: 'Receipt preview' }).count()).toBe(0);
    expect(await reviewForm(page).count()).toBe(0);
    await screenshot(page, `scan-cancelled-${name}`);
    await context.close();
  });
});

it('scales a large photo down in the browser before uploading it, and still reads it', async () => {
  const original = fs.statSync(largeJpg).size;
  expect(original).toBeGreaterThan(2 * 1024 * 1024);
  const user = await createUser('Lara Large');
  const { context, page } = await newPage(browser, DESKTOP);
  await openScanScreen(page, user);
  const sent: number[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/scan/receipt-base64') && req.method() === 'POST') sent.push(req.postDataBuffer()?.length ?? 0);
  });
  await chooseFile(page, largeJpg);
  const preview = page.getByRole('img', { name: 'Receipt preview' });
  await preview.waitFor();
  const { src, width, height } = await preview.evaluate((img: HTMLImageElement) => ({ src: img.src.slice(0, 30), width: img.naturalWidth, height: img.naturalHeight }));
  expect(src.startsWith('data:image/jpeg;base64,')).toBe(true);
  expect(Math.max(width, height)).toBeLessThanOrEqual(2400);
  await page.getByRole('button', { name: 'Scan' }).click();
  await reviewForm(page).waitFor({ timeout: SCAN_TIMEOUT });
  expect(sent).toHaveLength(1);
  expect(sent[0]).toBeLessThan(original);
  expect(Number(await reviewForm(page).getByLabel('Total').inputValue())).toBe(Number(label.total));
  await context.close();
});
