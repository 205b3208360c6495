import { sql } from 'kysely';
import type { ScanReceiptResult, ScanTrust } from '../../../../src/shared/scan';
import { PERSONAL_PICKER_MIN_SCANS } from '../../../../src/shared/constants/scan';
import { recordRead, settleRead } from '../../../../src/server/modules/scan/trust';
import type { PickerCandidates } from '../../../../src/server/ocr';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { receiptPng, scanAs, SUBTOTAL_AND_TOTAL } from './receiptImage';

/**
 * Scanning learns from a person's own corrections (issue 52), through the real API, OCR, job
 * queue and database: a person who keeps saving the subtotal as the total gets their own
 * weights switched on by the background refit, and their next scan of such a receipt reads the
 * subtotal, saying why; another person reads it as before. Most of the saves the refit needs are
 * recorded through the scan module's own functions with a real scan's candidates, so only a few
 * receipts are read by the OCR.
 */
let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await startTestApp({ OCR_POOL_SIZE: '1', QUEUE_POLL_SECONDS: '1', FIXED_TIME: '2025-06-02T10:00:00Z' });
  png = await receiptPng(SUBTOTAL_AND_TOTAL);
});
afterAll(() => t?.close());

const scan = (user: TestUser) => scanAs(t, user, png);

const save = (user: TestUser, read: ScanReceiptResult, fields: Record<string, unknown>) =>
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

const trust = async (user: TestUser): Promise<ScanTrust> => {
  const res = await t.request(user, { method: 'GET', url: '/scan/trust' });
  expect(res.statusCode).toBe(200);
  return res.json();
};

/** Asks for the figure until `done` holds: the refit runs in the background. */
async function trustWhen(user: TestUser, done: (trust: ScanTrust) => boolean): Promise<ScanTrust> {
  const until = Date.now() + 60_000;
  for (;;) {
    const now = await trust(user);
    if (done(now)) return now;
    if (Date.now() > until) throw new Error(`the refit did not finish: ${JSON.stringify(now.learned)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const candidatesOf = async (readId: string): Promise<PickerCandidates | null> =>
  (await t.db.db.selectFrom('scan_reads').select('candidates').where('id', '=', readId).executeTakeFirstOrThrow()).candidates;

const pickerRows = async (uid: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM personal_picker WHERE user_id = ${uid}`.execute(t.db.db)).rows[0].n;

it('learns that a person saves the subtotal, and reads their next receipt their way; another person reads it as before', async () => {
  const [ana, ben] = [await t.signUp(), await t.signUp()];
  const first = await scan(ana);
  expect(first.processed_data).toMatchObject({ date: '2025-05-14', total_amount: 8.8 });
  expect(first.reasons?.total_amount?.code).toBe('label_and_sum');
  // The scan's candidates are kept with what it read: both amounts among them, the pick marked.
  const candidates = (await candidatesOf(first.read_id!))!;
  expect(candidates.total.options.map((o) => o.value)).toEqual(expect.arrayContaining([8, 8.8]));
  expect(candidates.total.options[candidates.total.picked].value).toBe(8.8);
  expect((await trust(ana)).learned).toEqual({ state: 'too_few_scans', scans: 0, min_scans: PERSONAL_PICKER_MIN_SCANS });

  // Earlier saves of such receipts, each with the subtotal as its total.
  const { store_name, date } = first.processed_data;
  for (let i = 1; i < PERSONAL_PICKER_MIN_SCANS; i++) {
    const id = await recordRead(t.db.db, ana.uid, { store_name, date, total_amount: 8.8 }, candidates);
    await settleRead(t.db.db, ana.uid, id, { store: store_name, date: date!, total: 8 });
  }
  expect((await trust(ana)).learned).toEqual({ state: 'too_few_scans', scans: PERSONAL_PICKER_MIN_SCANS - 1, min_scans: PERSONAL_PICKER_MIN_SCANS });

  // The save that makes enough queues the refit; the answer does not wait for it.
  expect((await save(ana, first, { scan_read_id: first.read_id, total_amount: 8 })).statusCode).toBe(201);
  const learned = (await trustWhen(ana, (x) => x.learned.state !== 'too_few_scans')).learned;
  expect(learned).toEqual({
    state: 'on',
    scans: PERSONAL_PICKER_MIN_SCANS,
    min_scans: PERSONAL_PICKER_MIN_SCANS,
    fields: {
      total_amount: { on: true, scans: PERSONAL_PICKER_MIN_SCANS, with_corrections: PERSONAL_PICKER_MIN_SCANS, before: 0 },
      date: { on: false, scans: PERSONAL_PICKER_MIN_SCANS, with_corrections: PERSONAL_PICKER_MIN_SCANS, before: PERSONAL_PICKER_MIN_SCANS },
      store_name: expect.objectContaining({ on: false }),
    },
  });

  // Ana's next scan reads the subtotal, and says why; the store and date are read as before.
  const next = await scan(ana);
  expect(next.processed_data).toMatchObject({ store_name, date: '2025-05-14', total_amount: 8 });
  expect(next.reasons?.total_amount).toEqual({ code: 'sum', printed: 'SUBTOTAL', sums: ['items'] });
  expect(next.reasons?.date).toEqual(first.reasons?.date);
  expect(next.confidence.total_amount).toBeGreaterThan(0.5);

  // Ben has taught nothing: his scan reads the total after tax.
  const bens = await scan(ben);
  expect(bens.processed_data.total_amount).toBe(8.8);
  expect(bens.reasons?.total_amount?.code).toBe('label_and_sum');
  expect((await trust(ben)).learned.state).toBe('too_few_scans');
}, 240_000);

it('a read id that is no id, or another person’s, labels nothing and queues nothing', async () => {
  const [cat, dan] = [await t.signUp(), await t.signUp()];
  const dans = await scan(dan);
  const read = { ...dans, processed_data: { ...dans.processed_data, total_amount: 8 } };
  expect((await save(cat, read, { scan_read_id: dans.read_id })).statusCode).toBe(201);
  expect((await save(cat, read, { scan_read_id: 'not-an-id' })).statusCode).toBe(201);
  expect((await save(cat, read, { scan_read_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(201);
  const { rows } = await sql<{ gold: unknown; saved_at: Date | null }>`SELECT gold, saved_at FROM scan_reads WHERE id = ${dans.read_id}`.execute(t.db.db);
  expect(rows).toEqual([{ gold: null, saved_at: null }]);
  expect(await pickerRows(cat.uid)).toBe(0);
  expect(await pickerRows(dan.uid)).toBe(0);
  expect((await trust(cat)).learned).toEqual({ state: 'too_few_scans', scans: 0, min_scans: PERSONAL_PICKER_MIN_SCANS });
  expect((await trust(dan)).learned).toEqual({ state: 'too_few_scans', scans: 0, min_scans: PERSONAL_PICKER_MIN_SCANS });
}, 120_000);
