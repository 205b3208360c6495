import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newZoomedPage, screenshot, withContext, withPage, DESKTOP, PHONE } from './support/browser';
import { createUser, signInThroughUi, webUrl, openScreen } from './support/session';
import { expectAccessibleInBothThemes } from './support/screens';
import { ONLINE_ORDER, receiptPdf } from '../__tests__/server/modules/scan/receiptPdf';

let browser: Browser;
let pdf: Buffer;
beforeAll(async () => {
  // Over three pages, so the review shows each page labelled.
  pdf = await receiptPdf(ONLINE_ORDER, { linesPerPage: Math.ceil(ONLINE_ORDER.length / 3) });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Drops the PDF on the scan screen's drop zone, as a file dragged from the desktop. */
async function dropPdf(page: Page, bytes: Buffer, name: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    ({ base64, fileName }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([data], fileName, { type: 'application/pdf' }));
      return dt;
    },
    { base64: bytes.toString('base64'), fileName: name },
  );
  await page.getByTestId('receipt-drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
}

async function reviewDroppedPdf(page: Page) {
  await openScreen(page, '/receipts/scan', 'Scan Receipt');
  await dropPdf(page, pdf, 'northwind-order.pdf');
  const form = page.getByRole('form', { name: 'Review receipt' });
  // The first scan of the run may start the scan process, which loads pdfjs and the OCR models.
  await form.waitFor({ timeout: 120_000 });
  return form;
}

/** The PDF's three pages, each labelled, in order. */
async function expectPagesInOrder(page: Page): Promise<void> {
  const labels = page.getByText(/^Page \d of 3$/);
  await labels.nth(2).waitFor();
  expect(await labels.allTextContents()).toEqual(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']);
}

describe('a PDF receipt in the browser', () => {
  it('is dropped on the scan screen, read from its text, shown with its pages, saved, and its original downloaded', async () => {
    const user = await createUser('Pat Pdf');
    await withPage(browser, DESKTOP, async ({ page }) => {
      await signInThroughUi(page, user);
      const form = await reviewDroppedPdf(page);
      // Read from the text layer: exact.
      expect(await form.getByLabel('Store').inputValue()).toBe('Northwind Outfitters');
      expect(Number(await form.getByLabel('Total').inputValue())).toBe(106.45);
      expect(await form.locator('input[type="date"]').inputValue()).toBe('2026-02-11');
      // Every page is shown in order, each labelled.
      await page.getByRole('img', { name: 'Receipt preview, page 1 of 3' }).waitFor();
      await expectPagesInOrder(page);
      await screenshot(page, 'pdf-review-pages-desktop');
      await expectAccessibleInBothThemes(page, 'pdf-review', 'desktop');

      await form.getByRole('button', { name: 'Save Receipt' }).click();
      await page.waitForURL(webUrl('/receipts'));
      await page
        .getByRole('link', { name: /^View Northwind Outfitters receipt/ })
        .first()
        .click();
      const download = page.getByRole('link', { name: 'Download original' });
      await download.waitFor();
      // The kept original is the very file dropped.
      const saved = await page.request.get((await download.getAttribute('href'))!);
      expect(saved.headers()['content-type']).toBe('application/pdf');
      expect(Buffer.from(await saved.body()).equals(pdf)).toBe(true);
      await expectPagesInOrder(page);
      await screenshot(page, 'pdf-receipt-detail-desktop');
    });
  }, 180_000);

  it('reviews on a phone and at 200% zoom', async () => {
    const user = await createUser('Pat Phone');
    await withPage(browser, PHONE, async ({ page }) => {
      await signInThroughUi(page, user);
      await reviewDroppedPdf(page);
      await expectPagesInOrder(page);
      await screenshot(page, 'pdf-review-phone');
      await page.getByText('Page 3 of 3').scrollIntoViewIfNeeded();
      await screenshot(page, 'pdf-review-phone-last-page');
    });
    await withContext(newZoomedPage(browser, 2), async ({ page }) => {
      await signInThroughUi(page, user);
      await reviewDroppedPdf(page);
      await page.getByText('Page 1 of 3').waitFor();
      await screenshot(page, 'pdf-review-zoom200');
    });
  }, 180_000);
});
