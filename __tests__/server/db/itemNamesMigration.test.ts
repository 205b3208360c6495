import { sql, type Kysely } from 'kysely';
import { migrate } from '../../../src/server/db';
import type { Database } from '../../../src/server/db/schema';
import { migrateTo, onScratchDatabase } from './scratchMigrations';
import { boughtItems } from '../../../src/server/modules/prices/repository';

let db: Kysely<Database>;
onScratchDatabase((handle) => (db = handle));

it('lists the names of items bought before it, and keeps them as items come and go', async () => {
  await migrateTo(db, '094_share_categories');
  const receipt = async (user: string, names: string[]) => {
    const category = await sql<{ id: string }>`INSERT INTO categories (user_id, name, color, icon, created_at)
      VALUES (${user}, ${`Food ${Math.random()}`}, '#000000', 'tag', now()) RETURNING id`.execute(db);
    const { rows } = await sql<{ id: string }>`INSERT INTO receipts (user_id, store, date, amount_cents, printed_minor, category_id, description)
      VALUES (${user}, 'Market', '2026-03-02', 500, 500, ${category.rows[0].id}, '') RETURNING id`.execute(db);
    for (const [position, name] of names.entries())
      await sql`INSERT INTO receipt_items (receipt_id, position, user_id, name, price_cents, quantity)
        VALUES (${rows[0].id}, ${position}, ${user}, ${name}, 100, 1)`.execute(db);
    return rows[0].id;
  };
  const older = await receipt('ana', ['Milk', 'milk', 'Eggs']);
  await receipt('ben', ['Milk']);

  await migrate(db);
  expect(await boughtItems(db, 'ana', '', 10)).toEqual([
    { name: 'Milk', purchases: 2, category_id: null },
    { name: 'Eggs', purchases: 1, category_id: null },
  ]);
  await receipt('ana', ['Eggs', 'Eggs', 'Tea']);
  await sql`DELETE FROM receipts WHERE id = ${older}`.execute(db);
  expect(await boughtItems(db, 'ana', '', 10)).toEqual([
    { name: 'Eggs', purchases: 2, category_id: null },
    { name: 'Tea', purchases: 1, category_id: null },
  ]);
  await sql`UPDATE receipt_items SET name = 'Green tea' WHERE user_id = 'ana' AND name = 'Tea'`.execute(db);
  expect(await boughtItems(db, 'ana', 'tea', 10)).toEqual([{ name: 'Green tea', purchases: 1, category_id: null }]);
  expect(await boughtItems(db, 'ben', '', 10)).toEqual([{ name: 'Milk', purchases: 1, category_id: null }]);
});
