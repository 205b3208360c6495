import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import { storeKey } from '../../storeKey';
import { searchTextOf } from '../../searchText';

/** A receipt made from a bank statement row: no image, no items; its id chosen by the caller (who records it first). */
export interface ImportedReceipt {
  id: string;
  store: string;
  date: string;
  currency: string;
  printed_minor: number;
  rate: number | null;
  amount_cents: number;
  category_id: string;
}

/** What an imported receipt says it is, in the list and the detail. */
export const IMPORTED_PAYMENT_METHOD = 'Bank import';

/** Rows per INSERT: 9 parameters each, far below PostgreSQL's 65,535 per statement. */
const CHUNK = 1000;

/**
 * Adds many receipts at once, one multi-row INSERT per thousand. Their search text is computed
 * in the same statement (searchTextOf over the inserted values): setting it by an UPDATE after
 * would write every row, and each of its indexes, twice. Tells no listener: the caller tells them
 * of the stores afterwards, as receipts it does not list (UnlistedReceipts). Answers the ids added.
 */
export async function insertImportedReceipts(trx: Executor, userId: string, receipts: readonly ImportedReceipt[]): Promise<string[]> {
  for (let i = 0; i < receipts.length; i += CHUNK) {
    const values = receipts
      .slice(i, i + CHUNK)
      .map(
        (r) =>
          sql`(${r.id}::uuid, ${r.store}::text, ${r.date}::date, ${r.currency}::text, ${r.printed_minor}::bigint, ${r.rate}::numeric, ${r.amount_cents}::bigint, ${r.category_id}::uuid, ${storeKey(r.store)}::text, NULL::text, ''::text)`,
      );
    await sql`
      INSERT INTO receipts (user_id, id, store, date, currency, printed_minor, rate, amount_cents, category_id, store_key,
                            payment_method, description, imported, search_text)
      SELECT ${userId}, v.id, v.store, v.date, v.currency, v.printed_minor, v.rate, v.amount_cents, v.category_id, v.store_key,
             ${IMPORTED_PAYMENT_METHOD}, v.description, true, ${searchTextOf('v')}
        FROM (VALUES ${sql.join(values)}) AS v (id, store, date, currency, printed_minor, rate, amount_cents, category_id, store_key, ocr_text, description)`.execute(
      trx,
    );
  }
  return receipts.map((r) => r.id);
}
