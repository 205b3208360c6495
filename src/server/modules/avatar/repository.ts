import type { Executor } from '../../db/schema';

/**
 * Sets the user's avatar and answers the one it replaced, with the row locked meanwhile so two
 * uploads at once each learn the right previous file. Undefined when there is no profile.
 */
export async function swapAvatar(trx: Executor, userId: string, avatar: string): Promise<{ previous: string | null } | undefined> {
  const row = await trx.selectFrom('profiles').select('avatar').where('user_id', '=', userId).forUpdate().executeTakeFirst();
  if (!row) return undefined;
  await trx.updateTable('profiles').set({ avatar, updated_at: new Date() }).where('user_id', '=', userId).execute();
  return { previous: row.avatar };
}
