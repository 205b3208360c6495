import { sql, type Kysely } from 'kysely';

/**
 * share_categories: each member's share of a shared receipt divided over the sharer's category
 * names its items count in (in the receipt currency's minor units; a member's rows add up to
 * their share). Written whenever the receipt is counted while it is still linked to the sharer's
 * receipt, and kept once it is not (they left), so members' shares keep counting in the items'
 * categories and the household's spending by category follows the items. Category null: the
 * sharer's category had no name to keep. Shared receipts from before are divided as they
 * counted then: each share whole under the receipt's category.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('share_categories')
    .addColumn('household_id', 'uuid', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('shared_receipt_id', 'uuid', (c) => c.notNull().references('shared_receipts.id').onDelete('cascade'))
    .addColumn('member_id', 'uuid', (c) => c.notNull().references('household_members.id'))
    .addColumn('category', 'text')
    .addColumn('minor', 'bigint', (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX share_categories_shared_receipt ON share_categories (shared_receipt_id)`.execute(db);
  await sql`
    INSERT INTO share_categories (household_id, shared_receipt_id, member_id, category, minor)
    SELECT s.household_id, s.shared_receipt_id, s.member_id, r.category, s.amount_minor
      FROM shared_receipt_shares s JOIN shared_receipts r ON r.id = s.shared_receipt_id
     WHERE s.amount_minor <> 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_categories').execute();
}
