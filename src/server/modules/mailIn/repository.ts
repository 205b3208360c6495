import type { Executor } from '../../db/schema';

/** The person's address token in use, if they have one yet. */
export async function findTokenInUse(db: Executor, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('mail_in_addresses').select('token').where('user_id', '=', userId).where('retired_at', 'is', null).executeTakeFirst();
  return row?.token;
}

/** Adds the person's address in use; a second one at the same time (two first visits at once) is left out. */
export async function insertToken(trx: Executor, userId: string, token: string): Promise<void> {
  await trx
    .insertInto('mail_in_addresses')
    .values({ token, user_id: userId })
    .onConflict((oc) => oc.column('user_id').where('retired_at', 'is', null).doNothing())
    .execute();
}

/** Retires the person's address in use ('Make a new address'). */
export async function retireTokens(trx: Executor, userId: string, at: Date): Promise<void> {
  await trx.updateTable('mail_in_addresses').set({ retired_at: at }).where('user_id', '=', userId).where('retired_at', 'is', null).execute();
}

/** Whose address a token is, and whether it was retired: any person's, for the mail listener. */
export function findToken(db: Executor, token: string): Promise<{ user_id: string; retired_at: Date | null } | undefined> {
  return db.selectFrom('mail_in_addresses').select(['user_id', 'retired_at']).where('token', '=', token).executeTakeFirst();
}

/** The person's other allowed senders, in their order. */
export async function listSenders(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('mail_in_senders').select('address').where('user_id', '=', userId).orderBy('position').execute();
  return rows.map((r) => r.address);
}

/** Replaces the person's allowed senders with these, in this order. */
export async function replaceSenders(trx: Executor, userId: string, senders: string[]): Promise<void> {
  await trx.deleteFrom('mail_in_senders').where('user_id', '=', userId).execute();
  if (senders.length === 0) return;
  await trx
    .insertInto('mail_in_senders')
    .values(senders.map((address, position) => ({ user_id: userId, address, position })))
    .execute();
}
