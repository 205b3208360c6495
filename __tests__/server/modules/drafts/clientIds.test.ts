import { sql } from 'kysely';
import { startTestApp, type TestApp } from '../../helpers';
import { storedImages } from '../../blobs/stored';
import { receiptPng } from '../scan/receiptImage';
import { formBody, listDrafts, multipartOf, uploadDrafts } from './uploads';

/**
 * Idempotent uploads: a device's outbox sends each photo under its own client id, and may send
 * it again (an answer lost, two tries at once); the server makes one draft of it, whatever the
 * database. No workers: the drafts wait in the queue, which is what these tests count.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SCAN_WORKERS: '0' });
});
afterAll(() => t?.close());

let photo: Buffer;
let other: Buffer;
beforeAll(async () => {
  photo = await receiptPng([['GREEN GROCER'], ['TOTAL', '12.40']]);
  other = await receiptPng([['BOLT HARDWARE'], ['TOTAL', '23.99']]);
});

const jobsOf = async (draftIds: string[]) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'draftId' = ANY(${draftIds})`.execute(t.db.db)).rows[0].n;

describe('POST /receipts/drafts with a client_id per file', () => {
  it('answers the same client id again with its draft, making no second draft, photo or scan job', async () => {
    const user = await t.signUp();
    const first = await uploadDrafts(t, user, [{ name: 'a.png', bytes: photo, clientId: 'c-1' }]);
    expect(first.statusCode).toBe(202);
    const [made] = first.json();
    expect(made).toMatchObject({ status: 'queued', file: 'a.png', client_id: 'c-1' });
    expect(made.repeat).toBeUndefined();

    const again = await uploadDrafts(t, user, [
      { name: 'a.png', bytes: photo, clientId: 'c-1' },
      { name: 'b.png', bytes: other, clientId: 'c-2' },
    ]);
    expect(again.statusCode).toBe(202);
    const [repeat, fresh] = again.json();
    expect(repeat).toEqual({ _id: made._id, status: 'queued', file: 'a.png', client_id: 'c-1', repeat: true });
    expect(fresh).toMatchObject({ status: 'queued', client_id: 'c-2' });
    expect(fresh._id).not.toBe(made._id);

    expect((await listDrafts(t, user)).map((d) => d._id).sort()).toEqual([made._id, fresh._id].sort());
    expect(await storedImages(t, user.uid)).toHaveLength(2);
    expect(await jobsOf([made._id])).toBe(1);
  });

  it('makes one draft when two uploads of the same client id arrive at once', async () => {
    const user = await t.signUp();
    const answers = await Promise.all([1, 2, 3].map(() => uploadDrafts(t, user, [{ name: 'a.png', bytes: photo, clientId: 'same' }])));
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202]);
    const ids = answers.map((r) => r.json()[0]._id);
    expect(new Set(ids).size).toBe(1);
    expect(answers.filter((r) => r.json()[0].repeat).length).toBe(2);
    expect((await listDrafts(t, user)).map((d) => d._id)).toEqual([ids[0]]);
    expect(await storedImages(t, user.uid)).toHaveLength(1);
    expect(await jobsOf(ids)).toBe(1);
  });

  it("answers 'reviewed' once the draft was discarded, and does not bring it back", async () => {
    const user = await t.signUp();
    const [{ _id }] = (await uploadDrafts(t, user, [{ name: 'a.png', bytes: photo, clientId: 'gone' }])).json();
    expect((await t.request(user, { method: 'DELETE', url: `/receipts/drafts/${_id}` })).statusCode).toBe(204);
    const late = await uploadDrafts(t, user, [{ name: 'a.png', bytes: photo, clientId: 'gone' }]);
    expect(late.statusCode).toBe(202);
    expect(late.json()).toEqual([{ _id, status: 'reviewed', file: 'a.png', client_id: 'gone', repeat: true }]);
    expect(await listDrafts(t, user)).toEqual([]);
    expect(await storedImages(t, user.uid)).toHaveLength(0);
  });

  it("keeps client ids per person: another person's same id makes their own draft", async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const [mine] = (await uploadDrafts(t, owner, [{ name: 'a.png', bytes: photo, clientId: 'shared-id' }])).json();
    const [theirs] = (await uploadDrafts(t, stranger, [{ name: 'b.png', bytes: other, clientId: 'shared-id' }])).json();
    expect(theirs.repeat).toBeUndefined();
    expect(theirs._id).not.toBe(mine._id);
    expect((await listDrafts(t, owner)).map((d) => d._id)).toEqual([mine._id]);
    expect((await listDrafts(t, stranger)).map((d) => d._id)).toEqual([theirs._id]);
  });

  it('still takes photos sent without a client id, each as a new draft', async () => {
    const user = await t.signUp();
    await uploadDrafts(t, user, [{ name: 'a.png', bytes: photo }]);
    await uploadDrafts(t, user, [{ name: 'a.png', bytes: photo }]);
    expect(await listDrafts(t, user)).toHaveLength(2);
  });
});

describe('a bad client_id is a 400 that keeps nothing', () => {
  const refused = async (body: { payload: Buffer; headers: Record<string, string> }, message: string | RegExp) => {
    const user = await t.signUp();
    const res = await t.request(user, { method: 'POST', url: '/receipts/drafts', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(await listDrafts(t, user)).toEqual([]);
    expect(await storedImages(t, user.uid)).toHaveLength(0);
  };

  it.each([
    ['empty', ''],
    ['too long', 'x'.repeat(65)],
    ['with other characters', 'a b/c'],
  ])('refuses a client id %s', async (_, clientId) => {
    await refused(await multipartOf([{ name: 'a.png', bytes: photo, clientId }]), "A client_id is 1 to 64 letters, digits, '-' or '_'");
  });

  it('refuses the same client id twice in one upload', async () => {
    await refused(
      await multipartOf([
        { name: 'a.png', bytes: photo, clientId: 'twice' },
        { name: 'b.png', bytes: other, clientId: 'twice' },
      ]),
      'The client_id twice was sent twice in one upload',
    );
  });

  it('refuses a client id with no file after it, and a field of another name', async () => {
    const trailing = new FormData();
    trailing.append('files', new Blob([new Uint8Array(photo)]), 'a.png');
    trailing.append('client_id', 'late');
    await refused(await formBody(trailing), 'Each client_id must come just before the file it names');

    const unknown = new FormData();
    unknown.append('note', 'hello');
    unknown.append('files', new Blob([new Uint8Array(photo)]), 'a.png');
    await refused(await formBody(unknown), /Unknown field "note"/);
  });
});
