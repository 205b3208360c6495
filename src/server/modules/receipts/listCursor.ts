import { badRequest } from '../../errors';
import { isUuid } from '../../db/uuid';
import type { ReceiptSort } from '../../../shared/receipts';

/**
 * Where a page of GET /receipts ended: the last row's sort value, creation time (as the database
 * writes it, to the microsecond) and id, the three the list is ordered by. The next page starts
 * after it by comparing with those, so it costs the same at any depth (an index range, no rows
 * skipped), and rows added meanwhile neither repeat nor go missing.
 */
export interface ListCursor {
  sort: ReceiptSort;
  order: 'asc' | 'desc';
  /** The sort column's value as text ('2026-03-14', '1250', 'corner shop'). */
  key: string;
  createdAt: string;
  id: string;
}

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;
const KEY_PATTERNS: Record<ReceiptSort, RegExp> = { date: /^\d{4}-\d{2}-\d{2}$/, amount: /^-?\d{1,18}$/, store: /^[\s\S]{0,200}$/ };

export function encodeListCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.order, cursor.key, cursor.createdAt, cursor.id])).toString('base64url');
}

const notOurs = () => badRequest('after is not a cursor this list gave: start again from the first page');

/** The cursor a page's header gave, for a list with this sort and order; a 400 for anything else. */
export function decodeListCursor(text: string, sort: ReceiptSort, order: 'asc' | 'desc'): ListCursor {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw notOurs();
  }
  if (!Array.isArray(parts) || parts.length !== 5 || !parts.every((p) => typeof p === 'string')) throw notOurs();
  const [s, o, key, createdAt, id] = parts as string[];
  if (s !== sort || o !== order) throw badRequest(`after belongs to a list sorted by ${s} ${o}: send the same sort and order, or start again`);
  if (!KEY_PATTERNS[sort].test(key) || !TIMESTAMP_TEXT.test(createdAt) || !isUuid(id)) throw notOurs();
  return { sort, order, key, createdAt, id };
}
