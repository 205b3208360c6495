import { sql } from 'kysely';
import type { ImportCommitState } from '../../../../src/shared/imports';
import { writeImport } from '../../../../src/server/modules/imports/importJob';
import { startImport } from '../../../../src/server/modules/imports/repository';
import { emptyTally } from '../../../../src/server/modules/imports/importJob';
import { receiptsChangedInBulk, storesChangedInBulk } from '../../../../src/server/moduleWiring';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { csv, day, importApi } from './importApi';

/**
 * A long commit answers at once with the import to follow, the rows written in the background a
 * chunk at a time; a person asking again, now or later, learns the same import's outcome.
 */
let t: TestApp;
beforeAll(async () => {
  // Answers at once: whatever the machine's speed, a commit's request never waits for its rows.
  t = await startTestApp({ IMPORT_COMMIT_WAIT_SECONDS: '0' });
});
afterAll(() => t?.close());

const { preview, commitRequest, countOf } = importApi(() => t);

const statement = (rows: number) =>
  csv('Date,Description,Amount', ...Array.from({ length: rows }, (_, i) => `${day(1 + (i % 25))},SHOP ${i % 300},-${(1 + (i % 97)).toFixed(2)}`));

const stateOf = async (user: TestUser, id: string) => {
  const res = await t.request(user, { method: 'GET', url: `/api/import/commit/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json() as ImportCommitState;
};

/** Follows the import as the screen does, until it is no longer importing; the rows done never go back. */
async function followed(user: TestUser, id: string): Promise<ImportCommitState> {
  let last = -1;
  for (let tries = 0; tries < 10_000; tries++) {
    const state = await stateOf(user, id);
    expect(state.rows_done).toBeGreaterThanOrEqual(last);
    last = state.rows_done;
    if (state.status !== 'importing') return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import never finished');
}

describe('a commit written in the background', () => {
  it('answers 202 with the import, which the person follows to its result; asked again, it answers that result', async () => {
    const user = await t.signUp();
    const rows = 3_000;
    const p = await preview(user, { bytes: statement(rows) });
    const first = await commitRequest(user, p.id);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toMatchObject({ preview_id: p.id, status: 'importing', rows });
    // A retry while it is written is the same import, not a second one.
    const retry = await commitRequest(user, p.id);
    expect([retry.statusCode, retry.json().preview_id]).toEqual([202, p.id]);

    const done = await followed(user, p.id);
    expect(done).toEqual({ preview_id: p.id, status: 'done', rows, rows_done: rows, result: { added: rows, linked: 0, skipped: 0, problems: [] } });
    expect(await countOf('receipts', user)).toBe(rows);
    // Asked again after it finished: the same result, nothing added twice.
    const after = await commitRequest(user, p.id);
    expect({ status: after.statusCode, body: after.json() }).toEqual({ status: 200, body: done.result });
    expect(await countOf('receipts', user)).toBe(rows);
    // The file is let go once written; the outcome is what is kept.
    const kept = await sql<{ n: number; chunks: number }>`
      SELECT byte_count::int AS n, (SELECT count(*)::int FROM import_preview_chunks WHERE preview_id = ${p.id}) AS chunks
        FROM import_previews WHERE id = ${p.id}`.execute(t.db.db);
    expect(kept.rows).toEqual([{ n: 0, chunks: 0 }]);
    // Totals follow the rows once the import is done.
    const dashboard = await t.request(user, { method: 'GET', url: '/dashboard?tz=UTC' });
    const spent = Array.from({ length: rows }, (_, i) => 1 + (i % 97)).reduce((a, b) => a + b, 0);
    expect(dashboard.json().total_spent).toBeCloseTo(spent);
  });

  it("answers 404 for another person's import and for a preview not committed", async () => {
    const [owner, intruder] = [await t.signUp(), await t.signUp()];
    const p = await preview(owner, { bytes: statement(3) });
    expect((await t.request(owner, { method: 'GET', url: `/api/import/commit/${p.id}` })).statusCode).toBe(404);
    await commitRequest(owner, p.id);
    for (const url of [`/api/import/commit/${p.id}`, '/api/import/commit/not-a-uuid']) {
      const res = await t.request(intruder, { method: 'GET', url });
      expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 404, message: 'Import preview not found' });
    }
    expect((await followed(owner, p.id)).status).toBe('done');
  });

  it('counts each row once when two tries of one import write side by side (one taken for dead while it was slow)', async () => {
    const user = await t.signUp();
    const rows = 700;
    const p = await preview(user, { bytes: statement(rows) });
    const mapping = { date: 0, description: 1, amount: 2, dateOrder: 'ISO' as const };
    expect(await startImport(t.db.db, user.uid, p.id, { mapping, changes: [] }, emptyTally())).toBe(true);
    const deps = { db: t.db.db, storesChanged: storesChangedInBulk, changedInBulk: receiptsChangedInBulk, clock: t.app.clock };
    await Promise.all([writeImport(deps, p.id), writeImport(deps, p.id)]);
    expect(await stateOf(user, p.id)).toMatchObject({ status: 'done', rows_done: rows, result: { added: rows, linked: 0, skipped: 0 } });
    expect(await countOf('receipts', user)).toBe(rows);
    expect(await countOf('import_rows', user)).toBe(rows);
  });
});
