import { sql } from 'kysely';
import { MAX_OPEN_DRAFTS } from '../../../../src/shared/drafts';
import { MAX_IMAGE_BYTES } from '../../../../src/shared/receipts';
import { TOO_MANY_DRAFTS, QUEUE_FULL } from '../../../../src/server/modules/drafts/service';
import { ScanService } from '../../../../src/server/modules/scan/service';
import { SCAN_QUEUE, setUpScanJobs } from '../../../../src/server/modules/drafts/scanJob';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { storedImages, takeImage } from '../../blobs/stored';
import { receiptPng } from '../scan/receiptImage';
import { allSettled, draftsWhen, listDrafts, uploadDrafts } from './uploads';

/**
 * Bulk capture through the real API: multipart uploads, the real job queue (pg-boss) in the
 * database under test, the real OCR engine reading in the background, the real auth emulator.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ OCR_POOL_SIZE: '1', SCAN_WORKERS: '1', QUEUE_POLL_SECONDS: '1' });
});
afterAll(() => t?.close());

const receipt = (store: string, date: string, item: string, total: string) =>
  receiptPng([[store], [`Date: ${date}`], [item, total], ['TOTAL', total], ['CASH', '50.00']]);

let avocado: Buffer;
let hardware: Buffer;
beforeAll(async () => {
  avocado = await receipt('GREEN GROCER', '03/04/2025', 'Avocado', '12.40');
  hardware = await receipt('BOLT HARDWARE', '03/05/2025', 'Hammer', '23.99');
});

describe('POST /receipts/drafts and the background reading', () => {
  it('takes several photos at once, refuses a file that is not one alone, and reads the rest', async () => {
    const user = await t.signUp();
    const res = await uploadDrafts(t, user, [
      { name: 'avocado.png', bytes: avocado, type: 'image/png' },
      { name: 'notes.txt', bytes: Buffer.from('not a picture'), type: 'text/plain' },
      { name: 'hammer.png', bytes: hardware, type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(202);
    const answer = res.json() as Array<{ _id: string | null; status: string; file: string; error?: string }>;
    expect(answer.map((a) => [a.file, a.status])).toEqual([
      ['avocado.png', 'queued'],
      ['notes.txt', 'failed'],
      ['hammer.png', 'queued'],
    ]);
    expect(answer[1]).toMatchObject({ _id: null, error: 'This file is not a JPEG, PNG or WebP image or a PDF' });
    expect(await storedImages(t, user.uid)).toHaveLength(2);

    const drafts = await draftsWhen(t, user, (d) => d.length === 2 && allSettled(d));
    // Newest first; both photos were sent in one request, so their order within it may tie.
    expect(new Set(drafts.map((d) => d._id))).toEqual(new Set([answer[0]._id, answer[2]._id]));
    const byId = new Map(drafts.map((d) => [d._id, d]));
    const first = byId.get(answer[0]._id!)!;
    expect(first.status).toBe('ready');
    expect(first.processed_data).toMatchObject({ store_name: expect.stringMatching(/GREEN GROCER/i), date: '2025-03-04', total_amount: 12.4 });
    expect(first.raw_text).toMatch(/Avocado/i);
    expect(first.confidence).toEqual(expect.objectContaining({ total_amount: expect.any(Number) }));
    expect(first.duplicate_of).toBeNull();
    expect(byId.get(answer[2]._id!)!.processed_data?.total_amount).toBe(23.99);

    // The signed photo link works without a token, as an <img> needs.
    const photo = await t.app.inject({ method: 'GET', url: new URL(first.image_url).pathname + new URL(first.image_url).search });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
  });

  it('saves a draft as a receipt with its photo and text, which search then finds by a word on it', async () => {
    const user = await t.signUp();
    const upload = await uploadDrafts(t, user, [{ name: 'a.png', bytes: avocado }]);
    const [{ _id }] = upload.json();
    const [draft] = await draftsWhen(t, user, allSettled);
    // A ready draft is no receipt yet: it counts nowhere.
    const before = await t.request(user, { method: 'GET', url: '/receipts' });
    expect(before.json()).toEqual([]);
    expect(before.headers['x-total-count']).toBe('0');

    const save = await t.request(user, {
      method: 'POST',
      url: '/receipts',
      payload: { store_name: 'Green Grocer', date: '2025-03-04', total_amount: 12.4, draft_id: _id, scan_ref: draft.scan_ref ?? undefined },
    });
    expect(save.statusCode).toBe(201);
    const saved = save.json();
    expect(saved.imageUrl).toEqual(expect.any(String));
    expect(await listDrafts(t, user)).toEqual([]);
    // The draft's photo became the receipt's: one file, not copied, not deleted.
    expect(await storedImages(t, user.uid)).toHaveLength(1);

    for (const word of ['avocado', 'AVOCADO', 'green grocer']) {
      const found = await t.request(user, { method: 'GET', url: `/receipts?search=${encodeURIComponent(word)}` });
      expect(found.json().map((r: { id: string }) => r.id)).toEqual([saved.id]);
      expect(found.headers['x-total-count']).toBe('1');
    }
    const none = await t.request(user, { method: 'GET', url: '/receipts?search=hammer' });
    expect(none.json()).toEqual([]);

    // The same draft cannot be saved twice.
    const again = await t.request(user, {
      method: 'POST',
      url: '/receipts',
      payload: { store_name: 'Green Grocer', date: '2025-03-04', total_amount: 12.4, draft_id: _id },
    });
    expect(again.statusCode).toBe(404);
  });

  it('keeps the text of a receipt scanned on its own too, and finds it and its items by any word', async () => {
    const user = await t.signUp();
    const save = await t.request(user, {
      method: 'POST',
      url: '/receipts',
      payload: {
        store_name: 'Corner Shop',
        date: '2025-03-04',
        total_amount: 3,
        items: [{ name: 'Claw hammer', price: 3 }],
        ocr_text: 'CORNER SHOP\nMember no. 42 PINEAPPLE-CLUB',
      },
    });
    expect(save.statusCode).toBe(201);
    const typed = await t.request(user, {
      method: 'POST',
      url: '/receipts',
      payload: { store: 'Other', date: '2025-03-04', amount: 2, items: [{ name: 'Nails', price: 2 }] },
    });
    for (const [word, id] of [
      ['pineapple club', save.json().id],
      ['HAMMER', save.json().id],
      ['nails', typed.json().id],
    ]) {
      expect((await t.request(user, { method: 'GET', url: `/receipts?search=${encodeURIComponent(word)}` })).json().map((r: { id: string }) => r.id)).toEqual([
        id,
      ]);
    }
    // An edit that changes the items changes what search finds.
    await t.request(user, {
      method: 'PUT',
      url: `/receipts/${typed.json().id}`,
      payload: { store: 'Other', date: '2025-03-04', amount: 2, items: [{ name: 'Screws', price: 2 }] },
    });
    expect((await t.request(user, { method: 'GET', url: '/receipts?search=nails' })).json()).toEqual([]);
  });

  it('warns when the same photo, or the same store, date and total, is already saved', async () => {
    const user = await t.signUp();
    await uploadDrafts(t, user, [{ name: 'a.png', bytes: avocado }]);
    const [first] = await draftsWhen(t, user, allSettled);
    const saved = (
      await t.request(user, {
        method: 'POST',
        url: '/receipts',
        payload: { store_name: 'Green Grocer', date: '2025-03-04', total_amount: 12.4, draft_id: first._id },
      })
    ).json();

    await uploadDrafts(t, user, [{ name: 'again.png', bytes: avocado }]);
    const [samePhoto] = await draftsWhen(t, user, (d) => d.length === 1 && allSettled(d));
    expect(samePhoto.duplicate_of).toEqual({
      _id: saved.id,
      store_name: 'Green Grocer',
      date: '2025-03-04',
      total_amount: 12.4,
      currency: 'USD',
      imported: false,
    });

    // Typed by hand with the scanned store, date and total: a different photo, the same receipt.
    await t.request(user, { method: 'DELETE', url: `/receipts/drafts/${samePhoto._id}` });
    const typed = (await t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'BOLT HARDWARE', date: '2025-03-05', amount: 23.99 } })).json();
    await uploadDrafts(t, user, [{ name: 'hammer.png', bytes: hardware }]);
    const [sameReceipt] = await draftsWhen(t, user, (d) => d.length === 1 && allSettled(d));
    expect(sameReceipt.duplicate_of?._id).toBe(typed.id);
  });

  it('discards a draft with its photo', async () => {
    const user = await t.signUp();
    const [{ _id }] = (await uploadDrafts(t, user, [{ name: 'a.png', bytes: hardware }])).json();
    expect(await storedImages(t, user.uid)).toHaveLength(1);
    expect((await t.request(user, { method: 'DELETE', url: `/receipts/drafts/${_id}` })).statusCode).toBe(204);
    expect(await listDrafts(t, user)).toEqual([]);
    expect(await storedImages(t, user.uid)).toHaveLength(0);
    expect((await t.request(user, { method: 'DELETE', url: `/receipts/drafts/${_id}` })).statusCode).toBe(404);
  });
});

describe('refusals change nothing', () => {
  it('answers 400 when no file is a picture, and 413 for a photo over the limit', async () => {
    const user = await t.signUp();
    const text = await uploadDrafts(t, user, [{ name: 'notes.txt', bytes: Buffer.from('hello') }]);
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('This file is not a JPEG, PNG or WebP image or a PDF');
    const none = await uploadDrafts(t, user, []);
    expect(none.statusCode).toBe(400);

    const huge = Buffer.concat([avocado, Buffer.alloc(MAX_IMAGE_BYTES)]);
    const big = await uploadDrafts(t, user, [{ name: 'big.png', bytes: huge }]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/too large/);

    const json = await t.request(user, { method: 'POST', url: '/receipts/drafts', payload: { files: [] } });
    expect(json.statusCode).toBe(400);
    expect(await listDrafts(t, user)).toEqual([]);
    expect(await storedImages(t, user.uid)).toHaveLength(0);
  });

  it('refuses a person with too many drafts waiting (429 with Retry-After)', async () => {
    const user = await t.signUp();
    await sql`INSERT INTO receipt_drafts (user_id, status, image_key, image_hash)
      SELECT ${user.uid}, 'ready', 'x/' || g, 'h' || g FROM generate_series(1, ${MAX_OPEN_DRAFTS}) g`.execute(t.db.db);
    const res = await uploadDrafts(t, user, [{ name: 'a.png', bytes: avocado }]);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json().message).toBe(TOO_MANY_DRAFTS);
    expect(await storedImages(t, user.uid)).toHaveLength(0);
  });

  it('holds the cap when two uploads arrive at once', async () => {
    const user = await t.signUp();
    await sql`INSERT INTO receipt_drafts (user_id, status, image_key, image_hash)
      SELECT ${user.uid}, 'ready', 'x/' || g, 'h' || g FROM generate_series(1, ${MAX_OPEN_DRAFTS - 1}) g`.execute(t.db.db);
    const answers = await Promise.all([
      uploadDrafts(t, user, [{ name: 'a.png', bytes: avocado }]),
      uploadDrafts(t, user, [{ name: 'b.png', bytes: hardware }]),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 429]);
    expect(await listDrafts(t, user)).toHaveLength(MAX_OPEN_DRAFTS);
    expect(await storedImages(t, user.uid)).toHaveLength(1);
  });

  it("keeps another person's drafts out of reach: not listed, not retried, not discarded, not saved", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const [{ _id }] = (await uploadDrafts(t, owner, [{ name: 'a.png', bytes: avocado }])).json();
    expect(await listDrafts(t, other)).toEqual([]);
    expect((await t.request(other, { method: 'POST', url: `/receipts/drafts/${_id}/retry` })).statusCode).toBe(404);
    expect((await t.request(other, { method: 'DELETE', url: `/receipts/drafts/${_id}` })).statusCode).toBe(404);
    const steal = await t.request(other, {
      method: 'POST',
      url: '/receipts',
      payload: { store_name: 'X', date: '2025-03-04', total_amount: 1, draft_id: _id },
    });
    expect(steal.statusCode).toBe(404);
    expect((await t.request(other, { method: 'GET', url: '/receipts' })).json()).toEqual([]);
    expect((await listDrafts(t, owner)).map((d) => d._id)).toEqual([_id]);
    for (const bad of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      expect((await t.request(owner, { method: 'DELETE', url: `/receipts/drafts/${bad}` })).statusCode).toBe(404);
    }
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/receipts/drafts' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/receipts/drafts' })).statusCode).toBe(401);
  });
});

describe('a full queue and a failed reading', () => {
  let idle: TestApp;
  let waiting: TestUser | undefined;
  beforeAll(async () => {
    // No workers here: jobs wait, so the queue fills and a draft's photo can go missing before it is read.
    idle = await startTestApp({ SCAN_WORKERS: '0', SCAN_QUEUE_MAX: '2', QUEUE_POLL_SECONDS: '1', SCAN_RETRY_DELAY_SECONDS: '1' });
  });
  afterAll(() => idle?.close());

  it('refuses uploads for a while once the queue is full (503 with Retry-After), keeping what it holds', async () => {
    const user = await idle.signUp();
    expect((await uploadDrafts(idle, user, [{ name: 'a.png', bytes: avocado }])).statusCode).toBe(202);
    expect((await uploadDrafts(idle, user, [{ name: 'b.png', bytes: hardware }])).statusCode).toBe(202);
    const full = await uploadDrafts(idle, user, [{ name: 'c.png', bytes: avocado }]);
    expect(full.statusCode).toBe(503);
    expect(full.headers['retry-after']).toBe('60');
    expect(full.json().message).toBe(QUEUE_FULL);
    expect((await listDrafts(idle, user)).map((d) => d.status)).toEqual(['queued', 'queued']);
    waiting = user;
  });

  it('fails a draft whose photo went missing before it was read, with the reason; Retry reads it again', async () => {
    const user = waiting!;
    const [newer, older] = await listDrafts(idle, user);
    const putBack = await takeImage(idle, blobKeyOf(older.image_url));
    // The API's own readers, started late: the jobs waited in the database meanwhile.
    const queue = await idle.app.jobQueue.get();
    const scan = new ScanService(idle.db.db, idle.app.receiptScanner, idle.app.clock);
    await setUpScanJobs(queue, { db: idle.db.db, blobs: idle.app.blobs, scan }, { workers: 1, retryLimit: 1, retryDelaySeconds: 1, timeoutSeconds: 60 });
    queue.wake(SCAN_QUEUE);

    const settled = await draftsWhen(idle, user, allSettled);
    expect(settled.map((d) => [d._id, d.status])).toEqual([
      [newer._id, 'ready'],
      [older._id, 'failed'],
    ]);
    expect(settled[1].error).toBe('The photo of this receipt is missing. Please enter it by hand.');
    expect(settled[1].processed_data).toBeNull();

    expect((await idle.request(user, { method: 'POST', url: `/receipts/drafts/${newer._id}/retry` })).statusCode).toBe(409);
    await putBack();
    expect((await idle.request(user, { method: 'POST', url: `/receipts/drafts/${older._id}/retry` })).statusCode).toBe(202);
    const again = await draftsWhen(idle, user, (d) => d.every((x) => x.status === 'ready'));
    expect(again[1].processed_data?.total_amount).toBe(12.4);
    // Three real readings, the first starting the scan process (models and pdfjs): on a busy
    // 2-core machine that passed the default 60 s once.
  }, 180_000);
});

describe('uploads at once against the queue cap', () => {
  let idle: TestApp;
  beforeAll(async () => {
    idle = await startTestApp({ SCAN_WORKERS: '0', SCAN_QUEUE_MAX: '20', WRITE_RATE_LIMIT_PER_MINUTE: '0' });
  });
  afterAll(() => idle?.close());

  it('lets no more jobs in than SCAN_QUEUE_MAX when ten people upload five photos each at once', async () => {
    const people = await Promise.all(Array.from({ length: 10 }, () => idle.signUp()));
    const photos = Array.from({ length: 5 }, (_, i) => ({ name: `r${i}.png`, bytes: i % 2 ? avocado : hardware, type: 'image/png' }));
    // All ten pass the door together (an empty queue); the count as the jobs go in decides.
    const answers = await Promise.all(people.map((p) => uploadDrafts(idle, p, photos)));
    const accepted = answers.filter((a) => a.statusCode === 202);
    const refused = answers.filter((a) => a.statusCode !== 202);
    expect(accepted).toHaveLength(4);
    expect(refused.map((r) => [r.statusCode, r.json().message, r.headers['retry-after']])).toEqual(Array(6).fill([503, QUEUE_FULL, '60']));
    expect(await (await idle.app.jobQueue.get()).pending(SCAN_QUEUE)).toBe(20);
    // A refused upload keeps nothing: no draft, no photo.
    for (const [i, p] of people.entries()) {
      const kept = answers[i].statusCode === 202 ? 5 : 0;
      expect(await listDrafts(idle, p)).toHaveLength(kept);
      expect(await storedImages(idle, p.uid)).toHaveLength(kept);
    }
  });
});

/** The blob key inside a signed image link (…/blobs/receipts/<user>/<uuid>.<ext>?…). */
function blobKeyOf(imageUrl: string): string {
  const m = /\/blobs\/receipts\/([^?]+)/.exec(new URL(imageUrl).pathname);
  if (!m) throw new Error(`not a blob link: ${imageUrl}`);
  return decodeURIComponent(m[1]);
}
