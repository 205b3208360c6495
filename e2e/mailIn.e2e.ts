import nodemailer from 'nodemailer';
import type { Browser } from 'playwright-core';
import { launchBrowser, SCREEN_SIZES } from './support/browser';
import { createUser, openScreen, withSignedInPage } from './support/session';
import { expectAccessibleInBothThemes } from './support/screens';
import { mailPort } from './support/stackEnv';

/**
 * Receipts by e-mail end to end: the address as Settings shows it, a real mail sent over SMTP to
 * the stack's own mail listener, and the receipt waiting in the review queue, read from the mail.
 */
jest.setTimeout(120_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const E_RECEIPT = `<h1>Harbour Books</h1><p>Receipt<br>Date: 2026-03-14</p>
<table><tr><td>Field guide to birds</td><td>24.00</td></tr><tr><td>Bookmark</td><td>2.50</td></tr><tr><th>Total</th><th>26.50</th></tr></table>`;

describe.each(SCREEN_SIZES)('on %s', (size, viewport) => {
  it("an e-mail sent to the person's address appears in the review queue", async () => {
    const user = await createUser();
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      await openScreen(page, '/settings', 'Settings');
      const section = page.getByRole('region', { name: 'Receipts by e-mail' });
      const field = section.getByRole('textbox', { name: 'Your receipts address' });
      await section.scrollIntoViewIfNeeded();
      await expectAccessibleInBothThemes(page, 'settings-mail-in', size);
      const address = await field.inputValue();
      expect(address).toMatch(/^[a-z2-7]{24}@tally\.localhost$/);

      const transport = nodemailer.createTransport({ host: '127.0.0.1', port: Number(mailPort()), secure: false, ignoreTLS: true });
      try {
        const sent = await transport.sendMail({ from: user.email, to: address, subject: 'Your Harbour Books receipt', html: E_RECEIPT });
        expect(sent.response).toMatch(/^250 /);
      } finally {
        transport.close();
      }

      await openScreen(page, '/receipts/review', 'Review receipts');
      const form = page.getByRole('form', { name: 'Review receipt' });
      await form.waitFor({ timeout: 60_000 });
      await expect(form.getByRole('textbox', { name: /^Store/ }).inputValue()).resolves.toBe('Harbour Books');
      await page.getByRole('img', { name: "The receipt's e-mail" }).waitFor();
      await expectAccessibleInBothThemes(page, 'review-mail-in', size);
    });
  });
});
