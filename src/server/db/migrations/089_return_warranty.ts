import { sql, type Kysely } from 'kysely';

/**
 * Return windows and warranties (issue 53): the last day a receipt, or one of its items, can be
 * returned and the last day of its warranty; null: none. Partial indexes, as most receipts carry
 * neither: the reminder sweep reads return_by across everyone, the warranties list and the
 * receipts filter a person's warranty_until.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['receipts', 'receipt_items']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN return_by date, ADD COLUMN warranty_until date`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${table}_return_by`)} ON ${sql.table(table)} (return_by) WHERE return_by IS NOT NULL`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${table}_user_warranty`)} ON ${sql.table(table)} (user_id, warranty_until) WHERE warranty_until IS NOT NULL`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['receipts', 'receipt_items']) {
    await sql`DROP INDEX ${sql.id(`${table}_user_warranty`)}`.execute(db);
    await sql`DROP INDEX ${sql.id(`${table}_return_by`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN warranty_until, DROP COLUMN return_by`.execute(db);
  }
}
