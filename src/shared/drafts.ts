import { Type, type Static } from 'typebox';
import { ProcessedData, ScanConfidence, ScanReceiptResult } from './scan';
import { DRAFT_STATUSES } from './constants/drafts';
// The client takes these from ./constants/drafts, which has no schema library behind it.
export { DRAFT_STATUSES, MAX_DRAFT_FILES, MAX_OPEN_DRAFTS, type DraftStatus } from './constants/drafts';

/**
 * A receipt already saved that a draft looks like: the same image, or the same store, date and
 * total; or a row imported from a bank statement that this scan may be the receipt of (the same
 * total, a date a few days apart, a like store), which saving with `into_id` fills in.
 */
export const LikeReceipt = Type.Object({
  _id: Type.String(),
  store_name: Type.String(),
  date: Type.String(),
  total_amount: Type.Number(),
  imported: Type.Boolean(),
});
export type LikeReceipt = Static<typeof LikeReceipt>;

/** A photo read in the background: GET /receipts/drafts. The scan's fields are null until it is ready. */
export const Draft = Type.Object({
  _id: Type.String(),
  status: Type.Enum(DRAFT_STATUSES),
  /** Why it could not be read, once failed. */
  error: Type.Union([Type.String(), Type.Null()]),
  /** A short-lived signed URL of the photo. */
  image_url: Type.String(),
  created_at: Type.String({ description: 'ISO date-time' }),
  processed_data: Type.Union([ProcessedData, Type.Null()]),
  confidence: Type.Union([ScanConfidence, Type.Null()]),
  /** The recognised text; saved with the receipt. */
  raw_text: Type.Union([Type.String(), Type.Null()]),
  /** Send back as scan_ref when saving, so Tally learns the store's name and category. */
  scan_ref: Type.Union([Type.String(), Type.Null()]),
  /** The category this person chose for this store before (an id of theirs), or null. */
  suggested_category_id: Type.Union([Type.String(), Type.Null()]),
  /** The currency marker printed on the receipt ('RM', '€', '$', …), or null. */
  currency: Type.Union([Type.String(), Type.Null()]),
  /** As in the scan answer: the date order it was read with, the one the receipt looks like, and whether the store name is the one this person gave it before. */
  date_order: Type.Union([ScanReceiptResult.properties.date_order, Type.Null()]),
  suggested_date_order: ScanReceiptResult.properties.suggested_date_order,
  store_remembered: Type.Boolean(),
  /** A saved receipt this one looks like, so the person is warned before saving it twice. */
  duplicate_of: Type.Union([LikeReceipt, Type.Null()]),
});
export type Draft = Static<typeof Draft>;
export const DraftList = Type.Array(Draft);

/** One entry per uploaded file, in order: a draft, or why the file was refused (nothing stored). */
export const DraftUpload = Type.Object({
  _id: Type.Union([Type.String(), Type.Null()]),
  status: Type.Enum(DRAFT_STATUSES),
  file: Type.String({ description: 'The file name as sent' }),
  error: Type.Optional(Type.String()),
});
export type DraftUpload = Static<typeof DraftUpload>;
export const DraftUploadAnswer = Type.Array(DraftUpload);

export const DraftParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export type DraftParams = Static<typeof DraftParams>;
