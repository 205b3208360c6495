import { sql, type Kysely } from 'kysely';
import { migrate } from '../../../src/server/db';
import type { Database } from '../../../src/server/db/schema';
import { migrateTo, onScratchDatabase } from './scratchMigrations';

let db: Kysely<Database>;
onScratchDatabase((handle) => (db = handle));

it('gives receipts saved before it their store key and finds the bills already in them', async () => {
  await migrateTo(db, '031_closed_accounts');

  const user = 'migration-user';
  await sql`INSERT INTO profiles (user_id, email, display_name, first_name, last_name) VALUES (${user}, 'm@example.com', 'M', '', '')`.execute(db);
  const { rows } = await sql<{
    id: string;
  }>`INSERT INTO categories (user_id, name, color, icon) VALUES (${user}, 'Food', '#000000', 'tag') RETURNING id`.execute(db);
  const receipts: Array<[string, string, number]> = [
    ['NETFLIX.COM', '2026-01-03', 1549],
    ['Netflix.com', '2026-02-03', 1549],
    ['netflix com', '2026-03-04', 1549],
    ['Café #12', '2026-02-10', 420],
  ];
  for (const [store, date, cents] of receipts)
    await sql`INSERT INTO receipts (user_id, store, date, amount_cents, category_id) VALUES (${user}, ${store}, ${date}, ${cents}, ${rows[0].id})`.execute(db);

  await migrate(db);
  const keys = await db.selectFrom('receipts').select(['store', 'store_key']).orderBy('date').execute();
  expect(keys.map((r) => r.store_key)).toEqual(['netflix com', 'netflix com', 'cafe', 'netflix com']);
  const series = await db
    .selectFrom('recurring_series')
    .select([
      'user_id',
      'store_key',
      'status',
      'interval',
      'amount_cents',
      sql<number>`cardinality(receipt_ids)`.as('receipts'),
      sql<string>`next_date::text`.as('next'),
    ])
    .execute();
  expect(series).toEqual([
    { user_id: user, store_key: 'netflix com', status: 'found', interval: 'monthly', amount_cents: 1549, receipts: 3, next: '2026-04-03' },
  ]);
});
