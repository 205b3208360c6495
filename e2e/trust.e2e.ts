import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Receipt } from '../src/shared/receipts';
import type { Draft } from '../src/shared/drafts';
import type { Category } from '../src/shared/categories';
import { launchBrowser, newZoomedPage, screenshot, withContext, withPage, DESKTOP, SCREENSHOT_DIR, type Viewport } from './support/browser';
import { apiAs, createUser, openScreen, signInThroughUi, webUrl, type E2EUser } from './support/session';
import { expectAccessibleInBothThemes, expectNoA11yViolations } from './support/screens';
import { photoFolder, uploadDraft, waitUntilAllRead, type DrawnReceipt } from './support/receiptPhotos';

/**
 * Issue 48, "Figures a person can trust", as a person meets it in the browser against the real
 * API, OCR and job queue: a scanned receipt that is an imported bank row is counted once (1), the
 * same receipt is not saved twice without a second, explicit action (4), the queue reads a
 * day-first date day first when asked (5), and a refused save on a phone is brought to where
 * the person looks (10).
 */
jest.setTimeout(180_000);

const SCAN_TIMEOUT = 60_000;
/** A phone of today (iPhone 12 to 15): the size the refused save was seen on. */
const PHONE_390: Viewport = { width: 390, height: 844 };

const photos = photoFolder('trust-e2e');
let trattoria: DrawnReceipt;
let bakery: DrawnReceipt;
let pagoh: DrawnReceipt;
let hardware: DrawnReceipt;

let browser: Browser;
beforeAll(async () => {
  // The dinner of the issue, as the restaurant prints it; the bank writes it 'TRATTORIA SAPORITO NEW YORK'.
  trattoria = await photos.draw('trattoria', [
    ['TRATTORIA SAPORITO'],
    ['12 Mulberry Street, New York'],
    ['Date: 07/01/2018 20:14'],
    ['Dinner for four', '125.99'],
    ['TOTAL', '125.99'],
  ]);
  bakery = await photos.draw('bakery', [['CORNER BAKERY'], ['3 Mill Lane'], ['Date: 03/14/2018'], ['Sourdough loaf', '8.40'], ['TOTAL', '8.40']]);
  // A Malaysian receipt: ringgit, the day first (10 March 2018).
  pagoh = await photos.draw('pagoh', [
    ['KEDAI PAGOH'],
    ['Jalan Besar, Muar'],
    ['Date: 10/03/2018'],
    ['Teh tarik', 'RM 4.00'],
    ['Roti canai', 'RM 6.00'],
    ['TOTAL', 'RM 10.00'],
  ]);
  // A long receipt: on a phone its form is several screens tall.
  hardware = await photos.draw('hardware', [
    ['HANDY HARDWARE'],
    ['88 Forge Road'],
    ['Date: 03/20/2018'],
    ['Hammer', '12.00'],
    ['Nails 200', '4.50'],
    ['Screws 100', '3.75'],
    ['Wood glue', '6.20'],
    ['Sandpaper', '2.80'],
    ['Paint brush', '5.10'],
    ['Masking tape', '3.40'],
    ['TOTAL', '37.75'],
  ]);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  photos.remove();
});

const reviewForm = (page: Page) => page.getByRole('form', { name: 'Review receipt' });
const receiptsOf = (user: E2EUser) => apiAs<Receipt[]>(user, 'GET', '/receipts');
const draftsOf = (user: E2EUser) => apiAs<Draft[]>(user, 'GET', '/receipts/drafts');

/** Chooses the photo on the single-scan screen and waits for the review form with what was read. */
async function scanToReview(page: Page, photo: DrawnReceipt): Promise<Locator> {
  await openScreen(page, '/receipts/scan', 'Scan Receipt');
  await page.locator('input[type="file"]').setInputFiles(photo.file);
  const form = reviewForm(page);
  await form.waitFor({ timeout: SCAN_TIMEOUT });
  return form;
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Whether the element is wholly inside the window and not under the fixed app bar (what is drawn at its centre is itself). */
function inSight(target: Locator) {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const inside = r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), inside, uncovered: Boolean(top && el.contains(top)) };
  });
}

describe('finding 1: a scanned receipt that is already an imported bank row', () => {
  it("offers 'Fill in the bank row'; chosen, one receipt is left and the dinner is counted once", async () => {
    const user = await createUser('Tessa Trust');
    await withPage(browser, DESKTOP, async ({ page }) => {
      await signInThroughUi(page, user);

      // The month's statement, through the import screen.
      await openScreen(page, '/import', 'Import a statement');
      const statement = ['Date,Description,Amount,Currency', '2018-07-01,TRATTORIA SAPORITO NEW YORK,-125.99,USD'].join('\r\n');
      await page.getByTestId('statement-input').setInputFiles({ name: 'july.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
      // Columns Tally only guessed are confirmed once, then the preview.
      const mapping = page.getByRole('form', { name: 'Map the columns' });
      const confirm = page.getByRole('button', { name: 'Confirm import' });
      await mapping.or(confirm).first().waitFor();
      if (await mapping.isVisible()) await mapping.getByRole('button', { name: 'Show the preview' }).click();
      await confirm.click();
      await page.getByRole('heading', { name: 'Import finished' }).waitFor();
      const [bankRow] = await receiptsOf(user);
      expect(bankRow).toMatchObject({ store: 'TRATTORIA SAPORITO NEW YORK', amount: 125.99, date: '2018-07-01', imported: true });

      // The receipt of the same dinner, scanned: read as the restaurant prints it (the OCR may run the words together).
      const form = await scanToReview(page, trattoria);
      expect(await form.getByLabel('Store').inputValue()).toMatch(/^TRATTORIA ?SAPORITO$/i);
      expect(Number(await form.getByLabel('Total').inputValue())).toBe(125.99);
      expect(await form.locator('input[type="date"]').inputValue()).toBe('2018-07-01');

      const notice = form.getByRole('status').filter({ hasText: 'This looks like the receipt of a bank row you imported' });
      await notice.waitFor();
      expect(await notice.textContent()).toContain('TRATTORIA SAPORITO NEW YORK, Jul 1, 2018, $125.99');
      const fill = notice.getByRole('button', { name: 'Fill in the bank row' });
      await expectAccessibleInBothThemes(page, 'trust-bank-row', 'desktop');

      // Save alone saves nothing: the focus moves to the choice.
      await form.getByRole('button', { name: 'Save Receipt' }).click();
      await page.waitForFunction(() => document.activeElement?.textContent === 'Fill in the bank row');
      expect(await receiptsOf(user)).toHaveLength(1);

      await fill.click();
      await page.waitForURL(webUrl('/receipts'));
      const receipts = await receiptsOf(user);
      expect(receipts).toHaveLength(1);
      // The bank row itself, filled in with the receipt (its photo too): the dinner is counted once.
      expect(receipts[0]).toMatchObject({ id: bankRow.id, amount: 125.99, date: '2018-07-01', imported: false });
      expect(receipts[0].imageUrl).not.toBeNull();
      expect(receipts.reduce((sum, r) => sum + r.home_amount, 0)).toBe(125.99);
      await page
        .getByRole('link', { name: /^View .* receipt/ })
        .first()
        .waitFor();
      expect(await page.getByRole('link', { name: /^View .* receipt/ }).count()).toBe(1);
      await screenshot(page, 'trust-bank-row-filled-desktop');
    });
  });
});

describe('finding 4: the same receipt saved twice', () => {
  it('on the single-scan screen warns and saves the second copy only on Save anyway', async () => {
    const user = await createUser('Dora Double');
    await withPage(browser, DESKTOP, async ({ page }) => {
      await signInThroughUi(page, user);
      const first = await scanToReview(page, bakery);
      expect(Number(await first.getByLabel('Total').inputValue())).toBe(8.4);
      await first.getByRole('button', { name: 'Save Receipt' }).click();
      await page.waitForURL(webUrl('/receipts'));
      expect(await receiptsOf(user)).toHaveLength(1);

      // The same photo again.
      const again = await scanToReview(page, bakery);
      const warning = again.getByRole('status').filter({ hasText: 'This looks like a receipt you already saved' });
      await warning.waitFor();
      await screenshot(page, 'trust-duplicate-scan-desktop');

      // Enter in a field, then Save: neither saves, each moves the focus to the choice.
      const anyway = warning.getByRole('button', { name: 'Save anyway' });
      await again.getByLabel('Store').focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.textContent === 'Save anyway');
      await again.getByRole('button', { name: 'Save Receipt' }).click();
      await page.waitForFunction(() => document.activeElement?.textContent === 'Save anyway');
      expect(await receiptsOf(user)).toHaveLength(1);
      expect(page.url()).toBe(webUrl('/receipts/scan'));

      // The second, explicit action: it is another purchase, saved knowingly.
      await anyway.click();
      await page.waitForURL(webUrl('/receipts'));
      expect((await receiptsOf(user)).map((r) => r.amount)).toEqual([8.4, 8.4]);
    });
  });

  it('in the review queue Enter on the warning moves to Save anyway and saves nothing; Save anyway pressed saves', async () => {
    const user = await createUser('Quinn Queue');
    await withPage(browser, DESKTOP, async ({ page }) => {
      await signInThroughUi(page, user);
      // Saved once through the single scan, then the same photo goes to the queue.
      const form = await scanToReview(page, bakery);
      await form.getByRole('button', { name: 'Save Receipt' }).click();
      await page.waitForURL(webUrl('/receipts'));
      await uploadDraft(user, bakery);

      await openScreen(page, '/receipts/review', 'Review receipts');
      await waitUntilAllRead(page, 1);
      const review = reviewForm(page);
      const warning = review.getByRole('status').filter({ hasText: 'This looks like a receipt you already saved' });
      await warning.waitFor();
      await screenshot(page, 'trust-duplicate-queue-desktop');

      await review.getByRole('textbox', { name: /^Store/ }).focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.textContent === 'Save anyway');
      // Nothing saved, the draft still waits.
      expect(await receiptsOf(user)).toHaveLength(1);
      expect(await draftsOf(user)).toHaveLength(1);

      // Enter again, now on Save anyway: the explicit second action.
      await page.keyboard.press('Enter');
      await page.getByText('Nothing to review.', { exact: false }).waitFor();
      expect(await receiptsOf(user)).toHaveLength(2);
      expect(await draftsOf(user)).toEqual([]);
    });
  });
});

describe('finding 5: a day-first date in the review queue', () => {
  it("shows the 'looks day first' hint and the order selector; day first reads 10 Mar 2018", async () => {
    const user = await createUser('Aisyah Daily');
    // She counts in ringgit, and her settings keep the default order, month first.
    await apiAs(user, 'PUT', '/api/settings', { home_currency: 'MYR' });
    await uploadDraft(user, pagoh);
    await withPage(browser, DESKTOP, async ({ page }) => {
      await signInThroughUi(page, user);
      await openScreen(page, '/receipts/review', 'Review receipts');
      await waitUntilAllRead(page, 1);
      const form = reviewForm(page);
      const date = form.locator('input[type="date"]');
      // Read month first: 3 October.
      expect(await date.inputValue()).toBe('2018-10-03');
      const order = form.getByRole('combobox', { name: 'Date order' });
      expect(await order.getAttribute('aria-describedby')).toBeTruthy();
      await form.getByText('This receipt looks day first: choose Day first to read the date again.').waitFor();
      await expectAccessibleInBothThemes(page, 'trust-day-first-queue', 'desktop');

      await order.click();
      await page.getByRole('option', { name: 'Day first (DD/MM/YYYY)' }).click();
      await form.getByText('Date read again day first.').waitFor({ timeout: SCAN_TIMEOUT });
      expect(await date.inputValue()).toBe('2018-03-10');
      await screenshot(page, 'trust-day-first-reread-desktop');

      await form.getByRole('button', { name: 'Save and next' }).click();
      await page.getByText('Nothing to review.', { exact: false }).waitFor();
      const [saved] = await receiptsOf(user);
      expect(saved).toMatchObject({ date: '2018-03-10', amount: 10, currency: 'MYR' });
      await openScreen(page, `/receipts/${saved.id}`, saved.store);
      await page.getByText('Mar 10, 2018').first().waitFor();
    });
  });

  it('shows the hint and the selector on a phone, in dark mode and at 200% zoom', async () => {
    const user = await createUser('Aisyah Phone');
    await apiAs(user, 'PUT', '/api/settings', { home_currency: 'MYR' });
    await uploadDraft(user, pagoh);
    await withPage(browser, PHONE_390, ({ page }) => look(page, 'phone'));
    await withContext(newZoomedPage(browser, 2), ({ page }) => look(page, 'zoom200'));
    async function look(page: Page, name: string) {
      await signInThroughUi(page, user);
      await openScreen(page, '/receipts/review', 'Review receipts');
      await waitUntilAllRead(page, 1);
      const hint = reviewForm(page).getByText('This receipt looks day first: choose Day first to read the date again.');
      await hint.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await expectAccessibleInBothThemes(page, 'trust-day-first-queue', name);
    }
  });
});

describe('finding 10: a refused save on a phone', () => {
  it('brings the first wrong field, then the server’s refusal, into sight and gives it the focus', async () => {
    const user = await createUser('Pia Phone');
    const gifts = await apiAs<Category>(user, 'POST', '/categories', { name: 'Gifts' });
    await withPage(browser, PHONE_390, async ({ page }) => {
      await signInThroughUi(page, user);
      const form = await scanToReview(page, hardware);
      const save = form.getByRole('button', { name: 'Save Receipt' });
      // The form is taller than the phone's screen: Save is far below the store.
      expect(await form.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(PHONE_390.height);

      // A wrong field: the store left empty, Save pressed at the bottom of the form.
      const store = form.getByLabel('Store');
      await store.fill('');
      await save.scrollIntoViewIfNeeded();
      expect((await inSight(store)).inside).toBe(false);
      await save.click();
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
      expect(await isFocused(store)).toBe(true);
      expect(await inSight(store)).toMatchObject({ inside: true, uncovered: true });
      await form.getByText('Store is required').waitFor();
      expect((await inSight(form.getByText('Store is required'))).inside).toBe(true);
      // What the phone shows (the window, not the whole page).
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'trust-refused-field-phone-window.png') });

      // A save the server refuses: the category chosen was deleted meanwhile (in another tab, say).
      await store.fill('Handy Hardware');
      await form.getByRole('combobox', { name: 'Category', exact: true }).click();
      await page.getByRole('option', { name: 'Gifts' }).click();
      await apiAs(user, 'DELETE', `/categories/${gifts._id}`);
      await save.scrollIntoViewIfNeeded();
      await save.click();
      const alert = form.getByRole('alert');
      await alert.waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'alert');
      expect(await isFocused(alert)).toBe(true);
      const seen = await inSight(alert);
      expect(seen).toMatchObject({ inside: true, uncovered: true });
      // The server's own reason, not a generic failure.
      expect(await alert.textContent()).toMatch(/category/i);
      expect(await receiptsOf(user)).toEqual([]);
      await expectNoA11yViolations(page);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'trust-refused-server-phone-window.png') });
    });
  });
});
