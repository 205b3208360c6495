import { MAIL_MAX_BYTES, MAIL_MAX_RECEIPTS, MAX_ALLOWED_SENDERS } from '../../../../src/shared/mailIn';
import { NOTHING_RECEIPT_LIKE, TOO_MANY_RECEIPTS } from '../../../../src/server/modules/mailIn/delivery';
import { RETIRED_ADDRESS, UNKNOWN_ADDRESS } from '../../../../src/server/modules/mailIn/service';
import { MAIL_TOO_LARGE } from '../../../../src/server/modules/mailIn/listener';
import { MAIL_NOT_RETRIED } from '../../../../src/server/modules/drafts/service';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { storedImages } from '../../blobs/stored';
import { receiptPng } from '../scan/receiptImage';
import { ONLINE_ORDER, receiptPdf } from '../scan/receiptPdf';
import { PNG_BYTES } from '../receipts/fixtures';
import { allSettled, draftsWhen, listDrafts } from '../drafts/uploads';
import { mailInOf, pathOf, sendMail, TEST_MAIL_PORT } from './mail';

/**
 * Receipts by e-mail through the real mail listener: real SMTP from nodemailer to the app's own
 * smtp-server, real MIME parsing, the real drafts, queue and scanner, the real auth emulator.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MAIL_PORT: TEST_MAIL_PORT, MAIL_DOMAIN: 'mail.tally.test', OCR_POOL_SIZE: '1', SCAN_WORKERS: '1', QUEUE_POLL_SECONDS: '1' });
});
afterAll(() => t?.close());

/** A person and their receipts address. */
async function person(): Promise<{ user: TestUser; address: string }> {
  const user = await t.signUp();
  return { user, address: (await mailInOf(t, user)).address };
}

const ORDER_HTML = `<!doctype html><html><head><style>td { padding: 4px }</style><title>Your order</title></head><body>
<img src="cid:logo@shop" alt="Northwind">
<h1>Northwind Outfitters</h1>
<p>Order confirmation<br>Order date: 2026-02-11</p>
<table>
  <tr><td>Rain jacket</td><td>89.00</td></tr>
  <tr><td>Wool socks</td><td>12.50</td></tr>
  <tr><td>Subtotal</td><td>101.50</td></tr>
  <tr><td>Shipping</td><td>4.95</td></tr>
  <tr><th>Total</th><th>106.45</th></tr>
</table>
<p>Thank you for shopping with us &amp; see you soon.</p>
</body></html>`;

describe('GET /api/mail-in and the addresses', () => {
  it('gives each person one private address at the mail domain, the same on every visit', async () => {
    const { user, address } = await person();
    expect(address).toMatch(/^[a-z2-7]{24}@mail\.tally\.test$/);
    expect(await mailInOf(t, user)).toEqual({ address, own_email: user.email.toLowerCase(), allowed_senders: [] });
    const other = await person();
    expect(other.address).not.toBe(address);
  });

  it("'Make a new address' retires the old one: mail to it is refused with the reason, the new one takes mail", async () => {
    const { user, address: old } = await person();
    const res = await t.request(user, { method: 'POST', url: '/api/mail-in/address' });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().address as string;
    expect(fresh).not.toBe(old);
    expect((await mailInOf(t, user)).address).toBe(fresh);

    const refused = await sendMail({ from: user.email, to: old, subject: 'Receipt', text: 'Coffee 3.50' });
    expect(refused.code).toBe(550);
    expect(refused.response).toContain(RETIRED_ADDRESS);
    const taken = await sendMail({ from: user.email, to: fresh, subject: 'Receipt', text: 'Coffee   3.50\nTotal   3.50' });
    expect(taken.code).toBe(250);
    expect(await listDrafts(t, user)).toHaveLength(1);
  });
});

describe('mail from the person becomes drafts in the review queue', () => {
  it('reads an attached photo as its own draft', async () => {
    const { user, address } = await person();
    const photo = await receiptPng([['GREEN GROCER'], ['Date: 03/04/2025'], ['Avocado', '12.40'], ['TOTAL', '12.40'], ['CASH', '50.00']]);
    const sent = await sendMail({
      from: user.email,
      to: address,
      subject: 'Fwd: receipt',
      text: 'See attached',
      attachments: [{ filename: 'grocer.png', content: photo }],
    });
    expect(sent.code).toBe(250);
    expect(sent.response).toContain('One receipt is waiting for review');
    const [draft] = await draftsWhen(t, user, (d) => d.length === 1 && allSettled(d));
    expect(draft.status).toBe('ready');
    expect(draft.processed_data).toMatchObject({ store_name: expect.stringMatching(/GREEN GROCER/i), total_amount: 12.4 });
    expect(draft.image_url).toMatch(/\.png\?/);
  });

  it('reads an attached PDF and an inline PDF, each a draft', async () => {
    const { user, address } = await person();
    const pdf = await receiptPdf(ONLINE_ORDER);
    expect(
      (await sendMail({ from: user.email, to: address, subject: 'Invoice', text: 'Your invoice', attachments: [{ filename: 'order.pdf', content: pdf }] }))
        .code,
    ).toBe(250);
    // A mail whose body is the PDF itself, shown inline.
    const inline = await sendMail({
      from: user.email,
      to: address,
      subject: 'Invoice',
      attachments: [{ filename: 'inline.pdf', content: pdf, contentType: 'application/pdf', contentDisposition: 'inline' }],
    });
    expect(inline.code).toBe(250);
    const drafts = await draftsWhen(t, user, (d) => d.length === 2 && allSettled(d));
    for (const draft of drafts) {
      expect(draft.status).toBe('ready');
      expect(draft.processed_data).toMatchObject({ store_name: 'Northwind Outfitters', date: '2026-02-11', total_amount: 106.45 });
      expect(draft.image_url).toMatch(/\.pdf\?/);
    }
  });

  it('reads an HTML-only e-receipt from its text and keeps the message as the original; a logo in it is no receipt', async () => {
    const { user, address } = await person();
    const sent = await sendMail({
      from: user.email,
      to: address,
      subject: 'Your Northwind order',
      html: ORDER_HTML,
      attachments: [{ filename: 'logo.png', content: PNG_BYTES, cid: 'logo@shop' }],
    });
    expect(sent.code).toBe(250);
    const drafts = await draftsWhen(t, user, (d) => d.length >= 1 && allSettled(d));
    expect(drafts).toHaveLength(1);
    const [draft] = drafts;
    expect(draft.status).toBe('ready');
    expect(draft.processed_data).toMatchObject({ store_name: 'Northwind Outfitters', date: '2026-02-11', total_amount: 106.45 });
    expect(draft.processed_data!.items.map((i) => [i.name, i.price])).toEqual([
      ['Rain jacket', 89],
      ['Wool socks', 12.5],
    ]);
    expect(draft.raw_text).toContain('Rain jacket');
    expect(draft.raw_text).not.toContain('padding');
    expect(draft.image_url).toMatch(/\.eml\?/);

    const original = await t.app.inject({ method: 'GET', url: pathOf(draft.image_url) });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('message/rfc822');
    expect(original.headers['content-disposition']).toMatch(/^attachment/);
    expect(original.body).toContain('Subject: Your Northwind order');
  });

  it('reads a plain-text e-receipt too', async () => {
    const { user, address } = await person();
    const text = 'Corner Cafe\n2026-02-11\nFlat white      4.20\nCroissant       3.10\nTOTAL           7.30\n';
    expect((await sendMail({ from: user.email, to: address, subject: 'Receipt', text })).code).toBe(250);
    const [draft] = await draftsWhen(t, user, (d) => d.length === 1 && allSettled(d));
    expect(draft.processed_data).toMatchObject({ store_name: 'Corner Cafe', total_amount: 7.3 });
  });
});

describe('mail that is not read lands as a draft that says why', () => {
  it('keeps mail from a sender not allowed unread, and reads it once the person allows that sender', async () => {
    const { user, address } = await person();
    const pdf = await receiptPdf(ONLINE_ORDER);
    const stranger = 'Shop@Example.com';
    expect((await sendMail({ from: stranger, to: address, subject: 'Receipt', attachments: [{ filename: 'order.pdf', content: pdf }] })).code).toBe(250);
    const [draft] = await listDrafts(t, user);
    expect(draft).toMatchObject({ status: 'failed', processed_data: null });
    expect(draft.error).toContain('shop@example.com');
    expect(draft.error).toContain('not your account');
    expect(draft.image_url).toMatch(/\.eml\?/);
    // Not read on request either: reading is not what it lacks.
    const retry = await t.request(user, { method: 'POST', url: `/receipts/drafts/${draft._id}/retry` });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(MAIL_NOT_RETRIED);

    const allow = await t.request(user, { method: 'PUT', url: '/api/mail-in/senders', payload: { senders: [stranger] } });
    expect(allow.statusCode).toBe(200);
    expect(allow.json().allowed_senders).toEqual(['shop@example.com']);
    expect((await sendMail({ from: stranger, to: address, subject: 'Receipt', attachments: [{ filename: 'order.pdf', content: pdf }] })).code).toBe(250);
    const drafts = await draftsWhen(t, user, (d) => d.length === 2 && allSettled(d));
    expect(drafts.map((d) => d.status).sort()).toEqual(['failed', 'ready']);
  });

  it('keeps a mail with nothing receipt-like, and one whose MIME is broken, saying there was nothing to read', async () => {
    const { user, address } = await person();
    expect((await sendMail({ from: user.email, to: address, subject: 'Hello', text: 'See you at lunch tomorrow!' })).code).toBe(250);
    // A multipart that never ends, with a "PDF" part that is not one.
    const broken = [
      `From: ${user.email}`,
      `To: ${address}`,
      'Subject: broken',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="XYZ"',
      '',
      '--XYZ',
      'Content-Type: application/pdf; name="r.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      '!!!not base64 at all!!!',
      '',
    ].join('\r\n');
    expect((await sendMail({ envelope: { from: user.email, to: [address] }, raw: broken })).code).toBe(250);
    const drafts = await listDrafts(t, user);
    expect(drafts).toHaveLength(2);
    for (const d of drafts) expect(d).toMatchObject({ status: 'failed', error: NOTHING_RECEIPT_LIKE });
  });
});

describe('mail that is refused leaves nothing behind', () => {
  it('refuses an unknown address at RCPT with the reason', async () => {
    const { user, address } = await person();
    const unknown = `${'a'.repeat(24)}@mail.tally.test`;
    for (const to of [unknown, 'someone@mail.tally.test', address.replace('mail.tally.test', 'elsewhere.test')]) {
      const sent = await sendMail({ from: user.email, to, subject: 'Receipt', text: 'Total 3.50' });
      expect(sent.code).toBe(550);
      expect(sent.response).toContain(UNKNOWN_ADDRESS);
    }
    expect(await listDrafts(t, user)).toEqual([]);
  });

  it('refuses a mail over the size limit, and one with too many receipts, storing nothing', async () => {
    const { user, address } = await person();
    const huge = Buffer.alloc(MAIL_MAX_BYTES + 1024, 0x41);
    const big = await sendMail({ from: user.email, to: address, subject: 'Big', text: 'Total 3.50', attachments: [{ filename: 'big.bin', content: huge }] });
    expect(big.code).toBe(552);
    expect(big.response).toMatch(new RegExp(`${MAIL_TOO_LARGE.slice(0, 20)}|exceeds fixed maximum message size`));

    const photos = Array.from({ length: MAIL_MAX_RECEIPTS + 1 }, (_, i) => ({ filename: `r${i}.png`, content: PNG_BYTES }));
    const many = await sendMail({ from: user.email, to: address, subject: 'Many', attachments: photos });
    expect(many.code).toBe(552);
    expect(many.response).toContain(TOO_MANY_RECEIPTS);
    expect(await listDrafts(t, user)).toEqual([]);
    expect(await storedImages(t, user.uid)).toEqual([]);
  });

  it("never puts mail for another person's address in your queue; one mail reaches one person", async () => {
    const a = await person();
    const b = await person();
    const sent = await sendMail({ from: a.user.email, to: [b.address, a.address], subject: 'Receipt', text: 'Coffee   3.50\nTotal   3.50' });
    expect(sent.code).toBe(250);
    expect(sent.accepted).toEqual([b.address]);
    expect(sent.rejected).toEqual([a.address]);
    const [bDraft] = await listDrafts(t, b.user);
    // Not B's own address and not one B allowed: B's queue holds it unread; A's holds nothing.
    expect(bDraft).toMatchObject({ status: 'failed' });
    expect(await listDrafts(t, a.user)).toEqual([]);
    const alone = await sendMail({ from: a.user.email, to: [a.address, b.address], subject: 'Receipt', text: 'Total 3.50' });
    expect(alone.rejected).toEqual([b.address]);
    expect(await listDrafts(t, a.user)).toHaveLength(1);
    expect(await listDrafts(t, b.user)).toHaveLength(1);
  });
});

describe('PUT /api/mail-in/senders', () => {
  it('keeps the list in order, once per address, without the account address', async () => {
    const { user } = await person();
    const res = await t.request(user, {
      method: 'PUT',
      url: '/api/mail-in/senders',
      payload: { senders: ['b@example.com', 'A@Example.com', 'a@example.com', user.email.toUpperCase()] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().allowed_senders).toEqual(['b@example.com', 'a@example.com']);
    expect((await mailInOf(t, user)).allowed_senders).toEqual(['b@example.com', 'a@example.com']);
  });

  it('refuses what is not a list of addresses with the reason, changing nothing', async () => {
    const { user } = await person();
    await t.request(user, { method: 'PUT', url: '/api/mail-in/senders', payload: { senders: ['keep@example.com'] } });
    const tooMany = Array.from({ length: MAX_ALLOWED_SENDERS + 1 }, (_, i) => `s${i}@example.com`);
    for (const payload of [{ senders: ['not an address'] }, { senders: tooMany }, { senders: 'a@example.com' }, { senders: [], extra: 1 }, {}]) {
      const res = await t.request(user, { method: 'PUT', url: '/api/mail-in/senders', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await mailInOf(t, user)).allowed_senders).toEqual(['keep@example.com']);
  });
});
