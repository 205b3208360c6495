import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import fs from 'node:fs';
import sharp from 'sharp';
import type { Draft } from '../src/shared/drafts';
import type { Receipt } from '../src/shared/receipts';
import { launchBrowser, launchWithProfile, newPage, newZoomedPage, screenshot, withContext, DESKTOP, type OpenedPage } from './support/browser';
import { apiAs, createUser, openScreen, signInThroughUi, webUrl, type E2EUser } from './support/session';
import { photoFolder, type DrawnReceipt } from './support/receiptPhotos';
import { calendarDay, expectNoA11yViolations, useColorScheme } from './support/screens';

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

/**
 * Each look the screens are checked in (a phone, a phone in dark mode, 200% zoom), in a page of
 * its own: the steps, then axe and the screenshot `<shot>-<look>`.
 */
async function inEachLook(shot: string, steps: (opened: OpenedPage, look: string) => Promise<void>): Promise<void> {
  const looks: Array<[string, () => Promise<OpenedPage>, 'light' | 'dark']> = [
    ['phone', () => newPage(browser, PHONE_390), 'light'],
    ['phone-dark', () => newPage(browser, PHONE_390), 'dark'],
    ['zoom200', () => newZoomedPage(browser, 2), 'light'],
  ];
  for (const [look, open, scheme] of looks) {
    await withContext(open(), async (opened) => {
      await opened.page.emulateMedia({ colorScheme: scheme });
      await steps(opened, look);
      if (scheme === 'dark') await useColorScheme(opened.page, 'dark');
      await expectNoA11yViolations(opened.page);
      await screenshot(opened.page, `${shot}-${look}`);
    });
  }
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
    await inEachLook('offline-outbox', async ({ context, page }, look) => {
      await signInWithWorker(page, user);
      await captureOffline(context, page);
      await expectOutboxOf(page, 3);
      // Each thumbnail is the photo itself, read back from the device.
      const thumbnails = page.getByRole('list', { name: 'Waiting to upload' }).locator('img');
      expect(await thumbnails.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0))).toEqual([true, true, true]);
      if (look === 'phone') {
        // One removed: it leaves the outbox and never goes up.
        await page.getByRole('button', { name: 'Remove chemist.png' }).click();
        await expectOutboxOf(page, 2);
      }
    });
  });
});

const figure = (page: Page, label: string) => page.getByTestId(`figure-${label}`);
const offlineNotice = (page: Page) => page.getByRole('status').filter({ hasText: /^Offline — showing what was saved on / });
const analyticsSummary = (page: Page) => page.getByTestId('analytics-summary').getByText(/^\$42\.50 this week/);
const OFFLINE_REASON = 'Offline: saving needs the Tally server.';

/** A person with a budget and a receipt, signed in under the worker, who has opened the dashboard, receipts and categories online. */
async function readOnline(page: Page, user: E2EUser, store: string): Promise<void> {
  await apiAs(user, 'POST', '/dashboard/budget', { amount: 500 });
  await apiAs(user, 'POST', '/receipts', { store, date: calendarDay(0), amount: 42.5, category: 'Food' });
  await signInWithWorker(page, user);
  // Under the worker from here: each screen's answers are kept for this person.
  await openScreen(page, '/receipts', 'Receipts');
  await page.getByRole('link', { name: store }).first().click();
  await page.getByRole('heading', { level: 1, name: store }).waitFor();
  await openScreen(page, '/categories', 'Categories');
  await openScreen(page, '/', 'Dashboard');
  await figure(page, 'Total Spent').getByText('$42.50').waitFor();
}

/** The caches of saved API answers on this device, by name. */
const savedAnswerCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('tally-answers-')));

describe('reading with the network cut', () => {
  it('shows the dashboard, receipts, a receipt, categories and analytics as last saved, with the notice, and turns saving off with the reason', async () => {
    const user = await createUser('Offline Ola');
    await withContext(newPage(browser, DESKTOP), async ({ context, page }: OpenedPage) => {
      await readOnline(page, user, 'Harbour Deli');
      await openScreen(page, '/analytics', 'Analytics');
      await analyticsSummary(page).waitFor();
      await openScreen(page, '/', 'Dashboard');
      expect(await offlineNotice(page).count()).toBe(0);

      await context.setOffline(true);
      await page.reload();
      await figure(page, 'Total Spent').getByText('$42.50').waitFor();
      await offlineNotice(page).waitFor();
      await page.getByRole('link', { name: 'Harbour Deli' }).first().waitFor();

      // Saving is off, and says why; Cancel still closes.
      await page.getByRole('button', { name: 'Set Budget' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await dialog.getByText(OFFLINE_REASON).waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('link', { name: 'Harbour Deli' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Harbour Deli' }).waitFor();
      await offlineNotice(page).waitFor();

      await openScreen(page, '/receipts', 'Receipts');
      await page.getByRole('link', { name: 'Harbour Deli' }).first().waitFor();
      await openScreen(page, '/categories', 'Categories');
      await offlineNotice(page).waitFor();
      await page.getByText('Food').first().waitFor();
      // The last analytics opened, as they were.
      await openScreen(page, '/analytics', 'Analytics');
      await analyticsSummary(page).waitFor();
      await offlineNotice(page).waitFor();

      // Back online: the server answers again and the notice goes.
      await context.setOffline(false);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
      await offlineNotice(page).waitFor({ state: 'detached', timeout: 30_000 });
    });
  });

  it('clears the saved answers at sign-out: the next person offline sees nothing of the first', async () => {
    const first = await createUser('Offline Fay');
    const second = await createUser('Offline Sam');
    await withContext(newPage(browser, DESKTOP), async ({ context, page }: OpenedPage) => {
      await readOnline(page, first, 'Secret Tailor');
      expect(await savedAnswerCaches(page)).toEqual([`tally-answers-${first.uid}`]);

      await page.getByRole('button', { name: 'Open user menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL(webUrl('/login'));
      await page.waitForFunction(async () => (await caches.keys()).every((n) => !n.startsWith('tally-answers-')));

      await signInThroughUi(page, second);
      await figure(page, 'Total Spent').getByText('$0.00').waitFor();
      await context.setOffline(true);
      await page.reload();
      await offlineNotice(page).waitFor();
      await figure(page, 'Total Spent').getByText('$0.00').waitFor();
      await page.getByText('No transactions yet.').waitFor();
      expect(await page.getByText('Secret Tailor').count()).toBe(0);
      expect(await savedAnswerCaches(page)).toEqual([`tally-answers-${second.uid}`]);
    });
  });

  it('shows the offline notice on a phone, in dark mode and at 200% zoom, accessibly', async () => {
    await inEachLook('offline-notice', async ({ context, page }, look) => {
      const user = await createUser(`Offline Ode ${look}`);
      await readOnline(page, user, 'Corner Cafe');
      await context.setOffline(true);
      await page.reload();
      await offlineNotice(page).waitFor();
      await figure(page, 'Total Spent').waitFor();
    });
  });
});

/** The control is disabled, and its description (what a screen reader reads with it) is the offline reason. */
async function expectOffWithReason(control: Locator): Promise<void> {
  expect(await control.isDisabled()).toBe(true);
  await expectReasonOf(control);
}

async function expectReasonOf(control: Locator): Promise<void> {
  const description = await control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
  expect(description).toContain(OFFLINE_REASON);
}

/** A receipt with a 240×360 photo, made through the API. */
async function receiptWithPhoto(user: E2EUser, store: string): Promise<Receipt> {
  const png = await sharp({ create: { width: 240, height: 360, channels: 3, background: '#f1e7d0' } })
    .png()
    .toBuffer();
  return apiAs<Receipt>(user, 'POST', '/receipts', { store, date: calendarDay(0), amount: 18, imageData: `data:image/png;base64,${png.toString('base64')}` });
}

/** Waits until the receipt's photo has loaded, from wherever the page got it. */
async function photoShown(page: Page, store: string): Promise<void> {
  const image = page.getByRole('img', { name: `Receipt from ${store}` });
  await image.waitFor();
  await page.waitForFunction((alt) => (document.querySelector(`img[alt="${alt}"]`) as HTMLImageElement | null)?.naturalWidth === 240, `Receipt from ${store}`);
}

/** The caches of receipt photos on this device, by name. */
const savedPhotoCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('tally-photos-')));

/** The keys of one cache (the links without their query strings). */
const cacheKeys = (page: Page, name: string) => page.evaluate(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url), name);

describe('acting with the network cut', () => {
  it('turns off each action that needs the server with the reason, shows a photo opened before, and forgets it at sign-out', async () => {
    const user = await createUser('Offline Otto');
    const receipt = await receiptWithPhoto(user, 'Photo Mart');
    await withContext(newPage(browser, DESKTOP), async ({ context, page }: OpenedPage) => {
      await signInWithWorker(page, user);
      // Online first: each screen's answers, and the photo, are kept for this person.
      await openScreen(page, '/notifications', 'Notifications');
      await openScreen(page, '/settings', 'Settings');
      await page.getByRole('radio', { name: 'Light' }).waitFor();
      await openScreen(page, '/categories', 'Categories');
      await page.getByRole('button', { name: 'Delete Food' }).waitFor();
      await openScreen(page, `/receipts/${receipt.id}`, 'Photo Mart');
      await photoShown(page, 'Photo Mart');
      const photoLink = await page.getByRole('img', { name: 'Receipt from Photo Mart' }).getAttribute('src');
      const photoPath = new URL(photoLink!).pathname;
      await page.waitForFunction(async (n) => (await (await caches.open(n)).keys()).length === 1, `tally-photos-${user.uid}`);
      // Kept by the link without its signature and expiry.
      expect(await cacheKeys(page, `tally-photos-${user.uid}`)).toEqual([`${new URL(photoLink!).origin}${photoPath}`]);

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Photo Mart' }).waitFor();
      await offlineNotice(page).waitFor();
      await photoShown(page, 'Photo Mart');
      await expectOffWithReason(page.getByRole('button', { name: 'Delete', exact: true }));
      // Edit opens the form, whose Save says why it is off.
      expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(1);

      // A link whose signature is long expired still finds the photo: the device keys it without the query.
      const expiredLinkLoads = await page.evaluate(
        (link) =>
          new Promise<boolean>((resolve) => {
            const img = new Image();
            img.onload = () => resolve(img.naturalWidth === 240);
            img.onerror = () => resolve(false);
            img.src = link;
          }),
        `${new URL(photoLink!).origin}${photoPath}?exp=1&sig=expired`,
      );
      expect(expiredLinkLoads).toBe(true);

      await openScreen(page, '/categories', 'Categories');
      await offlineNotice(page).waitFor();
      await expectOffWithReason(page.getByRole('button', { name: 'Delete Food' }));

      await openScreen(page, '/notifications', 'Notifications');
      await expectOffWithReason(page.getByRole('button', { name: 'Mark all read' }));

      await openScreen(page, '/settings', 'Settings');
      await offlineNotice(page).waitFor();
      // A group of choices that each save at once: the group says why, each choice is off.
      await expectReasonOf(page.getByRole('group', { name: 'Theme' }));
      expect(await page.getByRole('radio', { name: 'Dark' }).isDisabled()).toBe(true);
      expect(await page.getByRole('radio', { name: 'Light' }).isDisabled()).toBe(true);
      await expectOffWithReason(page.getByRole('button', { name: 'Download receipts (CSV)' }));
      await expectOffWithReason(page.getByRole('button', { name: 'Delete my account' }));

      // Back online, the actions work again; sign-out forgets the photo with the answers.
      await context.setOffline(false);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await offlineNotice(page).waitFor({ state: 'detached', timeout: 30_000 });
      expect(await page.getByRole('button', { name: 'Download receipts (CSV)' }).isEnabled()).toBe(true);
      expect(await savedPhotoCaches(page)).toEqual([`tally-photos-${user.uid}`]);
      await page.getByRole('button', { name: 'Open user menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL(webUrl('/login'));
      await page.waitForFunction(async () => (await caches.keys()).every((n) => !n.startsWith('tally-photos-') && !n.startsWith('tally-answers-')));
    });
  });

  it('shows a disabled action with its reason on a phone, in dark mode and at 200% zoom, accessibly', async () => {
    const user = await createUser('Offline Ines');
    const receipt = await receiptWithPhoto(user, 'Zoom Grocer');
    await inEachLook('offline-disabled-action', async ({ context, page }) => {
      await signInWithWorker(page, user);
      await openScreen(page, `/receipts/${receipt.id}`, 'Zoom Grocer');
      await photoShown(page, 'Zoom Grocer');
      await context.setOffline(true);
      await page.reload();
      await offlineNotice(page).waitFor();
      await photoShown(page, 'Zoom Grocer');
      const remove = page.getByRole('button', { name: 'Delete', exact: true });
      await expectOffWithReason(remove);
      // The reason as a sighted person finds it: the tooltip over the disabled button.
      await remove.hover({ force: true });
      await page.getByRole('tooltip').getByText(OFFLINE_REASON).waitFor();
    });
  });
});

describe('share to Tally', () => {
  it('takes the shared photos into the outbox and uploads each once into the review queue', async () => {
    const user = await createUser('Sharing Shay');
    await withContext(newPage(browser, DESKTOP), async ({ page }: OpenedPage) => {
      await signInWithWorker(page, user);
      const files = photos.slice(0, 2).map((p) => ({ name: p.file.split('/').pop()!, bytes: [...fs.readFileSync(p.file)] }));
      // What the system's share sheet sends to the manifest's share_target: a multipart POST, here with a text file Tally ignores.
      const landed = await page.evaluate(async (shared) => {
        const form = new FormData();
        for (const f of shared) form.append('receipts', new File([new Uint8Array(f.bytes)], f.name, { type: 'image/png' }));
        form.append('receipts', new File(['not a receipt'], 'note.txt', { type: 'text/plain' }));
        const res = await fetch('/share', { method: 'POST', body: form });
        return res.url;
      }, files);
      expect(landed).toBe(webUrl('/receipts/scan'));

      // The scan screen opens; the person who opens it takes the shared photos, and the outbox sends them.
      await page.goto(landed);
      await page.getByRole('heading', { level: 1, name: 'Scan Receipt' }).waitFor();
      await page.goto(webUrl('/receipts/review'));
      const queue = page.getByRole('list', { name: 'Receipts to review' }).getByTestId('draft-state');
      await queue.nth(1).waitFor({ timeout: 60_000 });
      expect(await apiAs<Draft[]>(user, 'GET', '/receipts/drafts')).toHaveLength(2);
      expect(await queue.count()).toBe(2);
    });
  });
});

describe('installing Tally', () => {
  it('is installable by the browser’s own checks, and opens standalone at the dashboard from the home screen', async () => {
    const user = await createUser('Installing Ines');
    const { context, page, close } = await launchWithProfile(DESKTOP);
    try {
      await signInWithWorker(page, user);
      // Chromium's own installability verdict (what decides whether it offers 'Install Tally').
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const { url, errors, data } = await cdp.send('Page.getAppManifest');
      expect(url).toBe(webUrl('/manifest.webmanifest'));
      expect(errors).toEqual([]);
      const manifest = JSON.parse(data ?? '{}') as { display?: string; start_url?: string; icons?: Array<{ sizes: string }> };
      expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
      expect(manifest.icons?.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

      // Opened from the home screen with no network, right after installing: the worker serves
      // the start page and the configuration it kept when it was installed.
      await context.setOffline(true);
      await page.goto(webUrl('/'));
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    } finally {
      await close();
    }
  });
});

async function expectOutboxOf(page: Page, n: number): Promise<void> {
  await page.getByRole('heading', { name: `Waiting to upload (${n})` }).waitFor({ timeout: 30_000 });
  expect(await page.getByRole('list', { name: 'Waiting to upload' }).getByRole('listitem').count()).toBe(n);
}
