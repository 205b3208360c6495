import type { Kysely } from 'kysely';
import type { Database } from '../../../../src/server/db/schema';
import type { ImportCommitState } from '../../../../src/shared/imports';
import { emptyTally, gaveUp, importStopped, writeImport, type ImportJobDeps } from '../../../../src/server/modules/imports/importJob';
import { startImport } from '../../../../src/server/modules/imports/repository';
import { receiptsChangedInBulk, storesChangedInBulk } from '../../../../src/server/moduleWiring';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { csv, day, importApi } from './importApi';

/**
 * A try of an import that stops part-way (its worker lost: the transaction it was in never
 * commits) is tried again from where it got: each row is written once, and the person learns the
 * outcome from GET /api/import/commit/:id and from a commit sent again. An import whose tries all
 * fail ends as failed, with why, not as an import that never finishes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ IMPORT_COMMIT_WAIT_SECONDS: '0' });
});
afterAll(() => t?.close());

const { preview, commitRequest, countOf } = importApi(() => t);
const mapping = { date: 0, description: 1, amount: 2, dateOrder: 'ISO' as const };
const statement = (rows: number) =>
  csv(
    'Date,Description,Amount',
    ...Array.from({ length: rows }, (_, i) => `${day(1 + (i % 25))},SHOP ${String.fromCharCode(65 + (i % 26))},-${(1 + (i % 97)).toFixed(2)}`),
  );

const deps = (db: Kysely<Database> = t.db.db): ImportJobDeps => ({
  db,
  storesChanged: storesChangedInBulk,
  changedInBulk: receiptsChangedInBulk,
  clock: t.app.clock,
});

/** The database as a worker that is lost after `transactions` transactions sees it: the next one fails before it commits anything. */
function lostAfter(transactions: number): Kysely<Database> {
  let left = transactions;
  const db = t.db.db;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction' && left-- <= 0) throw new Error('the worker was lost');
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const stateOf = async (user: TestUser, id: string) => {
  const res = await t.request(user, { method: 'GET', url: `/api/import/commit/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json() as ImportCommitState;
};

/** A committed preview whose import nobody has started writing yet (the job's tries are run by the test). */
async function committed(user: TestUser, rows: number): Promise<string> {
  const p = await preview(user, { bytes: statement(rows) });
  expect(await startImport(t.db.db, user.uid, p.id, { mapping, changes: [] }, emptyTally())).toBe(true);
  return p.id;
}

describe('an import whose worker is lost', () => {
  it('is tried again from where it got: each row written once, and the person learns it is done', async () => {
    const user = await t.signUp();
    const rows = 1_000;
    const id = await committed(user, rows);
    // Lost after four chunks (and the fallback category's transaction) were written.
    await expect(writeImport(deps(lostAfter(5)), id)).rejects.toThrow('the worker was lost');
    const cut = await stateOf(user, id);
    expect(cut).toMatchObject({ status: 'importing', rows });
    expect(cut.rows_done).toBeGreaterThan(0);
    expect(cut.rows_done).toBeLessThan(rows);
    expect(await countOf('receipts', user)).toBe(cut.rows_done);
    // The person sends the commit again meanwhile: the same import, not a second one.
    const again = await commitRequest(user, id);
    expect([again.statusCode, again.json().preview_id, again.json().status]).toEqual([202, id, 'importing']);

    // The queue's next try.
    await writeImport(deps(), id);
    const done = await stateOf(user, id);
    expect(done).toEqual({ preview_id: id, status: 'done', rows, rows_done: rows, result: { added: rows, linked: 0, skipped: 0, problems: [] } });
    expect(await countOf('receipts', user)).toBe(rows);
    expect(await countOf('import_rows', user)).toBe(rows);
    // Asked again after it finished: its result, nothing written twice.
    const after = await commitRequest(user, id);
    expect({ status: after.statusCode, body: after.json() }).toEqual({ status: 200, body: done.result });
    expect(await countOf('receipts', user)).toBe(rows);
  });

  it('ends as failed, saying what was saved, once its last try failed: never importing for ever', async () => {
    const user = await t.signUp();
    const rows = 600;
    const id = await committed(user, rows);
    await expect(writeImport(deps(lostAfter(3)), id)).rejects.toThrow('the worker was lost');
    const saved = (await stateOf(user, id)).rows_done;
    // What the dead-letter queue's worker does with a job whose tries are used up.
    await gaveUp(deps(), id);
    const failed = await stateOf(user, id);
    expect(failed).toMatchObject({ preview_id: id, status: 'failed', rows, rows_done: saved, message: importStopped(saved, rows) });
    expect(await countOf('receipts', user)).toBe(saved);
    // A late try of the same job (one taken for dead) changes nothing now.
    await writeImport(deps(), id);
    expect(await stateOf(user, id)).toEqual(failed);
    expect(await countOf('receipts', user)).toBe(saved);
    const again = await commitRequest(user, id);
    expect([again.statusCode, again.json().status, again.json().message]).toEqual([202, 'failed', importStopped(saved, rows)]);
  });
});
