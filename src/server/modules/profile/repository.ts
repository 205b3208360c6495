import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, ProfilesTable } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;
export type ProfileRow = Selectable<ProfilesTable>;

export interface NewProfile {
  user_id: string;
  email: string;
  display_name: string;
  avatar_url?: string | null;
}

export function findProfile(db: Executor, userId: string): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Inserts unless the profile exists; answers whether a row was created. */
export async function insertProfile(db: Executor, p: NewProfile): Promise<boolean> {
  const res = await db
    .insertInto('profiles')
    .values({ user_id: p.user_id, email: p.email, display_name: p.display_name, first_name: '', last_name: '', avatar_url: p.avatar_url ?? null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function updateProfile(
  db: Executor,
  userId: string,
  patch: Partial<
    Pick<ProfileRow, 'display_name' | 'first_name' | 'last_name' | 'monthly_budget_cents' | 'avatar' | 'budget_rollover' | 'budget_rollover_from'>
  >,
): Promise<ProfileRow | undefined> {
  return db
    .updateTable('profiles')
    .set({ ...patch, updated_at: new Date() })
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}
