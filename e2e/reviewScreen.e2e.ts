import type { Browser, Locator, Page } from 'playwright-core';
import { inNarrowViews, launchBrowser, newPage, screenshot, withContext, DESKTOP } from './support/browser';
import { createUser, openScreen, signInThroughUi, type E2EUser } from './support/session';
import { expectAccessibleInBothThemes } from './support/screens';
import { photoFolder, uploadDraft, waitUntilAllRead, type DrawnReceipt } from './support/receiptPhotos';

/**
 * The review screens (single scan and queue) from the keyboard and with the photo open large:
 * the first field is a few Tabs away however many receipts wait, and the photo opens in a
 * dialog that zooms, scrolls and closes with Escape.
 */
jest.setTimeout(240_000);

const SCAN_TIMEOUT = 60_000;
const DRAFTS = 8;
/** At most this many Tabs from the screen's heading to the store field. */
const FEW_TABS = 3;

const photos = photoFolder('review-screen-e2e');
let shops: DrawnReceipt[];

let browser: Browser;
beforeAll(async () => {
  shops = await Promise.all(
    Array.from({ length: DRAFTS }, (_, i) =>
      photos.draw(`shop-${i}`, [[`CORNER SHOP ${i + 1}`], ['1 High Street'], ['Date: 03/14/2018'], ['Milk', `${i + 1}.25`], ['TOTAL', `${i + 1}.25`]]),
    ),
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  photos.remove();
});

const reviewForm = (page: Page) => page.getByRole('form', { name: 'Review receipt' });
const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab until the target has the focus; answers where each press landed (the target last). */
async function tabsTo(page: Page, target: Locator, max = 40): Promise<string[]> {
  const path: string[] = [];
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press('Tab');
    path.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return `${el?.tagName.toLowerCase()} "${(el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim().slice(0, 30)}"`;
      }),
    );
    if (await isFocused(target)) return path;
  }
  throw new Error(`${max} Tabs never reached ${target}: ${path.join(' | ')}`);
}

/** At most FEW_TABS presses; else fails naming every stop on the way. */
const expectFewTabs = (path: string[]) => expect(path.length <= FEW_TABS ? [] : path).toEqual([]);

/** From the top of the page: the skip link (the first stop of Tab) takes the focus to the screen's heading. */
async function skipToHeading(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Skip to main content' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
}

/** The height of the photo as drawn (the whole photo fits its box, keeping its proportions). */
const drawnHeight = (photo: Locator) =>
  photo.evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    return img.naturalHeight * Math.min(box.width / img.naturalWidth, box.height / img.naturalHeight);
  });

/** Opens the photo from the keyboard (the button on its corner), checks the dialog, zooms in and scrolls, and closes it with Escape. */
async function openPhotoLarge(page: Page, shot: string): Promise<void> {
  const enlarge = page.getByRole('button', { name: 'Enlarge the photo' });
  await enlarge.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Receipt photo' });
  await dialog.waitFor();
  const photo = dialog.getByRole('img', { name: 'The receipt, enlarged' });
  await photo.waitFor();
  const region = dialog.getByRole('region', { name: 'The photo, scrollable when zoomed in' });
  expect(await isFocused(region)).toBe(true);
  // The whole photo at first, larger than beside the form.
  const fitted = await drawnHeight(photo);
  expect(fitted).toBeGreaterThan(300);
  await dialog.getByText('100%').waitFor();
  await expectAccessibleInBothThemes(page, `${shot}-photo`, 'desktop');

  // Zoomed in it is larger than the window and scrolls; + zooms too.
  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await dialog.getByText('150%').waitFor();
  await page.keyboard.press('+');
  await dialog.getByText('200%').waitFor();
  expect(await drawnHeight(photo)).toBeCloseTo(fitted * 2, -1);
  expect(await region.evaluate((el) => el.scrollHeight > el.clientHeight && el.scrollWidth > el.clientWidth)).toBe(true);
  await region.focus();
  await page.keyboard.press('PageDown');
  await page.waitForFunction(() => (document.querySelector('[role="region"][aria-label^="The photo"]')?.scrollTop ?? 0) > 0);
  await screenshot(page, `${shot}-photo-zoomed-desktop`);

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(await isFocused(enlarge)).toBe(true);
}

describe('the review queue', () => {
  let user: E2EUser;
  beforeAll(async () => {
    user = await createUser('Tabitha Keys');
    for (const shop of shops) await uploadDraft(user, shop);
  });

  it(`reaches the store field in at most ${FEW_TABS} Tabs from the heading with ${DRAFTS} receipts waiting, the arrows move in the list`, async () => {
    await withContext(newPage(browser, DESKTOP), async ({ page }) => {
      await signInThroughUi(page, user);
      await openScreen(page, '/receipts/review', 'Review receipts');
      await waitUntilAllRead(page, DRAFTS);
      const store = reviewForm(page).getByRole('textbox', { name: /^Store/ });

      // From a fresh load: the skip link, then the screen's heading.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Review receipts' }).waitFor();
      await reviewForm(page).waitFor();
      await page.keyboard.press('Tab');
      expect(await isFocused(page.getByRole('link', { name: 'Skip to main content' }))).toBe(true);
      await skipToHeading(page);
      expectFewTabs(await tabsTo(page, store));
      await screenshot(page, 'review-screen-store-focused-desktop');

      // The list is one stop of the Tab key; the arrow keys go from receipt to receipt, Enter opens one.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      const list = page.getByRole('list', { name: 'Receipts to review' }).getByRole('button');
      expect(await isFocused(list.first())).toBe(true);
      await page.keyboard.press('ArrowDown');
      expect(await isFocused(list.nth(1))).toBe(true);
      const second = (await list.nth(1).textContent()) ?? '';
      await page.keyboard.press('Enter');
      expect(await list.nth(1).getAttribute('aria-current')).toBe('true');
      expect(
        await reviewForm(page)
          .getByRole('textbox', { name: /^Store/ })
          .inputValue(),
      ).toMatch(/^CORNER SHOP \d$/i);
      expect(second).toContain(
        await reviewForm(page)
          .getByRole('textbox', { name: /^Store/ })
          .inputValue(),
      );
    });
  });

  it('opens the photo large: zoomed, scrolled, closed with Escape; on a phone, in dark mode and at 200% zoom', async () => {
    await withContext(newPage(browser, DESKTOP), async ({ page }) => {
      await signInThroughUi(page, user);
      await openScreen(page, '/receipts/review', 'Review receipts');
      await waitUntilAllRead(page, DRAFTS);
      await expectAccessibleInBothThemes(page, 'review-screen-queue', 'desktop');
      await openPhotoLarge(page, 'review-screen-queue');
    });
    await inNarrowViews(browser, async (name, { page }) => {
      await signInThroughUi(page, user);
      await openScreen(page, '/receipts/review', 'Review receipts');
      await waitUntilAllRead(page, DRAFTS);
      await expectAccessibleInBothThemes(page, 'review-screen-queue', name);
      await page.getByRole('button', { name: 'Enlarge the photo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Receipt photo' });
      await dialog.getByRole('img', { name: 'The receipt, enlarged' }).waitFor();
      // The toolbar and the photo fit the window: nothing sideways but the zoomed photo, later.
      const box = await dialog.boundingBox();
      const window = page.viewportSize()!;
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(window.width + 0.5);
      await expectAccessibleInBothThemes(page, 'review-screen-queue-photo', name);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });
  });
});

describe('the single-scan review', () => {
  it(`reaches the store field in at most ${FEW_TABS} Tabs from the screen's heading, and opens the photo large`, async () => {
    const user = await createUser('Sol Single');
    await withContext(newPage(browser, DESKTOP), async ({ page }) => {
      await signInThroughUi(page, user);
      await openScreen(page, '/receipts/scan', 'Scan Receipt');
      await page.locator('input[type="file"]').setInputFiles(shops[0].file);
      const form = reviewForm(page);
      await form.waitFor({ timeout: SCAN_TIMEOUT });
      // The results arrived: the focus is on their heading, the store one Tab away.
      await page.waitForFunction(() => document.activeElement?.id === 'scan-review-heading');
      expect(await tabsTo(page, form.getByLabel('Store'))).toHaveLength(1);
      // From the top of the page: the skip link to the screen's heading, then past the photo's button.
      await skipToHeading(page);
      expectFewTabs(await tabsTo(page, form.getByLabel('Store')));
      await openPhotoLarge(page, 'review-screen-scan');
    });
  });

  it('shows the review and the photo large on a phone, in dark mode and at 200% zoom', async () => {
    const user = await createUser('Sol Phone');
    await inNarrowViews(browser, async (name, { page }) => {
      await signInThroughUi(page, user);
      await openScreen(page, '/receipts/scan', 'Scan Receipt');
      await page.locator('input[type="file"]').setInputFiles(shops[1].file);
      await reviewForm(page).waitFor({ timeout: SCAN_TIMEOUT });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await expectAccessibleInBothThemes(page, 'review-screen-scan', name);
      await page.getByRole('button', { name: 'Enlarge the photo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Receipt photo' });
      await dialog.getByRole('img', { name: 'The receipt, enlarged' }).waitFor();
      // The whole window: the photo needs every pixel of a small one.
      expect(await dialog.boundingBox()).toMatchObject({ x: 0, y: 0, width: page.viewportSize()!.width });
      await expectAccessibleInBothThemes(page, 'review-screen-scan-photo', name);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });
  });
});
