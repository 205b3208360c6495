import { sql } from 'kysely';
import { readTextReceipt } from '../../../../src/server/ocr';
import { recordRead, settleRead } from '../../../../src/server/modules/scan/trust';
import { refitFor } from '../../../../src/server/modules/scan/refitJob';
import { personalWeights } from '../../../../src/server/modules/scan/learned';
import { PERSONAL_PICKER_MIN_SCANS } from '../../../../src/shared/constants/scan';
import type { ScanTrust } from '../../../../src/shared/scan';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { multipartBody } from '../avatar/upload';
import { zipEntries } from '../../zip/zipEntries';
import { makeZip } from '../../zip/makeZip';
import { asText, SUBTOTAL_AND_TOTAL } from './receiptImage';

/**
 * What scanning learned of a person's corrections goes with their account (issue 52): a backup
 * keeps their picker weights, on or off per field, with the figures that decided it, and a
 * restore brings them back (the saved scans themselves, as the trust figure's, stay behind); a
 * deleted account takes them and its saved scans' candidates with it. The picker is fitted with
 * the refit job's own function on an e-receipt read as text, so no OCR runs here.
 */
let source: TestApp;
let target: TestApp;
beforeAll(async () => {
  source = await startTestApp();
  target = await startTestApp({}, { pglite: true });
});
afterAll(async () => {
  await source?.close();
  await target?.close();
});

const RECEIPT = asText(SUBTOTAL_AND_TOTAL);

/** A person whose saved scans keep the subtotal as the total, their picker fitted on them. */
async function personWhoSavesSubtotals(t: TestApp): Promise<TestUser> {
  const user = await t.signUp();
  const read = readTextReceipt(RECEIPT, 'DMY', new Date(Date.UTC(2025, 5, 2)));
  const { store_name, date } = read.processed_data;
  for (let i = 0; i < PERSONAL_PICKER_MIN_SCANS; i++) {
    const id = await recordRead(t.db.db, user.uid, { store_name, date, total_amount: 8.8 }, read.candidates);
    await settleRead(t.db.db, user.uid, id, { store: store_name, date: date!, total: 8 });
  }
  await refitFor(t.db.db, user.uid);
  return user;
}

const learned = async (t: TestApp, user: TestUser) => (await t.request(user, { method: 'GET', url: '/scan/trust' })).json<ScanTrust>().learned;
const backupFiles = async (t: TestApp, user: TestUser) => zipEntries((await t.request(user, { method: 'GET', url: '/api/backup' })).rawPayload);
const restore = (t: TestApp, user: TestUser, zip: Buffer) => {
  const body = multipartBody(zip, { filename: 'tally-backup.zip', contentType: 'application/zip' });
  return t.request(user, { method: 'POST', url: '/api/backup/restore', payload: body.payload, headers: body.headers });
};
const withData = (files: Map<string, Buffer>, change: (data: Record<string, unknown>) => void) => {
  const data = JSON.parse(files.get('data.json')!.toString());
  change(data);
  return makeZip([...files].map(([name, bytes]) => ({ name, data: name === 'data.json' ? Buffer.from(JSON.stringify(data)) : bytes })));
};
const rowsOf = async (t: TestApp, uid: string) =>
  (
    await sql<{ pickers: number; reads: number }>`
      SELECT (SELECT count(*)::int FROM personal_picker WHERE user_id = ${uid}) AS pickers,
             (SELECT count(*)::int FROM scan_reads WHERE user_id = ${uid}) AS reads`.execute(t.db.db)
  ).rows[0];

it('text receipts carry their candidates, and the job fits on them', async () => {
  const person = await personWhoSavesSubtotals(source);
  expect(await learned(source, person)).toMatchObject({ state: 'on', scans: PERSONAL_PICKER_MIN_SCANS, fields: { total_amount: { on: true } } });
  expect(Object.keys((await personalWeights(source.db.db, person.uid))!)).toEqual(['total']);
});

it('keeps the person’s picker in the backup and brings it back on another server', async () => {
  const person = await personWhoSavesSubtotals(source);
  const files = await backupFiles(source, person);
  const data = JSON.parse(files.get('data.json')!.toString());
  expect(data.personal_picker).toMatchObject({ scans: PERSONAL_PICKER_MIN_SCANS, fields: { total: { on: true } }, weights: { total: expect.any(Object) } });

  const newcomer = await target.signUp();
  expect((await restore(target, newcomer, await withData(files, () => undefined))).statusCode).toBe(200);
  expect(await learned(target, newcomer)).toEqual(await learned(source, person));
  expect(await personalWeights(target.db.db, newcomer.uid)).toEqual(await personalWeights(source.db.db, person.uid));
});

it('restores a backup made before the picker was kept, and one of a person who has none', async () => {
  const person = await personWhoSavesSubtotals(source);
  const files = await backupFiles(source, person);
  const older = await target.signUp();
  expect((await restore(target, older, await withData(files, (data) => delete data.personal_picker))).statusCode).toBe(200);
  expect(await learned(target, older)).toEqual({ state: 'too_few_scans', scans: 0, min_scans: PERSONAL_PICKER_MIN_SCANS });

  const beginner = await source.signUp();
  const nothing = await backupFiles(source, beginner);
  expect(JSON.parse(nothing.get('data.json')!.toString()).personal_picker).toBeNull();
  const fresh = await target.signUp();
  expect((await restore(target, fresh, await withData(nothing, () => undefined))).statusCode).toBe(200);
  expect((await rowsOf(target, fresh.uid)).pickers).toBe(0);
});

it('refuses a picker that does not hold together, writing nothing', async () => {
  const person = await personWhoSavesSubtotals(source);
  const files = await backupFiles(source, person);
  const newcomer = await target.signUp();
  type Picker = { scans: number; weights: { total: Record<string, number> } };
  for (const spoil of [(p: Picker) => (p.scans = -1), (p: Picker) => (p.weights.total.total = 1e300)]) {
    const res = await restore(target, newcomer, await withData(files, (data) => spoil(data.personal_picker as Picker)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/personal_picker/);
    expect((await rowsOf(target, newcomer.uid)).pickers).toBe(0);
  }
});

it('goes with the account, with its saved scans’ candidates', async () => {
  const person = await personWhoSavesSubtotals(source);
  expect(await rowsOf(source, person.uid)).toEqual({ pickers: 1, reads: PERSONAL_PICKER_MIN_SCANS });
  const res = await source.request(person, { method: 'DELETE', url: '/api/account', payload: { confirm: person.email } });
  expect(res.statusCode).toBe(204);
  expect(await rowsOf(source, person.uid)).toEqual({ pickers: 0, reads: 0 });
});
