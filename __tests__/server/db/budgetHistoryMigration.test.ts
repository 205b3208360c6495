import { sql, type Kysely } from 'kysely';
import { migrate } from '../../../src/server/db';
import type { Database } from '../../../src/server/db/schema';
import { migrateTo, onScratchDatabase } from './scratchMigrations';

let db: Kysely<Database>;
onScratchDatabase((handle) => (db = handle));

async function profile(user: string, created: string, budgetCents: number | null): Promise<void> {
  await sql`INSERT INTO profiles (user_id, email, display_name, first_name, last_name, monthly_budget_cents, created_at)
    VALUES (${user}, ${`${user}@example.com`}, 'M', '', '', ${budgetCents}, ${created})`.execute(db);
}

async function category(user: string, name: string, created: string, budgetCents: number | null): Promise<string> {
  const { rows } = await sql<{ id: string }>`INSERT INTO categories (user_id, name, color, icon, budget_cents, created_at)
    VALUES (${user}, ${name}, '#000000', 'tag', ${budgetCents}, ${created}) RETURNING id`.execute(db);
  return rows[0].id;
}

const history = async (user: string) =>
  (
    await sql<{ category_id: string | null; month: string; budget_cents: number | null }>`
      SELECT category_id, month::text AS month, budget_cents::int AS budget_cents FROM budget_months WHERE user_id = ${user} ORDER BY category_id NULLS FIRST, month`.execute(
      db,
    )
  ).rows;

it('gives every budget a history from when its category or account was created, and none from always', async () => {
  await migrateTo(db, '070_currencies_imports');

  // A budget never changed since budget history was kept, and a category created with one.
  await profile('quiet', '2026-09-15T10:00:00Z', 50_000);
  const pets = await category('quiet', 'Pets', '2026-10-20T10:00:00Z', 10_000);
  await category('quiet', 'Food', '2026-09-15T10:00:00Z', null);
  // A budget "since always" (the old stand-in), then changed in November.
  await profile('changed', '2026-08-03T10:00:00Z', 70_000);
  await sql`INSERT INTO budget_months (user_id, category_id, month, budget_cents) VALUES
    ('changed', NULL, '1970-01-01', 60000), ('changed', NULL, '2026-11-01', 70000)`.execute(db);
  // One whose "since always" row is followed by a row from the account's first month: it says nothing.
  await profile('covered', '2026-08-03T10:00:00Z', 40_000);
  await sql`INSERT INTO budget_months (user_id, category_id, month, budget_cents) VALUES
    ('covered', NULL, '1970-01-01', 30000), ('covered', NULL, '2026-08-01', 40000)`.execute(db);

  await migrate(db);
  expect(await history('quiet')).toEqual([
    { category_id: null, month: '2026-09-01', budget_cents: 50_000 },
    { category_id: pets, month: '2026-10-01', budget_cents: 10_000 },
  ]);
  expect(await history('changed')).toEqual([
    { category_id: null, month: '2026-08-01', budget_cents: 60_000 },
    { category_id: null, month: '2026-11-01', budget_cents: 70_000 },
  ]);
  expect(await history('covered')).toEqual([{ category_id: null, month: '2026-08-01', budget_cents: 40_000 }]);
});
