import { sql } from 'kysely';
import { MAX_KEPT_PREVIEWS } from '../../../../src/shared/imports';
import crypto from 'node:crypto';
import { deleteOldPreviews, insertPreview, previewBytes, PREVIEW_CHUNK_BYTES } from '../../../../src/server/modules/imports/repository';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { csv, day, importApi } from './importApi';

/** Uploads kept for their commit are few per person and go on a schedule, whether or not the person uploads again. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const { preview, commit, commitRequest, countOf } = importApi(() => t);
const statement = (n: number) => csv('Date,Description,Amount', `${day(1)},SHOP ${n},-1.00`);

const keptIds = async (user: TestUser) =>
  (await sql<{ id: string }>`SELECT id FROM import_previews WHERE user_id = ${user.uid} ORDER BY created_at`.execute(t.db.db)).rows.map((r) => r.id);
const age = (id: string, hours: number) =>
  sql`UPDATE import_previews SET created_at = now() - make_interval(hours => ${hours}), updated_at = now() - make_interval(hours => ${hours}) WHERE id = ${id}`.execute(
    t.db.db,
  );

describe('previews kept for their commit', () => {
  it(`keeps a person's ${MAX_KEPT_PREVIEWS} newest uploads; an older one answers 404`, async () => {
    const user = await t.signUp();
    const ids: string[] = [];
    for (let n = 0; n < MAX_KEPT_PREVIEWS + 2; n++) ids.push((await preview(user, { bytes: statement(n) })).id);
    expect(await keptIds(user)).toEqual(ids.slice(2));
    expect((await commitRequest(user, ids[0])).statusCode).toBe(404);
    expect(await commit(user, ids[ids.length - 1])).toMatchObject({ added: 1 });
    // Another person's uploads are theirs to count.
    const other = await t.signUp();
    await preview(other, { bytes: statement(99) });
    expect(await keptIds(user)).toHaveLength(MAX_KEPT_PREVIEWS);
  });

  it('drops the oldest past the bytes a person may keep, never one being imported', async () => {
    const user = await t.signUp();
    const kept = (n: number) => ({ fileName: `s${n}.csv`, headerKey: 'k', bytes: Buffer.alloc(400, 'x'), rowCount: 1 });
    const limits = { count: 10, bytes: 1000 };
    const insert = (n: number) => t.db.db.transaction().execute((trx) => insertPreview(trx, user.uid, kept(n), limits));
    const [a, b] = [await insert(1), await insert(2)];
    const c = await insert(3);
    expect(await keptIds(user)).toEqual([b, c]);
    await sql`UPDATE import_previews SET status = 'importing' WHERE id = ${b}`.execute(t.db.db);
    const d = await insert(4);
    const e = await insert(5);
    expect(await keptIds(user)).toEqual([b, d, e]);
    expect(await keptIds(user)).not.toContain(a);
  });

  it('keeps a file of several chunks byte for byte, and lets its chunks go with it', async () => {
    const user = await t.signUp();
    // Not a multiple of the chunk size, and bytes no text encoding would keep.
    const bytes = crypto.randomBytes(2 * PREVIEW_CHUNK_BYTES + 1234);
    const file = { fileName: 'big.csv', headerKey: 'k', bytes, rowCount: 1 };
    const id = await t.db.db.transaction().execute((trx) => insertPreview(trx, user.uid, file, { count: 10, bytes: 10 * bytes.length }));
    const chunks = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM import_preview_chunks WHERE preview_id = ${id}`.execute(t.db.db)).rows[0].n;
    expect(await chunks()).toBe(3);
    expect(Buffer.from((await previewBytes(t.db.db, id))!).equals(bytes)).toBe(true);
    // Pushed out by the person's next upload past their bytes: the chunks go too.
    await t.db.db.transaction().execute((trx) => insertPreview(trx, user.uid, { ...file, fileName: 'next.csv' }, { count: 10, bytes: bytes.length }));
    expect(await chunks()).toBe(0);
    expect(await previewBytes(t.db.db, id)).toBeUndefined();
  });

  it('deletes old previews and old outcomes on a schedule, and keeps imports under way', async () => {
    const user = await t.signUp();
    const [old, fresh, done, running] = [
      await preview(user, { bytes: statement(1) }),
      await preview(user, { bytes: statement(2) }),
      await preview(user, { bytes: statement(3) }),
      await preview(user, { bytes: statement(4) }),
    ];
    await commit(user, done.id);
    await sql`UPDATE import_previews SET status = 'importing' WHERE id = ${running.id}`.execute(t.db.db);
    for (const id of [old.id, done.id, running.id]) await age(id, 25);
    // Another API instance on the same database sweeps as it starts (and then every IMPORT_CLEANUP_MINUTES).
    const instance = await startTestApp({ IMPORT_CLEANUP_MINUTES: '1' }, { sharing: t });
    await instance.close();
    expect((await keptIds(user)).sort()).toEqual([fresh.id, running.id].sort());
    expect(await deleteOldPreviews(t.db.db)).toBe(0);
    expect(await countOf('import_previews', user)).toBe(2);
  });
});
