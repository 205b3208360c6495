import { sql, type Kysely } from 'kysely';
import { migrate } from '../../../src/server/db';
import type { Database } from '../../../src/server/db/schema';
import { migrateTo, onScratchDatabase } from './scratchMigrations';
import { spendingOf } from '../../../src/server/modules/households/spending';

let db: Kysely<Database>;
onScratchDatabase((handle) => (db = handle));

const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0];

it('divides the shares of receipts shared before it as they counted: each whole under the receipt’s category', async () => {
  await migrateTo(db, '093_later_page_keys');

  const { id: household } = await one(sql<{ id: string }>`INSERT INTO households (name) VALUES ('Flat') RETURNING id`);
  const member = async (name: string) =>
    (
      await one(sql<{ id: string }>`INSERT INTO household_members (household_id, user_id, display_name, status)
      VALUES (${household}, ${name}, ${name}, 'active') RETURNING id`)
    ).id;
  const [ana, ben] = [await member('ana'), await member('ben')];
  const shared = async (category: string | null, shares: Array<[string, number]>) => {
    const total = shares.reduce((s, [, minor]) => s + minor, 0);
    const { id } = await one(sql<{ id: string }>`INSERT INTO shared_receipts
      (household_id, shared_by, paid_by, store, date, currency, total_minor, split, category, created_at, updated_at)
      VALUES (${household}, ${ana}, ${ana}, 'Market', '2026-03-02', 'USD', ${total}, '{}', ${category}, now(), now()) RETURNING id`);
    for (const [m, minor] of shares)
      await sql`INSERT INTO shared_receipt_shares (household_id, shared_receipt_id, member_id, amount_minor) VALUES (${household}, ${id}, ${m}, ${minor})`.execute(
        db,
      );
  };
  await shared('Food', [
    [ana, 3000],
    [ben, 7000],
  ]);
  // A share of nothing holds no row; a receipt whose category had no name keeps none.
  await shared(null, [
    [ana, 1250],
    [ben, 0],
  ]);

  await migrate(db);
  const rows = await sql<{ member_id: string; category: string | null; minor: string }>`
    SELECT member_id, category, minor FROM share_categories ORDER BY minor DESC`.execute(db);
  expect(rows.rows.map((r) => ({ ...r, minor: Number(r.minor) }))).toEqual([
    { member_id: ben, category: 'Food', minor: 7000 },
    { member_id: ana, category: 'Food', minor: 3000 },
    { member_id: ana, category: null, minor: 1250 },
  ]);
  // The household's spending by category reads the same as before.
  const spending = await spendingOf(db, household, { from: '2026-03-01', to: '2026-03-31' });
  expect(spending.currencies[0].by_category).toEqual([
    { category: 'Food', amount: 100 },
    { category: 'Other', amount: 12.5 },
  ]);
});
