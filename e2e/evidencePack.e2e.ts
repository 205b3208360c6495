import fs from 'node:fs';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { launchBrowser, withPage, SCREEN_SIZES } from './support/browser';
import { apiAs, createUser, openSettings } from './support/session';
import { expectAccessibleInBothThemes } from './support/screens';
import { zipEntries } from '../__tests__/server/zip/zipEntries';
import type { Receipt } from '../src/shared/receipts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A photo of its own colour, so each original is told apart by its bytes. */
const photo = (background: string) =>
  sharp({ create: { width: 60, height: 90, channels: 3, background } })
    .png()
    .toBuffer();

describe.each(SCREEN_SIZES)('the evidence pack on %s', (label, viewport) => {
  it('downloads a zip of the days chosen that holds every original', async () => {
    const user = await createUser('Petra Pack');
    const add = async (store: string, date: string, amount: number, image?: Buffer) =>
      apiAs<Receipt>(user, 'POST', '/receipts', { store, date, amount, ...(image ? { imageData: `data:image/png;base64,${image.toString('base64')}` } : {}) });
    const cafe = await add('Café Mondial', '2025-03-04', 12.5, await photo('#d0a070'));
    const office = await add('Office Supplies', '2025-11-20', 40, await photo('#5070d0'));
    const bus = await add('City Bus', '2025-06-01', 2.75);
    await add('Too Early', '2024-12-31', 9, await photo('#70d050'));
    const served = async (r: Receipt) => Buffer.from(await (await fetch(r.imageUrl!)).arrayBuffer());

    await withPage(browser, viewport, async ({ page }) => {
      await openSettings(page, user);
      await page.getByRole('button', { name: 'Evidence pack (ZIP)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Evidence pack' });
      await dialog.waitFor();
      await dialog.getByLabel('From').fill('2025-01-01');
      await dialog.getByLabel('To').fill('2025-12-31');
      await expectAccessibleInBothThemes(page, 'evidence-pack', label);

      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download pack' }).click()]);
      expect(download.suggestedFilename()).toBe('tally-receipts-2025-01-01-2025-12-31.zip');
      const files = await zipEntries(fs.readFileSync((await download.path())!));
      const rows = files
        .get('receipts.csv')!
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(rows[0]).toBe('ID,Date,Store,Amount,Category,Description,Payment method,Tax,Item count,Currency,Rate,Home amount,Original');
      expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual([cafe.id, bus.id, office.id]);
      const cafeFile = `originals/2025-03-04_Cafe-Mondial_12.50_${cafe.id}.png`;
      const officeFile = `originals/2025-11-20_Office-Supplies_40.00_${office.id}.png`;
      expect([...files.keys()].sort()).toEqual([cafeFile, officeFile, 'receipts.csv']);
      expect(files.get(cafeFile)!.equals(await served(cafe))).toBe(true);
      expect(files.get(officeFile)!.equals(await served(office))).toBe(true);
      await dialog.waitFor({ state: 'hidden' });
    });
  });
});
