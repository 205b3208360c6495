import { Type, type Static } from 'typebox';
// The client takes these from ./constants/warranties, which has no schema library behind it.
export { RETURN_REMINDER_DAYS, WARRANTY_MAX_YEARS, WARRANTY_LIST_LIMIT, RETURN_PICK_DAYS, WARRANTY_PICK_YEARS } from './constants/warranties';

/**
 * A receipt, or one of its items, with a deadline still ahead (issue 53): what it is, what it
 * cost as printed, and where its receipt and original are.
 */
export const WarrantyEntry = Type.Object({
  receipt_id: Type.String(),
  store: Type.String(),
  /** The receipt's date. */
  date: Type.String(),
  /** The item's name; null: the whole receipt. */
  item: Type.Union([Type.String(), Type.Null()]),
  /** The receipt's total, or the item's line (price × quantity), in `currency`. */
  amount: Type.Number(),
  currency: Type.String(),
  /** The deadline this entry is listed for ('YYYY-MM-DD'). */
  until: Type.String(),
  /** A short-lived signed URL of the receipt's original (photo or PDF), or null when it has none. */
  original_url: Type.Union([Type.String(), Type.Null()]),
});
export type WarrantyEntry = Static<typeof WarrantyEntry>;

/** GET /warranties: what can still be returned and what is still under warranty, on today (UTC) of the API's clock. */
export const WarrantyList = Type.Object({
  /** Return windows not closed yet, the furthest off first. */
  returns: Type.Array(WarrantyEntry),
  /** Warranties not ended yet, the furthest off first. */
  warranties: Type.Array(WarrantyEntry),
});
export type WarrantyList = Static<typeof WarrantyList>;
