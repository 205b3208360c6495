import { sql, type Kysely } from 'kysely';
import { searchTextOf } from '../../searchText';

/**
 * The receipt search looks in the description too (searchTextOf): receipts saved with one get
 * their search text again; those without have nothing new to find.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE receipts r SET search_text = ${searchTextOf('r')} WHERE r.description <> ''`.execute(db);
}

export async function down(): Promise<void> {
  // A description in the search text finds no receipt that is not the person's: nothing to undo.
}
