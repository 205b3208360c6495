import { sql, type Kysely } from 'kysely';

/**
 * receipt_items.date: the receipt's date on each of its items, so an item's purchases are one
 * index range in date order (receipt_items_user_name_date) and its latest purchases are read
 * without reading the rest: an item bought 5,000 times costs its history's limit, not 5,000
 * joins. Kept by triggers: an item takes its receipt's date as it is written, and a receipt's
 * new date goes to its items. It replaces receipt_items_user_name, whose lookups it also serves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE receipt_items ADD COLUMN date date`.execute(db);
  await sql`UPDATE receipt_items i SET date = r.date FROM receipts r WHERE r.id = i.receipt_id`.execute(db);
  await sql`ALTER TABLE receipt_items ALTER COLUMN date SET NOT NULL`.execute(db);
  await sql`
    CREATE FUNCTION receipt_items_dated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.date := (SELECT date FROM receipts WHERE id = NEW.receipt_id);
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION receipts_redated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE receipt_items SET date = NEW.date WHERE receipt_id = NEW.id AND date <> NEW.date;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER receipt_items_dated BEFORE INSERT OR UPDATE OF receipt_id ON receipt_items
    FOR EACH ROW EXECUTE FUNCTION receipt_items_dated()`.execute(db);
  await sql`CREATE TRIGGER receipts_redated AFTER UPDATE OF date ON receipts
    FOR EACH ROW WHEN (OLD.date IS DISTINCT FROM NEW.date) EXECUTE FUNCTION receipts_redated()`.execute(db);
  await sql`CREATE INDEX receipt_items_user_name_date ON receipt_items (user_id, lower(name), date DESC, receipt_id DESC)`.execute(db);
  await sql`DROP INDEX receipt_items_user_name`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX receipt_items_user_name ON receipt_items (user_id, lower(name))`.execute(db);
  await sql`DROP INDEX receipt_items_user_name_date`.execute(db);
  await sql`DROP TRIGGER receipts_redated ON receipts`.execute(db);
  await sql`DROP TRIGGER receipt_items_dated ON receipt_items`.execute(db);
  await sql`DROP FUNCTION receipts_redated()`.execute(db);
  await sql`DROP FUNCTION receipt_items_dated()`.execute(db);
  await sql`ALTER TABLE receipt_items DROP COLUMN date`.execute(db);
}
