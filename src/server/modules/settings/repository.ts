import type { Executor } from '../../db/schema';
import { DEFAULT_DATE_ORDER, type DateOrder, type Settings } from '../../../shared/settings';

const COLUMNS = ['date_order', 'theme', 'home_currency', 'time_zone'] as const;

/** The user's settings, or undefined when the user has no profile yet. */
export function findSettings(db: Executor, userId: string): Promise<Settings | undefined> {
  return db.selectFrom('profiles').select(COLUMNS).where('user_id', '=', userId).executeTakeFirst();
}

/** The settings row, locked until the transaction ends (a change of home currency starts from it). */
export function lockSettings(trx: Executor, userId: string): Promise<Settings | undefined> {
  return trx.selectFrom('profiles').select(COLUMNS).where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

export function updateSettings(db: Executor, userId: string, patch: Partial<Settings>): Promise<Settings | undefined> {
  return db
    .updateTable('profiles')
    .set({ ...patch, updated_at: new Date() })
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/**
 * The order in which the scanner reads ambiguous receipt dates ('03/04/2025') for this user;
 * month first unless they chose otherwise.
 */
export async function getDateOrder(db: Executor, userId: string): Promise<DateOrder> {
  return (await findSettings(db, userId))?.date_order ?? DEFAULT_DATE_ORDER;
}
