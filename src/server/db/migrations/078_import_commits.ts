import { sql, type Kysely } from 'kysely';

/**
 * A statement's import written in the background, a chunk of rows at a time (each chunk its own
 * transaction, so one import never holds the database for long), and its outcome kept for the
 * person to read, also when they ask again:
 * - status: previewed (waiting for its commit), importing, done or failed;
 * - row_count: the rows the file has (what the progress counts to);
 * - plan: what the commit was asked to do (the mapping and the person's changes);
 * - done_line: the rows up to this line are written (where a try cut short goes on);
 * - result: what the import did so far (added, linked, skipped, the problems);
 * - message: why it failed;
 * - updated_at: when it last moved (a finished import is kept a day from then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('import_previews')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('previewed'))
    .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('plan', 'jsonb')
    .addColumn('done_line', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('result', 'jsonb')
    .addColumn('message', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The scheduled cleanup looks for old previews of everyone.
  await sql`CREATE INDEX import_previews_age ON import_previews (updated_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX import_previews_age`.execute(db);
  await db.schema
    .alterTable('import_previews')
    .dropColumn('status')
    .dropColumn('row_count')
    .dropColumn('plan')
    .dropColumn('done_line')
    .dropColumn('result')
    .dropColumn('message')
    .dropColumn('updated_at')
    .execute();
}
