import { sql, type Selectable } from 'kysely';
import type { CategoriesTable, Executor } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import { DEFAULT_CATEGORIES, FALLBACK_CATEGORY } from '../../../shared/categories';

export type CategoryRow = Selectable<CategoriesTable>;
export type CategoryFields = Pick<CategoryRow, 'name' | 'color' | 'icon' | 'budget_cents'> & Partial<Pick<CategoryRow, 'rollover' | 'rollover_from'>>;

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

/** The user's categories, Other last, the rest by name. */
export function listCategories(db: Executor, userId: string): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_fallback')
    .orderBy(sql`lower(name)`)
    .execute();
}

export async function findCategory(db: Executor, userId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<CategoryRow | undefined> {
  if (!isUuid(id)) return undefined;
  let q = db.selectFrom('categories').selectAll().where('user_id', '=', userId).where('id', '=', id);
  if (opts.forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function findCategoryByName(db: Executor, userId: string, name: string): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('user_id', '=', userId)
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .executeTakeFirst();
}

/** A category named by id or by name (any case), as forms and filters send either. */
export async function findCategoryByRef(db: Executor, userId: string, ref: string): Promise<CategoryRow | undefined> {
  return (await findCategory(db, userId, ref)) ?? findCategoryByName(db, userId, ref.trim());
}

/**
 * The category receiving receipts of deleted ones. Every user is seeded with one; should it be
 * missing, 'Other' is flagged or created so nothing is ever lost.
 */
export async function ensureFallbackCategory(db: Executor, userId: string): Promise<CategoryRow> {
  const found = await db.selectFrom('categories').selectAll().where('user_id', '=', userId).where('is_fallback', '=', true).executeTakeFirst();
  if (found) return found;
  const flagged = await db
    .updateTable('categories')
    .set({ is_fallback: true })
    .where('user_id', '=', userId)
    .where(sql<boolean>`lower(name) = lower(${FALLBACK_CATEGORY})`)
    .returningAll()
    .executeTakeFirst();
  if (flagged) return flagged;
  const other = DEFAULT_CATEGORIES.find((c) => c.name === FALLBACK_CATEGORY)!;
  return db
    .insertInto('categories')
    .values({ user_id: userId, name: other.name, color: other.color, icon: other.icon, budget_cents: null, is_fallback: true })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertCategory(db: Executor, userId: string, fields: CategoryFields): Promise<CategoryRow> {
  return db
    .insertInto('categories')
    .values({ user_id: userId, ...fields })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateCategory(db: Executor, userId: string, id: string, fields: Partial<CategoryFields>): Promise<CategoryRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.updateTable('categories').set(fields).where('user_id', '=', userId).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteCategory(db: Executor, userId: string, id: string): Promise<void> {
  await db.deleteFrom('categories').where('user_id', '=', userId).where('id', '=', id).execute();
}
