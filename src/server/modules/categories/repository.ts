import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { DEFAULT_CATEGORIES, FALLBACK_CATEGORY } from '../../../shared/categories';

type Executor = Kysely<Database> | Transaction<Database>;

/** Gives a new user the default categories; safe to call twice (existing names are kept). */
export async function seedDefaultCategories(db: Executor, userId: string): Promise<void> {
  await db
    .insertInto('categories')
    .values(
      DEFAULT_CATEGORIES.map((c) => ({
        user_id: userId,
        name: c.name,
        color: c.color,
        icon: c.icon,
        budget_cents: null,
        is_fallback: c.name === FALLBACK_CATEGORY,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
