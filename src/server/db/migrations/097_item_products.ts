import { sql, type Kysely } from 'kysely';

/**
 * item_products: the person's item names they said are one product (issue 52: 'GV 2% MLK GAL' at
 * Walmart, 'MILK 2% 1GAL' at Safeway), so price memory reads them as one. Keyed by name
 * (lower-cased, as item_names and the receipt_items index are), not a reference to item_names: a
 * name keeps its product while no item carries it, and is grouped again when it is bought again.
 * A grouped product has a row for each of its names, its own name's row pointing at itself
 * (product_key = key) and keeping the product's spelling; every other row points at that one,
 * never at a name that is itself grouped into another (the service keeps it so: no chains).
 * name: a spelling of the name, shown while no item carries it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('item_products')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('product_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_products_pk', ['user_id', 'key'])
    .execute();
  // A product's names point at a row of the same person's: its own name's.
  await sql`ALTER TABLE item_products ADD CONSTRAINT item_products_product
    FOREIGN KEY (user_id, product_key) REFERENCES item_products (user_id, key)`.execute(db);
  await sql`CREATE INDEX item_products_user_product ON item_products (user_id, product_key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('item_products').execute();
}
