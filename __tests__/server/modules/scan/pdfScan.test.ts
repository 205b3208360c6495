import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { MAX_PDF_PAGES, PDF_PREVIEW_WIDTH } from '../../../../src/shared/constants/scan';
import { PDF_BROKEN, PDF_ENCRYPTED, PDF_HAS_SCRIPT, PDF_TOO_MANY_PAGES } from '../../../../src/server/pdf/open';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { dataUrl } from './receiptImage';
import { allSettled, draftsWhen, listDrafts, uploadDrafts } from '../drafts/uploads';
import { storedImages } from '../../blobs/stored';
import { OcrTimeoutError } from '../../../../src/server/ocr';
import { sql } from 'kysely';
import { ONLINE_ORDER, pdfDataUrl, receiptPdf, scannedPdf, trainPhoto, type PdfLine } from './receiptPdf';

/**
 * PDF receipts through the real scan route: the real scan process (pdfjs for the text layer,
 * @napi-rs/canvas and PP-OCR for scanned pages), the real auth emulator, a real database.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ OCR_POOL_SIZE: '1', SCAN_WORKERS: '1', QUEUE_POLL_SECONDS: '1' });
});
afterAll(() => t?.close());

const scan = (user: TestUser, image_data: string) => t.request(user, { method: 'POST', url: '/scan/receipt-base64', payload: { image_data } });

/** Follows a signed image link as a browser would (no token). */
const getLink = (url: string) => {
  const link = new URL(url);
  return t.request(null, { method: 'GET', url: `${link.pathname}${link.search}` });
};

interface Layout {
  name: string;
  lines: PdfLine[];
  opts?: Parameters<typeof receiptPdf>[1];
  expected: { store: string; date: string; total: number; items?: Array<[string, number]> };
}

const LAYOUTS: Layout[] = [
  {
    name: 'an online order on A4, Helvetica, the store large',
    lines: ONLINE_ORDER,
    expected: {
      store: 'Northwind Outfitters',
      date: '2026-02-11',
      total: 106.45,
      items: [
        ['Rain jacket', 89],
        ['Wool socks', 12.5],
      ],
    },
  },
  {
    name: 'a till roll in Courier (80 mm wide), day-first date',
    lines: [
      ['BLUE HERON CAFE'],
      ['14 Quay Street'],
      ['Date: 25/01/2026 08:14'],
      ['Flat white', '4.20'],
      ['Croissant', '3.10'],
      ['TOTAL', '7.30'],
      ['CARD', '7.30'],
    ],
    opts: { font: StandardFonts.Courier, size: [226, 600], margin: 12 },
    expected: { store: 'BLUE HERON CAFE', date: '2026-01-25', total: 7.3 },
  },
  {
    name: 'a utility bill on A5 in Times, the total labelled "Amount due"',
    lines: [
      ['Riverside Water Co.', undefined, 16],
      ['Statement date: March 3, 2026'],
      ['Water supply', '31.20'],
      ['Wastewater', '18.75'],
      ['Amount due', '49.95'],
    ],
    opts: { font: StandardFonts.TimesRoman, size: [420, 595] },
    expected: { store: 'Riverside Water Co.', date: '2026-03-03', total: 49.95 },
  },
  {
    name: 'a long receipt over three pages, read as one',
    lines: [
      ['GRANARY FOODS', undefined, 16],
      ['Date: 2026-04-02'],
      ...Array.from({ length: 24 }, (_, i): PdfLine => [`Item ${String.fromCharCode(65 + i)} pack`, '1.00']),
      ['TOTAL', '24.00'],
    ],
    opts: { linesPerPage: 10 },
    expected: { store: 'GRANARY FOODS', date: '2026-04-02', total: 24 },
  },
];

describe('a PDF with a text layer is read from its text, without OCR', () => {
  it.each(LAYOUTS.map((l) => [l.name, l] as const))('%s: store, date and total exact', async (_name, layout) => {
    const user = await t.signUp();
    const pdf = await receiptPdf(layout.lines, layout.opts);
    const res = await scan(user, pdfDataUrl(pdf));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.processed_data.store_name).toBe(layout.expected.store);
    expect(body.processed_data.date).toBe(layout.expected.date);
    expect(body.processed_data.total_amount).toBe(layout.expected.total);
    if (layout.expected.items) expect(body.processed_data.items.map((i: { name: string; price: number }) => [i.name, i.price])).toEqual(layout.expected.items);
    // The review screen shows the first page and says how many there are.
    expect(body.document.pages).toBe((await PDFDocument.load(pdf)).getPageCount());
    expect(body.document.preview).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });
});

describe('a scanned PDF is drawn and read by the OCR', () => {
  it('reads a train-set photo saved as a PDF as it reads the photo', async () => {
    const user = await t.signUp();
    const photo = trainPhoto('sroie-train/sroie-007.jpg');
    const asPhoto = (await scan(user, dataUrl(photo, 'image/jpeg'))).json();
    const res = await scan(user, pdfDataUrl(await scannedPdf(photo)));
    expect(res.statusCode).toBe(200);
    const asPdf = res.json();
    expect(asPdf.processed_data.total_amount).toBe(20);
    expect(asPdf.processed_data.date).toBe('2019-01-23');
    for (const field of ['store_name', 'date', 'total_amount'] as const) expect(asPdf.processed_data[field]).toEqual(asPhoto.processed_data[field]);
    expect(asPdf.document.pages).toBe(1);
  });
});

/** A PDF with an /Encrypt entry in its trailer, as an encrypting writer leaves it. */
async function encryptedPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('TOTAL 1.00');
  // A classic trailer (no cross-reference stream), where an encrypting writer puts /Encrypt.
  const pdf = Buffer.from(await doc.save({ useObjectStreams: false })).toString('latin1');
  expect(pdf).toMatch(/trailer\s*<</);
  return Buffer.from(pdf.replace(/trailer\s*<</, 'trailer\n<<\n/Encrypt << /Filter /Standard /V 2 /R 3 /O <00> /U <00> /P -4 >>'), 'latin1');
}

describe('PDFs Tally does not open are refused with their reason, and nothing is kept', () => {
  it.each([
    ['encrypted', encryptedPdf, PDF_ENCRYPTED],
    [
      'with JavaScript',
      async () => {
        const doc = await PDFDocument.create();
        doc.addPage().drawText('TOTAL 1.00');
        doc.addJavaScript('hello', 'app.alert("hi")');
        return Buffer.from(await doc.save());
      },
      PDF_HAS_SCRIPT,
    ],
    [
      'too many pages',
      () =>
        receiptPdf(
          Array.from({ length: MAX_PDF_PAGES + 1 }, (): PdfLine => ['page']),
          { linesPerPage: 1 },
        ),
      PDF_TOO_MANY_PAGES,
    ],
    ['cut off', async () => (await receiptPdf([['SHOP'], ['TOTAL', '1.00']])).subarray(0, 300), PDF_BROKEN],
    ['only a header', async () => Buffer.from('%PDF-1.7\n%%EOF\n'), PDF_BROKEN],
  ] as const)('%s', async (_name, make, reason) => {
    const user = await t.signUp();
    const pdf = pdfDataUrl(await make());
    const res = await scan(user, pdf);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(reason);
    // Kept with a receipt: refused in the same words, and no receipt is written.
    const save = await t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Shop', date: '2026-01-05', amount: 1, imageData: pdf } });
    expect(save.statusCode).toBe(400);
    expect(save.json().message).toBe(reason);
    const list = await t.request(user, { method: 'GET', url: '/receipts' });
    expect(list.json()).toHaveLength(0);
  });
});

describe("a PDF is a receipt's original, kept byte for byte", () => {
  it('is saved with a receipt and downloaded from it as the same file', async () => {
    const user = await t.signUp();
    const pdf = await receiptPdf(LAYOUTS[0].lines);
    const save = await t.request(user, {
      method: 'POST',
      url: '/receipts',
      payload: { store: 'Northwind Outfitters', date: '2026-02-11', amount: 106.45, imageData: pdfDataUrl(pdf) },
    });
    expect(save.statusCode).toBe(201);
    const link = new URL(save.json().imageUrl);
    expect(link.pathname).toMatch(/\.pdf$/);
    const file = await t.request(null, { method: 'GET', url: link.pathname + link.search });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="receipt-.+\.pdf"$/);
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it('shows its pages as pictures, drawn once on save, gone with the receipt or when the image is replaced', async () => {
    const user = await t.signUp();
    const pdf = await receiptPdf(LAYOUTS[3].lines, LAYOUTS[3].opts);
    const base = { store: 'Granary Foods', date: '2026-04-02', amount: 24 };
    const save = await t.request(user, { method: 'POST', url: '/receipts', payload: { ...base, imageData: pdfDataUrl(pdf) } });
    expect(save.statusCode).toBe(201);
    const saved = save.json();
    expect(saved.imageUrl).toContain('.pdf?');
    expect(saved.document.pages).toBe(3);
    const page = await getLink(saved.document.preview);
    expect(page.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(page.rawPayload).metadata()).width).toBe(PDF_PREVIEW_WIDTH);
    // Every page drawn once: the original and its three pages.
    expect(saved.document.later_pages).toHaveLength(2);
    for (const later of saved.document.later_pages) expect((await getLink(later)).headers['content-type']).toBe('image/jpeg');
    expect(await storedImages(t, user.uid)).toHaveLength(4);
    // Read back the same; another person sees nothing of it.
    expect((await t.request(user, { method: 'GET', url: `/receipts/${saved.id}` })).json().document.pages).toBe(3);
    const other = await t.signUp();
    expect((await t.request(other, { method: 'GET', url: `/receipts/${saved.id}` })).statusCode).toBe(404);
    // An edit that keeps the image keeps the page; a photo instead takes the page away.
    const kept = await t.request(user, { method: 'PUT', url: `/receipts/${saved.id}`, payload: { ...base, amount: 25 } });
    expect(kept.json().document).toEqual(saved.document);
    const photo = await t.request(user, {
      method: 'PUT',
      url: `/receipts/${saved.id}`,
      payload: { ...base, imageData: dataUrl(trainPhoto('sroie-train/sroie-007.jpg'), 'image/jpeg') },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.json().document).toBeUndefined();
    expect(await storedImages(t, user.uid)).toEqual([expect.stringMatching(/\.jpg$/)]);
    await t.request(user, { method: 'DELETE', url: `/receipts/${saved.id}` });
    expect(await storedImages(t, user.uid)).toEqual([]);
  });

  it('lets its page go with the original when the image is removed', async () => {
    const user = await t.signUp();
    const base = { store: 'Northwind Outfitters', date: '2026-02-11', amount: 106.45 };
    const save = await t.request(user, { method: 'POST', url: '/receipts', payload: { ...base, imageData: pdfDataUrl(await receiptPdf(ONLINE_ORDER)) } });
    expect(await storedImages(t, user.uid)).toHaveLength(2);
    const removed = await t.request(user, { method: 'PUT', url: `/receipts/${save.json().id}`, payload: { ...base, imageData: null } });
    expect(removed.json().imageUrl).toBeNull();
    expect(removed.json().document).toBeUndefined();
    expect(await storedImages(t, user.uid)).toEqual([]);
  });
});

describe('PDFs in the review queue', () => {
  it('reads an uploaded PDF as a draft, and keeps the original of one it could not read, with its reason', async () => {
    const user = await t.signUp();
    const good = await receiptPdf(LAYOUTS[1].lines, LAYOUTS[1].opts);
    const upload = await uploadDrafts(t, user, [
      { name: 'cafe.pdf', bytes: good, type: 'application/pdf' },
      { name: 'locked.pdf', bytes: await encryptedPdf(), type: 'application/pdf' },
    ]);
    expect(upload.statusCode).toBe(202);
    // A PDF refused at the door is refused alone, with its reason; nothing is stored for it.
    expect(upload.json().map((a: { file: string; status: string; error?: string }) => [a.file, a.status, a.error])).toEqual([
      ['cafe.pdf', 'queued', undefined],
      ['locked.pdf', 'failed', PDF_ENCRYPTED],
    ]);
    const [draft] = await draftsWhen(t, user, allSettled);
    expect(draft.status).toBe('ready');
    expect(draft.processed_data).toMatchObject({ store_name: 'BLUE HERON CAFE', date: '2026-01-25', total_amount: 7.3 });
    expect(draft.document?.pages).toBe(1);
    const link = new URL(draft.image_url);
    const original = await t.request(null, { method: 'GET', url: `${link.pathname}${link.search}&download=1` });
    expect(original.headers['content-type']).toBe('application/pdf');
    expect(original.rawPayload.equals(good)).toBe(true);
  });

  it("keeps a PDF draft's first page as an image of its own, not inside the draft's row, and deletes it with the draft", async () => {
    const user = await t.signUp();
    await uploadDrafts(t, user, [{ name: 'order.pdf', bytes: await receiptPdf(ONLINE_ORDER), type: 'application/pdf' }]);
    const [draft] = await draftsWhen(t, user, allSettled);
    expect(draft.status).toBe('ready');
    // A signed link like the original's, answering a JPEG.
    const preview = await getLink(draft.document!.preview);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(preview.rawPayload.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    const row = await t.db.db.selectFrom('receipt_drafts').select(['result', 'preview_key']).where('id', '=', draft._id).executeTakeFirstOrThrow();
    expect(row.result?.document).toEqual({ pages: 1 });
    expect(await storedImages(t, user.uid)).toEqual(expect.arrayContaining([row.preview_key]));
    expect(await storedImages(t, user.uid)).toHaveLength(2);
    // Another person cannot discard it; its owner discards the original and the preview together.
    const other = await t.signUp();
    expect((await t.request(other, { method: 'DELETE', url: `/receipts/drafts/${draft._id}` })).statusCode).toBe(404);
    expect(await storedImages(t, user.uid)).toHaveLength(2);
    expect((await t.request(user, { method: 'DELETE', url: `/receipts/drafts/${draft._id}` })).statusCode).toBe(204);
    expect(await storedImages(t, user.uid)).toEqual([]);
  });

  it("a PDF draft saved as a receipt keeps its original, and its scan's first page becomes the receipt's (not drawn again)", async () => {
    const user = await t.signUp();
    await uploadDrafts(t, user, [{ name: 'order.pdf', bytes: await receiptPdf(ONLINE_ORDER), type: 'application/pdf' }]);
    const [draft] = await draftsWhen(t, user, allSettled);
    const images = await storedImages(t, user.uid);
    expect(images).toHaveLength(2);
    const save = await t.request(user, {
      method: 'POST',
      url: '/receipts',
      payload: { store_name: 'Northwind Outfitters', date: '2026-02-11', total_amount: 106.45, draft_id: draft._id },
    });
    expect(save.statusCode).toBe(201);
    expect(await storedImages(t, user.uid)).toEqual(images);
    expect(new URL(save.json().document.preview).pathname).toBe(new URL(draft.document!.preview).pathname);
    expect(save.json().document.pages).toBe(1);
  });

  it('keeps every page of a scanned PDF as it was drawn for the OCR, handed to the receipt, and gone with the draft or the receipt', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const photo = trainPhoto('sroie-train/sroie-007.jpg');
    await uploadDrafts(t, user, [
      { name: 'kept.pdf', bytes: await scannedPdf(photo, 3), type: 'application/pdf' },
      { name: 'discarded.pdf', bytes: await scannedPdf(photo, 2), type: 'application/pdf' },
    ]);
    const drafts = await draftsWhen(t, user, allSettled);
    expect(drafts.map((d) => d.status)).toEqual(['ready', 'ready']);
    const kept = drafts.find((d) => d.document?.pages === 3)!;
    const discarded = drafts.find((d) => d.document?.pages === 2)!;
    for (const draft of drafts) {
      expect(draft.document?.later_pages).toHaveLength(draft.document!.pages - 1);
      for (const link of [draft.document!.preview, ...draft.document!.later_pages!]) {
        const page = await getLink(link);
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toBe('image/jpeg');
        expect((await sharp(page.rawPayload).metadata()).width).toBeLessThanOrEqual(PDF_PREVIEW_WIDTH);
      }
    }
    // Two originals and their five pages; nothing of them inside the rows.
    expect(await storedImages(t, user.uid)).toHaveLength(7);
    const row = await t.db.db.selectFrom('receipt_drafts').select(['result', 'later_page_keys']).where('id', '=', kept._id).executeTakeFirstOrThrow();
    expect(row.result?.document).toEqual({ pages: 3 });
    expect(row.later_page_keys).toHaveLength(2);
    // Another person can neither discard a draft nor see the receipt; the owner's discard takes its pages.
    expect((await t.request(other, { method: 'DELETE', url: `/receipts/drafts/${discarded._id}` })).statusCode).toBe(404);
    expect((await t.request(user, { method: 'DELETE', url: `/receipts/drafts/${discarded._id}` })).statusCode).toBe(204);
    const left = await storedImages(t, user.uid);
    expect(left).toHaveLength(4);
    const save = await t.request(user, {
      method: 'POST',
      url: '/receipts',
      payload: { store_name: 'Sroie', date: '2019-01-23', total_amount: 20, draft_id: kept._id },
    });
    expect(save.statusCode).toBe(201);
    // The receipt takes the pages the scan drew, in order: none drawn again.
    const path = (link: string) => new URL(link).pathname;
    expect([save.json().document.preview, ...save.json().document.later_pages].map(path)).toEqual(
      [kept.document!.preview, ...kept.document!.later_pages!].map(path),
    );
    expect(await storedImages(t, user.uid)).toEqual(left);
    const id = save.json().id;
    expect((await t.request(user, { method: 'GET', url: `/receipts/${id}` })).json().document.later_pages).toHaveLength(2);
    expect((await t.request(other, { method: 'GET', url: `/receipts/${id}` })).statusCode).toBe(404);
    expect((await t.request(other, { method: 'DELETE', url: `/receipts/${id}` })).statusCode).toBe(404);
    expect(await storedImages(t, user.uid)).toEqual(left);
    expect((await t.request(user, { method: 'DELETE', url: `/receipts/${id}` })).statusCode).toBe(204);
    expect(await storedImages(t, user.uid)).toEqual([]);
    for (const link of [kept.document!.preview, ...kept.document!.later_pages!]) expect((await getLink(link)).statusCode).toBe(404);
  });

  it('still answers a draft read before previews were kept apart, with the preview inside its row', async () => {
    const user = await t.signUp();
    await uploadDrafts(t, user, [{ name: 'order.pdf', bytes: await receiptPdf(ONLINE_ORDER), type: 'application/pdf' }]);
    const [read] = await draftsWhen(t, user, allSettled);
    // The row as a draft read before migration 090 left it: the preview inside, no key.
    const row = await t.db.db.selectFrom('receipt_drafts').select(['result', 'preview_key']).where('id', '=', read._id).executeTakeFirstOrThrow();
    const preview = `data:image/jpeg;base64,${(await getLink(read.document!.preview)).rawPayload.toString('base64')}`;
    await t.db.db
      .updateTable('receipt_drafts')
      .set({ result: JSON.stringify({ ...row.result, document: { pages: 1, preview } }), preview_key: null })
      .where('id', '=', read._id)
      .execute();
    const [draft] = await listDrafts(t, user);
    expect(draft.document).toEqual({ pages: 1, preview });
  });
});

describe('a scan that runs past the time limit', () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await startTestApp({ OCR_POOL_SIZE: '1', SCAN_WORKERS: '1', QUEUE_POLL_SECONDS: '1', OCR_SCAN_TIME_LIMIT_SECONDS: '1' });
  });
  afterAll(() => slow?.close());

  const longest = () => scannedPdf(trainPhoto('sroie-train/sroie-007.jpg'), MAX_PDF_PAGES);

  it('is stopped and refused with the reason', async () => {
    const user = await slow.signUp();
    const res = await slow.request(user, { method: 'POST', url: '/scan/receipt-base64', payload: { image_data: pdfDataUrl(await longest()) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(new OcrTimeoutError(1000).message);
    expect(res.json().message).toMatch(/took longer than 1 second, so it was stopped/);
  });

  it('fails a draft at once with the reason, for the person to retry or enter by hand', async () => {
    const user = await slow.signUp();
    await uploadDrafts(slow, user, [{ name: 'long.pdf', bytes: await longest(), type: 'application/pdf' }]);
    const [draft] = await draftsWhen(slow, user, allSettled);
    expect(draft.status).toBe('failed');
    expect(draft.error).toBe(new OcrTimeoutError(1000).message);
    // Not tried again on its own: no job is left for it. pg-boss ends the job just after its
    // handler has failed the draft, so an active one is given a few seconds to end first.
    const states = async () =>
      (await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE data->>'draftId' = ${draft._id}`.execute(slow.db.db)).rows.map((r) => r.state);
    const until = Date.now() + 10_000;
    while ((await states()).includes('active') && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect((await states()).filter((s) => ['created', 'retry', 'active'].includes(s))).toEqual([]);
  });
});
