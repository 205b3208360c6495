import type { Executor } from '../../db/schema';
import { DEFAULT_DATE_ORDER, type DateOrder, type Settings, type SettingsUpdate } from '../../../shared/settings';

/** The user's settings, or undefined when the user has no profile yet. */
export function findSettings(db: Executor, userId: string): Promise<Settings | undefined> {
  return db.selectFrom('profiles').select(['date_order', 'theme']).where('user_id', '=', userId).executeTakeFirst();
}

export function updateSettings(db: Executor, userId: string, patch: SettingsUpdate): Promise<Settings | undefined> {
  return db
    .updateTable('profiles')
    .set({ ...patch, updated_at: new Date() })
    .where('user_id', '=', userId)
    .returning(['date_order', 'theme'])
    .executeTakeFirst();
}

/**
 * The order in which the scanner reads ambiguous receipt dates ('03/04/2025') for this user;
 * month first unless they chose otherwise.
 */
export async function getDateOrder(db: Executor, userId: string): Promise<DateOrder> {
  return (await findSettings(db, userId))?.date_order ?? DEFAULT_DATE_ORDER;
}
