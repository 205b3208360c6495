import fs from 'node:fs';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { launchBrowser, withPage, DESKTOP } from './support/browser';
import { apiAs, createUser, openSettings, type E2EUser } from './support/session';
import { expectAccessibleInBothThemes } from './support/screens';
import type { Receipt } from '../src/shared/receipts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A person's receipts as they read them, each with its original's bytes. */
async function receiptsOf(user: E2EUser) {
  const listed = await apiAs<Receipt[]>(user, 'GET', '/receipts?sort=date&order=asc');
  return Promise.all(
    listed.map(async ({ id: _id, categoryId: _c, imageUrl, ...r }) => ({
      ...r,
      original: imageUrl ? Buffer.from(await (await fetch(imageUrl)).arrayBuffer()).toString('base64') : null,
    })),
  );
}

it('backs up one account and restores it into a new one, receipt by receipt', async () => {
  const owner = await createUser('Olga Original');
  const image = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#c08040' } })
    .png()
    .toBuffer();
  await apiAs(owner, 'POST', '/receipts', {
    store: 'Hardware Store',
    date: '2025-03-04',
    amount: 42,
    category: 'Utilities',
    items: [{ name: 'Hammer', price: 42, quantity: 1 }],
    imageData: `data:image/png;base64,${image.toString('base64')}`,
  });
  await apiAs(owner, 'POST', '/receipts', { store: 'Bakery', date: '2025-03-05', amount: 3.5, category: 'Food' });

  const backup = await withPage(browser, DESKTOP, async ({ page }) => {
    await openSettings(page, owner);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Back up everything' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^tally-backup-\d{4}-\d{2}-\d{2}\.zip$/);
    const file = `${(await download.path())!}.zip`;
    fs.copyFileSync((await download.path())!, file);
    return file;
  });

  const newcomer = await createUser('Olga Moved');
  await withPage(browser, DESKTOP, async ({ page }) => {
    await openSettings(page, newcomer);
    await page.getByLabel('Restore from a backup').setInputFiles(backup);
    const dialog = page.getByRole('dialog', { name: 'Restore this backup?' });
    await dialog.waitFor();
    await expectAccessibleInBothThemes(page, 'settings-restore', 'desktop');
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('alert').filter({ hasText: 'Restored 2 receipts with 1 original and 6 categories' }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
  });
  expect(await receiptsOf(newcomer)).toEqual(await receiptsOf(owner));
  fs.rmSync(backup, { force: true });
});
