import { sql } from 'kysely';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { receiptPng } from '../scan/receiptImage';
import { allSettled, draftsWhen, listDrafts, uploadDrafts } from './uploads';
import type { Draft } from '../../../../src/shared/drafts';

/**
 * The review queue's lookups through the real API: the real job queue and OCR engine reading the
 * photos in the background, the real database and auth emulator.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ OCR_POOL_SIZE: '1', SCAN_WORKERS: '1', QUEUE_POLL_SECONDS: '1' });
});
afterAll(() => t?.close());

/** A Malaysian café's receipt: ringgit, the day written first. */
let pagoh: Buffer;
let corner: Buffer;
beforeAll(async () => {
  pagoh = await receiptPng([['PAGOH CAFE'], ['Date: 10/03/2018'], ['Teh tarik', 'RM 10.00'], ['TOTAL', 'RM 10.00'], ['CASH', 'RM 20.00']]);
  corner = await receiptPng([['CORNER SHOP'], ['Date: 05/01/2018'], ['Milk', '4.50'], ['TOTAL', '4.50'], ['CASH', '10.00']]);
});

async function oneDraft(user: TestUser): Promise<Draft> {
  const res = await uploadDrafts(t, user, [{ name: 'pagoh.png', bytes: pagoh }]);
  expect(res.statusCode).toBe(202);
  const [draft] = await draftsWhen(t, user, (d) => d.length === 1 && allSettled(d));
  expect(draft.status).toBe('ready');
  return draft;
}

const readDate = (user: TestUser, id: string, order: 'MDY' | 'DMY') =>
  t.request(user, { method: 'POST', url: `/receipts/drafts/${id}/date`, payload: { date_order: order } });

const matchOf = (user: TestUser, id: string, query: Record<string, string>) => t.request(user, { method: 'GET', url: `/receipts/drafts/${id}/match`, query });

describe('a draft dated day first', () => {
  it('is read month first by default, hints day first, and is read again day first when asked, which the draft keeps', async () => {
    const user = await t.signUp();
    const draft = await oneDraft(user);
    expect(draft).toMatchObject({ currency: 'RM', date_order: 'MDY', suggested_date_order: 'DMY', processed_data: { date: '2018-10-03', total_amount: 10 } });

    const res = await readDate(user, draft._id, 'DMY');
    expect([res.statusCode, res.json()]).toEqual([200, { date: '2018-03-10' }]);
    const [kept] = await listDrafts(t, user);
    expect(kept).toMatchObject({ date_order: 'DMY', processed_data: { date: '2018-03-10', total_amount: 10 } });
  });

  it('is compared with saved receipts in ringgit, on the date read again', async () => {
    const user = await t.signUp();
    const saved = (
      await t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Pagoh Cafe', date: '2018-03-10', amount: 10, currency: 'MYR', rate: 0.25 } })
    ).json();
    // Ten dollars on that day is another receipt.
    await t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Pagoh Cafe', date: '2018-03-10', amount: 10 } });
    const draft = await oneDraft(user);
    // Read month first (3 October), it is no receipt of March.
    expect(draft.duplicate_of).toBeNull();
    await readDate(user, draft._id, 'DMY');
    const [again] = await listDrafts(t, user);
    expect(again.duplicate_of).toEqual({ _id: saved.id, store_name: 'Pagoh Cafe', date: '2018-03-10', total_amount: 10, currency: 'MYR', imported: false });
  });
});

describe('GET /receipts/drafts/:id/match', () => {
  it('finds the receipt a draft is as the person corrected it, and the one saved from the same photo whatever is typed', async () => {
    const user = await t.signUp();
    const first = await oneDraft(user);
    const saved = (
      await t.request(user, {
        method: 'POST',
        url: '/receipts',
        payload: { store_name: 'Pagoh Cafe', date: '2018-03-10', total_amount: 10, currency: 'MYR', rate: 0.25, draft_id: first._id },
      })
    ).json();
    const typed = (await t.request(user, { method: 'POST', url: '/receipts', payload: { store: 'Corner Shop', date: '2018-05-01', amount: 4.5 } })).json();
    const cornerShop = { store: 'CORNER SHOP', date: '2018-05-02', amount: '4.50', currency: 'USD' };

    const second = await oneDraft(user);
    // The same photo as a receipt saved: that one, whatever the fields say.
    expect((await matchOf(user, second._id, cornerShop)).json()).toEqual({ match: expect.objectContaining({ _id: saved.id }) });
    await t.request(user, { method: 'DELETE', url: `/receipts/drafts/${second._id}` });

    const [{ _id: otherPhoto }] = (await uploadDrafts(t, user, [{ name: 'c.png', bytes: corner }])).json();
    await draftsWhen(t, user, allSettled);
    expect((await matchOf(user, otherPhoto, cornerShop)).json()).toEqual({ match: expect.objectContaining({ _id: typed.id, imported: false }) });
    expect((await matchOf(user, otherPhoto, { ...cornerShop, amount: '4.51' })).json()).toEqual({ match: null });

    // Another person's receipts, of the same photo or the same fields, are never offered.
    const other = await t.signUp();
    const [{ _id: theirs }] = (await uploadDrafts(t, other, [{ name: 'p.png', bytes: pagoh }])).json();
    await draftsWhen(t, other, allSettled);
    expect((await matchOf(other, theirs, cornerShop)).json()).toEqual({ match: null });
    expect((await listDrafts(t, other))[0].duplicate_of).toBeNull();
  });

  it("keeps another person's draft out of reach, and a draft not read yet is not read again", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const draft = await oneDraft(owner);
    const query = { store: 'Pagoh Cafe', date: '2018-03-10', amount: '10', currency: 'MYR' };
    expect((await matchOf(other, draft._id, query)).statusCode).toBe(404);
    expect((await readDate(other, draft._id, 'DMY')).statusCode).toBe(404);
    expect((await matchOf(owner, 'not-a-uuid', query)).statusCode).toBe(404);
    expect((await matchOf(owner, draft._id, { ...query, date: 'soon' })).statusCode).toBe(400);
    expect((await t.request(owner, { method: 'POST', url: `/receipts/drafts/${draft._id}/date`, payload: { date_order: 'YMD' } })).statusCode).toBe(400);
    expect((await listDrafts(t, owner))[0]).toMatchObject({ date_order: 'MDY', processed_data: { date: '2018-10-03' } });

    const { rows } = await sql<{ id: string }>`INSERT INTO receipt_drafts (user_id, status, image_key, image_hash)
      VALUES (${owner.uid}, 'queued', 'x/1', 'h1') RETURNING id`.execute(t.db.db);
    const early = await readDate(owner, rows[0].id, 'DMY');
    expect([early.statusCode, early.json().message]).toEqual([409, 'This receipt has not been read yet']);
  });
});
