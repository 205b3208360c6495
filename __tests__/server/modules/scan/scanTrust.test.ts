import { sql } from 'kysely';
import type { ProcessedData, ScanTrust } from '../../../../src/shared/scan';
import { TRUST_SCANS } from '../../../../src/shared/constants/scan';
import { OPEN_READS_KEPT, recordRead, settleRead } from '../../../../src/server/modules/scan/trust';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { allSettled, draftsWhen, uploadDrafts } from '../drafts/uploads';
import { receiptPng, scanAs } from './receiptImage';

/**
 * A scan that explains itself, and the trust figure: real OCR of a real image, the real job
 * queue for drafts, a real database and auth emulator. Each scan says why it read each field;
 * each save of a scan counts whether its fields were saved as read, for that person only.
 */
let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await startTestApp({ OCR_POOL_SIZE: '1', SCAN_WORKERS: '1', QUEUE_POLL_SECONDS: '1' });
  png = await receiptPng([
    ['HARBOUR DELI AND CO'],
    ['45 Quay Road, Portside'],
    ['Date: 14/05/2025  12:10'],
    ['Soup', '6.50'],
    ['Bread roll', '1.50'],
    ['TOTAL RM', '8.00'],
  ]);
});
afterAll(() => t?.close());

const scan = (user: TestUser) => scanAs(t, user, png);

/** Saves what was read, with the fields a test changes. */
const save = (user: TestUser, read: { processed_data: Pick<ProcessedData, 'store_name' | 'date' | 'total_amount'> }, fields: Record<string, unknown>) =>
  t.request(user, {
    method: 'POST',
    url: '/receipts',
    payload: {
      store_name: read.processed_data.store_name,
      date: read.processed_data.date,
      total_amount: read.processed_data.total_amount,
      items: [],
      is_shared: false,
      shared_expenses: [],
      ...fields,
    },
  });

/** The trust figure's counts (what scanning learned is personalPicker.test.ts's). */
const trust = async (user: TestUser): Promise<Omit<ScanTrust, 'learned'>> => {
  const res = await t.request(user, { method: 'GET', url: '/scan/trust' });
  expect(res.statusCode).toBe(200);
  const { learned, ...counts } = res.json<ScanTrust>();
  expect(learned.state).toBe('too_few_scans');
  return counts;
};

const receiptCount = async (uid: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM receipts WHERE user_id = ${uid}`.execute(t.db.db)).rows[0].n;

describe('a scan that explains itself', () => {
  it('says why it read the store, date and total, with the text each came from', async () => {
    const user = await t.signUp();
    const read = await scan(user);
    expect(read.processed_data).toMatchObject({ store_name: expect.stringMatching(/HARBOUR DELI/i), date: '2025-05-14', total_amount: 8 });
    expect(read.reasons?.store_name).toEqual({ code: 'first_line', printed: expect.stringMatching(/HARBOUR DELI AND CO/i) });
    expect(read.reasons?.date).toEqual({ code: 'date_label', printed: '14/05/2025' });
    // Labelled TOTAL, and the soup and the roll add up to it.
    expect(read.reasons?.total_amount).toEqual({ code: 'label_and_sum', printed: 'TOTAL', sums: ['items'] });
    expect(read.reasons?.text_layer).toBeUndefined();
    expect(read.read_id).toMatch(/^[0-9a-f-]{36}$/);
  }, 120_000);
});

describe('GET /scan/trust', () => {
  it('counts each saved scan once, field by field, and only the person’s own', async () => {
    const [ana, ben] = [await t.signUp(), await t.signUp()];
    expect(await trust(ana)).toEqual({ scans: 0, store_name: 0, date: 0, total_amount: 0 });

    const first = await scan(ana);
    expect((await save(ana, first, { scan_read_id: first.read_id })).statusCode).toBe(201);
    expect(await trust(ana)).toEqual({ scans: 1, store_name: 1, date: 1, total_amount: 1 });

    // Corrected: another name (the case alone is no correction) and another total.
    const second = await scan(ana);
    expect((await save(ana, second, { scan_read_id: second.read_id, store_name: 'Harbour Deli', total_amount: 8.5 })).statusCode).toBe(201);
    const third = await scan(ana);
    expect(
      (await save(ana, third, { scan_read_id: third.read_id, store_name: third.processed_data.store_name.toLowerCase(), date: '2025-05-15' })).statusCode,
    ).toBe(201);
    expect(await trust(ana)).toEqual({ scans: 3, store_name: 2, date: 2, total_amount: 2 });

    // The same reading saved again counts nothing more; the receipt is saved all the same.
    expect((await save(ana, first, { scan_read_id: first.read_id, total_amount: 1 })).statusCode).toBe(201);
    expect(await trust(ana)).toEqual({ scans: 3, store_name: 2, date: 2, total_amount: 2 });

    // Ben saving with a reading of Ana's not saved yet counts nothing for him, and takes nothing from her.
    const fourth = await scan(ana);
    const before = await receiptCount(ben.uid);
    expect((await save(ben, fourth, { scan_read_id: fourth.read_id, total_amount: 99 })).statusCode).toBe(201);
    expect(await receiptCount(ben.uid)).toBe(before + 1);
    expect(await trust(ben)).toEqual({ scans: 0, store_name: 0, date: 0, total_amount: 0 });
    expect(await trust(ana)).toEqual({ scans: 3, store_name: 2, date: 2, total_amount: 2 });
    expect((await save(ana, fourth, { scan_read_id: fourth.read_id })).statusCode).toBe(201);
    expect(await trust(ana)).toEqual({ scans: 4, store_name: 3, date: 3, total_amount: 3 });
    // Nor does Ben's own scan count until he saves it.
    await scan(ben);
    expect((await trust(ben)).scans).toBe(0);
  }, 180_000);

  it('a read id that is no id counts nothing; one too long is refused and saves nothing', async () => {
    const user = await t.signUp();
    const read = { processed_data: { store_name: 'Typed In', date: '2025-05-14', total_amount: 8 } };
    expect((await save(user, read, { scan_read_id: 'not-an-id' })).statusCode).toBe(201);
    const refused = await save(user, read, { scan_read_id: 'x'.repeat(65) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/scan_read_id/);
    expect(await receiptCount(user.uid)).toBe(1);
    expect((await trust(user)).scans).toBe(0);
  });

  it('a draft read in the background explains itself, and its save counts', async () => {
    const user = await t.signUp();
    expect((await uploadDrafts(t, user, [{ name: 'deli.png', bytes: png, type: 'image/png' }])).statusCode).toBe(202);
    const [draft] = await draftsWhen(t, user, (d) => d.length === 1 && allSettled(d));
    expect(draft.status).toBe('ready');
    expect(draft.reasons?.total_amount?.code).toBe('label_and_sum');
    expect(draft.reasons?.date).toEqual({ code: 'date_label', printed: '14/05/2025' });
    expect(draft.read_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      (await save(user, { processed_data: draft.processed_data! }, { draft_id: draft._id, scan_read_id: draft.read_id, date: '2025-05-01' })).statusCode,
    ).toBe(201);
    expect(await trust(user)).toEqual({ scans: 1, store_name: 1, date: 0, total_amount: 1 });
  }, 120_000);

  it(`counts the last ${TRUST_SCANS} saved scans, and forgets unsaved readings past ${OPEN_READS_KEPT}`, async () => {
    const user = await t.signUp();
    const db = t.db.db;
    const reading = { store_name: 'Corner Shop', date: '2025-05-14', total_amount: 3 };
    // The oldest ten saved with another total, the newest as read: only the newest count.
    for (let i = 0; i < TRUST_SCANS + 10; i++) {
      const id = await recordRead(db, user.uid, reading);
      await settleRead(db, user.uid, id, { store: 'Corner Shop', date: '2025-05-14', total: i < 10 ? 4 : 3 });
    }
    for (let i = 0; i < OPEN_READS_KEPT + 5; i++) await recordRead(db, user.uid, reading);
    expect(await trust(user)).toEqual({ scans: TRUST_SCANS, store_name: TRUST_SCANS, date: TRUST_SCANS, total_amount: TRUST_SCANS });
    const { rows } = await sql<{ saved: number; open: number }>`
      SELECT count(*) FILTER (WHERE saved_at IS NOT NULL)::int AS saved, count(*) FILTER (WHERE saved_at IS NULL)::int AS open
      FROM scan_reads WHERE user_id = ${user.uid}`.execute(db);
    expect(rows[0]).toEqual({ saved: TRUST_SCANS, open: OPEN_READS_KEPT });

    // The account's deletion takes them with it.
    expect((await t.request(user, { method: 'DELETE', url: '/api/account', payload: { confirm: user.email } })).statusCode).toBe(204);
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM scan_reads WHERE user_id = ${user.uid}`.execute(db);
    expect(left.rows[0].n).toBe(0);
  }, 120_000);
});
