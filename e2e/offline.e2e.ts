import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Draft } from '../src/shared/drafts';
import { launchBrowser, newPage, newZoomedPage, screenshot, withContext, DESKTOP, type OpenedPage } from './support/browser';
import { apiAs, createUser, signInThroughUi, webUrl, type E2EUser } from './support/session';
import { photoFolder, type DrawnReceipt } from './support/receiptPhotos';
import { expectNoA11yViolations, useColorScheme } from './support/screens';

/**
 * Capture without the server: the production build's service worker serves the app with the
 * network cut, photos taken then wait in the outbox (IndexedDB) across a reload, and go up once
 * each when the network is back, into the review queue.
 */
jest.setTimeout(180_000);

const PHONE_390 = { width: 390, height: 844 };
let browser: Browser;
const folder = photoFolder('offline');
let photos: DrawnReceipt[];
beforeAll(async () => {
  browser = await launchBrowser();
  photos = await Promise.all(['corner-shop', 'bakery', 'chemist'].map((name, i) => folder.draw(name, [[name.toUpperCase()], ['TOTAL', `${i + 3}.50`]])));
});
afterAll(async () => {
  await browser?.close();
  folder.remove();
});

/** Signs in and waits until the service worker controls the page (it registers once the first screen is idle). */
async function signInWithWorker(page: Page, user: E2EUser): Promise<void> {
  await signInThroughUi(page, user);
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 60_000 });
}

/** On the scan screen with the network cut: chooses the photos as the file picker hands them over. */
async function captureOffline(context: BrowserContext, page: Page): Promise<void> {
  // Opened while online, under the worker: it keeps this answer of /config.json for the offline reload.
  await page.goto(webUrl('/receipts/scan'));
  await page.getByRole('heading', { level: 1, name: 'Scan Receipt' }).waitFor();
  await context.setOffline(true);
  await page.locator('#receipt-image-input').setInputFiles(photos.map((p) => p.file));
  await page.getByRole('heading', { name: 'Photos saved on this device' }).waitFor();
}

const outboxHeading = (page: Page) => page.getByRole('heading', { name: /^Waiting to upload/ });

describe('capture with the network cut', () => {
  it('keeps three photos across a reload, then uploads each once into the review queue', async () => {
    const user = await createUser('Offline Olivia');
    await withContext(newPage(browser, DESKTOP), async ({ context, page }: OpenedPage) => {
      await signInWithWorker(page, user);
      await captureOffline(context, page);
      await expectOutboxOf(page, 3);

      // A reload with no network: the worker serves the app, the outbox is still there.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Scan Receipt' }).waitFor();
      await expectOutboxOf(page, 3);
      expect(await apiAs<Draft[]>(user, 'GET', '/receipts/drafts')).toEqual([]);

      // The network back: each photo goes up once (the page's first tries and the outbox's share a client id).
      await context.setOffline(false);
      await outboxHeading(page).waitFor({ state: 'detached', timeout: 60_000 });
      expect(await apiAs<Draft[]>(user, 'GET', '/receipts/drafts')).toHaveLength(3);

      await page.goto(webUrl('/receipts/review'));
      const queue = page.getByRole('list', { name: 'Receipts to review' }).getByTestId('draft-state');
      await queue.nth(2).waitFor();
      expect(await queue.count()).toBe(3);
    });
  });

  it('shows the outbox with its thumbnails on a phone, in dark mode and at 200% zoom, and removes a photo', async () => {
    const user = await createUser('Offline Omar');
    const views: Array<[string, () => Promise<OpenedPage>, 'light' | 'dark']> = [
      ['phone', () => newPage(browser, PHONE_390), 'light'],
      ['phone-dark', () => newPage(browser, PHONE_390), 'dark'],
      ['zoom200', () => newZoomedPage(browser, 2), 'light'],
    ];
    for (const [name, open, scheme] of views) {
      await withContext(open(), async ({ context, page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await signInWithWorker(page, user);
        await captureOffline(context, page);
        await expectOutboxOf(page, 3);
        // Each thumbnail is the photo itself, read back from the device.
        const thumbnails = page.getByRole('list', { name: 'Waiting to upload' }).locator('img');
        expect(await thumbnails.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0))).toEqual([true, true, true]);
        if (name === 'phone') {
          // One removed: it leaves the outbox and never goes up.
          await page.getByRole('button', { name: 'Remove chemist.png' }).click();
          await expectOutboxOf(page, 2);
        }
        if (scheme === 'dark') await useColorScheme(page, 'dark');
        await expectNoA11yViolations(page);
        await screenshot(page, `offline-outbox-${name}`);
      });
    }
  });
});

async function expectOutboxOf(page: Page, n: number): Promise<void> {
  await page.getByRole('heading', { name: `Waiting to upload (${n})` }).waitFor({ timeout: 30_000 });
  expect(await page.getByRole('list', { name: 'Waiting to upload' }).getByRole('listitem').count()).toBe(n);
}
