import crypto from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from './index';
import type { Database } from './schema';
import { unauthorized } from '../errors';

export const ACCOUNT_CLOSED = 'This account has been deleted.';

const digestOf = (userId: string) => crypto.createHash('sha256').update(userId).digest('hex');

/**
 * One lock per user, shared by their writes and taken alone by their account's deletion. A
 * transaction-level advisory lock: it works across API instances and is released at commit or
 * rollback. Keys are a hash of the uid; two users sharing one only wait for each other.
 */
const lockKey = (userId: string) => sql`hashtextextended(${userId}, 0)`;

/**
 * How a write holds the user's lock: 'shared' beside their other writes (nearly all), or 'alone':
 * after the writes running have finished and before any other starts, for a change that other
 * writes read and must not race. The home currency is one: every receipt write converts to the
 * one it reads, and the change counts again the receipts it sees.
 */
export type WriteMode = 'shared' | 'alone';

/**
 * Runs a write of the user's data in a transaction their account's deletion cannot race: the
 * deletion waits for writes already inside, and every write after it is refused (401). Writes
 * that can add rows or files (anything that inserts, or stores a blob) must run in here. The
 * lock is the transaction's first statement, so everything it reads is as of after the lock.
 */
export function writeAsUser<T>(db: Db, userId: string, write: (trx: Transaction<Database>) => Promise<T>, mode: WriteMode = 'shared'): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (mode === 'alone') await sql`SELECT pg_advisory_xact_lock(${lockKey(userId)})`.execute(trx);
    else await sql`SELECT pg_advisory_xact_lock_shared(${lockKey(userId)})`.execute(trx);
    // A statement of its own, after the lock: it sees a closure committed while this one waited.
    const closed = await trx.selectFrom('closed_accounts').select('uid_digest').where('uid_digest', '=', digestOf(userId)).executeTakeFirst();
    if (closed) throw unauthorized(ACCOUNT_CLOSED);
    return write(trx);
  });
}

/**
 * Marks the account closed once every write already running has finished; from then on
 * writeAsUser refuses the user's writes, so what is deleted next stays deleted. Safe to repeat.
 */
export async function closeAccount(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${lockKey(userId)})`.execute(trx);
    await trx
      .insertInto('closed_accounts')
      .values({ uid_digest: digestOf(userId) })
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
}
