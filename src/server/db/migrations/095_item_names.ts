import { sql, type Kysely } from 'kysely';

/**
 * item_names: each name a person's items are bought under (one row per lower-cased name, with a
 * spelling of it and how many items carry it), so searching what they bought reads their names,
 * not every item they ever bought (10M items took seconds, and PGlite answers one query at a
 * time). Kept by triggers on receipt_items, so every write keeps it: saves, edits, imports,
 * restores, and deletes down to a cascade from an account. A name no item carries any more goes.
 * category_id: the own category of the item last written under the name (null: it counted as its
 * receipt), proposed when the person types the name again; not a reference, as categories go
 * and items keep theirs, so a reader checks it is still one of the person's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('item_names')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('purchases', 'bigint', (c) => c.notNull())
    .addColumn('category_id', 'uuid')
    .addPrimaryKeyConstraint('item_names_pk', ['user_id', 'key'])
    .execute();
  await sql`
    INSERT INTO item_names (user_id, key, name, purchases, category_id)
    SELECT i.user_id, lower(i.name), min(i.name), count(*), (array_agg(i.category_id ORDER BY r.date DESC, r.created_at DESC, i.position DESC))[1]
      FROM receipt_items i JOIN receipts r ON r.id = i.receipt_id
     GROUP BY i.user_id, lower(i.name)`.execute(db);
  await sql`
    CREATE FUNCTION item_names_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO item_names (user_id, key, name, purchases, category_id)
      SELECT user_id, lower(name), min(name), count(*), (array_agg(category_id ORDER BY position DESC))[1]
        FROM added_items GROUP BY user_id, lower(name)
      ON CONFLICT (user_id, key) DO UPDATE
        SET purchases = item_names.purchases + excluded.purchases, name = least(item_names.name, excluded.name), category_id = excluded.category_id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION item_names_remove() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE item_names i SET purchases = i.purchases - gone.n
        FROM (SELECT user_id, lower(name) AS key, count(*) AS n FROM removed_items GROUP BY user_id, lower(name)) gone
       WHERE i.user_id = gone.user_id AND i.key = gone.key;
      DELETE FROM item_names i USING (SELECT DISTINCT user_id, lower(name) AS key FROM removed_items) gone
       WHERE i.user_id = gone.user_id AND i.key = gone.key AND i.purchases <= 0;
      RETURN NULL;
    END $$`.execute(db);
  // An item renamed in place (the app replaces items instead, but nothing may leave the names wrong).
  await sql`
    CREATE FUNCTION item_names_rename() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.user_id = NEW.user_id AND lower(OLD.name) = lower(NEW.name) THEN RETURN NULL; END IF;
      UPDATE item_names SET purchases = purchases - 1 WHERE user_id = OLD.user_id AND key = lower(OLD.name);
      DELETE FROM item_names WHERE user_id = OLD.user_id AND key = lower(OLD.name) AND purchases <= 0;
      INSERT INTO item_names (user_id, key, name, purchases, category_id) VALUES (NEW.user_id, lower(NEW.name), NEW.name, 1, NEW.category_id)
      ON CONFLICT (user_id, key) DO UPDATE SET purchases = item_names.purchases + 1, category_id = excluded.category_id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER receipt_items_named AFTER INSERT ON receipt_items
    REFERENCING NEW TABLE AS added_items FOR EACH STATEMENT EXECUTE FUNCTION item_names_add()`.execute(db);
  await sql`CREATE TRIGGER receipt_items_unnamed AFTER DELETE ON receipt_items
    REFERENCING OLD TABLE AS removed_items FOR EACH STATEMENT EXECUTE FUNCTION item_names_remove()`.execute(db);
  await sql`CREATE TRIGGER receipt_items_renamed AFTER UPDATE OF name, user_id ON receipt_items
    FOR EACH ROW EXECUTE FUNCTION item_names_rename()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER receipt_items_renamed ON receipt_items`.execute(db);
  await sql`DROP TRIGGER receipt_items_unnamed ON receipt_items`.execute(db);
  await sql`DROP TRIGGER receipt_items_named ON receipt_items`.execute(db);
  await sql`DROP FUNCTION item_names_rename()`.execute(db);
  await sql`DROP FUNCTION item_names_remove()`.execute(db);
  await sql`DROP FUNCTION item_names_add()`.execute(db);
  await db.schema.dropTable('item_names').execute();
}
