import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Draft } from '../src/shared/drafts';
import type { Receipt } from '../src/shared/receipts';
import { inNarrowViews, launchBrowser, screenshot, withPage, DESKTOP } from './support/browser';
import { apiAs, createUser, openScreen, signInThroughUi, type E2EUser } from './support/session';
import { seriousA11yViolations } from './support/axe';
import { useColorScheme } from './support/screens';

/**
 * Bulk capture end to end: five real receipts from the shared data set dropped on the scan
 * screen, read in the background by the real job queue and OCR, reviewed and saved with the
 * keyboard alone, then found in the receipt list and by a word printed on one of them.
 */
jest.setTimeout(300_000);

const DATASET = path.resolve(__dirname, '../../shared/datasets/sroie-dev');
const RECEIPTS = fs
  .readdirSync(DATASET)
  .filter((f) => f.endsWith('.jpg'))
  .sort()
  .slice(0, 5);
const READ_TIMEOUT = 180_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Drops the photos on the drop zone as a person dragging them from a file manager does. */
async function dropPhotos(page: Page, names: string[]) {
  const files = names.map((name) => ({ name, base64: fs.readFileSync(path.join(DATASET, name)).toString('base64') }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: 'image/jpeg' }));
    }
    return dt;
  }, files);
  const zone = page.getByTestId('receipt-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

const states = (page: Page) => page.getByRole('list', { name: 'Receipts to review' }).getByTestId('draft-state').allTextContents();

const LABELS: Array<{ company: string; total: string }> = RECEIPTS.map((name) =>
  JSON.parse(fs.readFileSync(path.join(DATASET, name.replace(/\.jpg$/, '.json')), 'utf8')),
);

/** The label of the receipt the review form shows, found by its total or its store among what was read off the photo. */
async function labelOnScreen(page: Page, user: E2EUser): Promise<{ company: string; total: string }> {
  const src = await page.getByRole('img', { name: 'Photo of the receipt' }).getAttribute('src');
  const drafts = await apiAs<Draft[]>(user, 'GET', '/receipts/drafts');
  const draft = drafts.find((d) => new URL(d.image_url).pathname === new URL(src!).pathname);
  const text = (draft?.raw_text ?? '').toUpperCase();
  const label = LABELS.find((l) => text.includes(l.total)) ?? LABELS.find((l) => text.includes(l.company.split(' ')[0]));
  if (!label) throw new Error(`no label matches the receipt on screen: ${text.slice(0, 200)}`);
  return label;
}

/** Fills an empty required field from the keyboard (Tab order, no clicks), as a person checking the photo would. */
async function fillIfEmpty(page: Page, label: string, value: string) {
  const field = page.getByRole('form', { name: 'Review receipt' }).getByRole('textbox', { name: new RegExp(`^${label}`) });
  if ((await field.inputValue()).trim()) return;
  await field.focus();
  await page.keyboard.type(value);
}

/** A word printed on the receipt (read off it) that is not part of its store's name: what search must find. */
function printedWord(draft: Draft): string {
  const store = (draft.processed_data?.store_name ?? '').toLowerCase();
  const words = (draft.raw_text ?? '').match(/[A-Za-z]{6,}/g) ?? [];
  const word = words.find((w) => !store.includes(w.toLowerCase()) && !/total|change|amount|thank|cash|receipt|invoice/i.test(w));
  if (!word) throw new Error(`no word to search for in: ${draft.raw_text}`);
  return word;
}

async function saveAllWithTheKeyboard(page: Page, user: E2EUser): Promise<void> {
  // The first field of the first receipt: from there on the keyboard alone.
  const form = page.getByRole('form', { name: 'Review receipt' });
  await form.waitFor();
  await form.getByRole('textbox', { name: /^Store/ }).focus();
  for (let saved = 0; saved < RECEIPTS.length; saved++) {
    const label = await labelOnScreen(page, user);
    await fillIfEmpty(page, 'Store', label.company);
    await fillIfEmpty(page, 'Total', label.total);
    // Focus is in a field of the form (moved there after the last save): Enter saves and moves on.
    expect(await page.evaluate(() => document.activeElement?.closest('form')?.getAttribute('aria-labelledby'))).toBe('scan-review-heading');
    await page.keyboard.press('Enter');
    await page.waitForFunction((left) => document.querySelectorAll('[data-testid="draft-state"]').length === left, RECEIPTS.length - saved - 1, {
      timeout: 30_000,
    });
  }
}

describe('the review queue', () => {
  it('reads five dropped photos in the background, then saves them one after another with the keyboard', async () => {
    const user = await createUser('Shoebox Sam');
    // The photos are Malaysian receipts (RM), and Sam counts in ringgit.
    await apiAs(user, 'PUT', '/api/settings', { home_currency: 'MYR' });
    await apiAs(user, 'PUT', '/api/settings', { date_order: 'DMY' });
    await withPage(browser, DESKTOP, async ({ page }) => {
      await signInThroughUi(page, user);
      await openScreen(page, '/receipts/scan', 'Scan Receipt');

      await dropPhotos(page, RECEIPTS);
      await page.getByRole('heading', { name: 'Photos uploaded' }).waitFor({ timeout: 60_000 });
      await page.getByText('5 receipts are being read.').waitFor();
      await screenshot(page, 'review-uploaded-desktop');

      await page.getByRole('link', { name: 'Go to review queue' }).click();
      await page.getByRole('heading', { level: 1, name: 'Review receipts' }).waitFor();
      expect(await states(page)).toHaveLength(5);
      await screenshot(page, 'review-reading-desktop');

      // States change live, without reloading the page.
      await page.waitForFunction(
        () => [...document.querySelectorAll('[data-testid="draft-state"]')].every((e) => e.textContent === 'Ready to review'),
        undefined,
        { timeout: READ_TIMEOUT },
      );
      await page.getByTestId('review-badge').filter({ hasText: '5' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'review-ready-desktop');

      const drafts = await apiAs<Draft[]>(user, 'GET', '/receipts/drafts');
      const searched = drafts[0];
      const word = printedWord(searched);

      await saveAllWithTheKeyboard(page, user);
      await page.getByText('Nothing to review.', { exact: false }).waitFor();
      expect(await page.getByTestId('review-badge').count()).toBe(0);

      const receipts = await apiAs<Receipt[]>(user, 'GET', '/receipts');
      expect(receipts).toHaveLength(5);
      expect(receipts.every((r) => r.imageUrl)).toBe(true);
      expect(await apiAs<Draft[]>(user, 'GET', '/receipts/drafts')).toEqual([]);

      // In the list, and found by a word printed on the receipt (not its store's name).
      await openScreen(page, '/receipts', 'Receipts');
      await page.getByLabel('Search by store or description').fill(word);
      const rows = page.getByRole('main').getByText(searched.processed_data?.store_name ?? '', { exact: false });
      await rows.first().waitFor({ timeout: 15_000 });
      const found = await apiAs<Receipt[]>(user, 'GET', `/receipts?search=${encodeURIComponent(word)}`);
      expect(found.length).toBeGreaterThanOrEqual(1);
    });
  });

  it('shows the queue on a phone, in dark mode and at 200% zoom', async () => {
    const user = await createUser('Phone Pat');
    await apiAs(user, 'PUT', '/api/settings', { date_order: 'DMY' });
    await withPage(browser, DESKTOP, async (seed) => {
      await signInThroughUi(seed.page, user);
      await openScreen(seed.page, '/receipts/scan', 'Scan Receipt');
      await dropPhotos(seed.page, RECEIPTS.slice(0, 3));
      await seed.page.getByRole('heading', { name: 'Photos uploaded' }).waitFor({ timeout: 60_000 });
    });

    await inNarrowViews(browser, async (name, { page }) => {
      await signInThroughUi(page, user);
      await openScreen(page, '/receipts/review', 'Review receipts');
      await page.waitForFunction(
        () => [...document.querySelectorAll('[data-testid="draft-state"]')].every((e) => e.textContent === 'Ready to review'),
        undefined,
        { timeout: READ_TIMEOUT },
      );
      await page.getByRole('form', { name: 'Review receipt' }).waitFor();
      // Nothing wider than the screen but the list of receipts, which scrolls sideways on its own.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `review-ready-${name}`);
      if (name === 'phone') {
        await useColorScheme(page, 'dark');
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'review-ready-phone-dark');
      }
    });
  });
});
