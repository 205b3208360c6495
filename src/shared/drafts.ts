import { Type, type Static } from 'typebox';
import { ProcessedData, ScanConfidence, ScanReasons, ScanReceiptResult, ScannedDocument } from './scan';
import { LikeReceipt } from './receipts';
import { DATE_ORDERS } from './settings';
import { DRAFT_STATUSES, REVIEWED } from './constants/drafts';
// The client takes these from ./constants/drafts, which has no schema library behind it.
export { CLIENT_ID_PATTERN, DRAFT_STATUSES, MAX_DRAFT_FILES, MAX_OPEN_DRAFTS, REVIEWED, type DraftStatus } from './constants/drafts';

/** What a draft looks like of the receipts already saved: see LikeReceipt (kept in ./receipts, which every way in shares). */
export { LikeReceipt } from './receipts';

/** A photo read in the background: GET /receipts/drafts. The scan's fields are null until it is ready. */
export const Draft = Type.Object({
  _id: Type.String(),
  status: Type.Enum(DRAFT_STATUSES),
  /** Why it could not be read, once failed. */
  error: Type.Union([Type.String(), Type.Null()]),
  /** A short-lived signed URL of the original (a photo or a PDF); add download=1 to save it as a file. */
  image_url: Type.String(),
  /** For a PDF once read: its pages and its first page as a picture. */
  document: Type.Optional(ScannedDocument),
  created_at: Type.String({ description: 'ISO date-time' }),
  processed_data: Type.Union([ProcessedData, Type.Null()]),
  confidence: Type.Union([ScanConfidence, Type.Null()]),
  /** Why each field read was chosen, once read (drafts read before the scanner explained itself have none). */
  reasons: Type.Optional(ScanReasons),
  /** As in the scan answer: send it back as scan_read_id when saving, so the trust figure counts this scan. */
  read_id: Type.Optional(ScanReceiptResult.properties.read_id),
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
  status: Type.Union([
    Type.Enum(DRAFT_STATUSES),
    Type.Literal(REVIEWED, { description: 'Sent before under this client_id; its draft has since been saved or discarded' }),
  ]),
  file: Type.String({ description: 'The file name as sent' }),
  error: Type.Optional(Type.String()),
  client_id: Type.Optional(Type.String({ description: 'The client_id sent before this file, if any' })),
  repeat: Type.Optional(Type.Boolean({ description: 'True when this client_id was received before: the answer is that draft, and nothing new was made' })),
});
export type DraftUpload = Static<typeof DraftUpload>;
export const DraftUploadAnswer = Type.Array(DraftUpload);

export const DraftParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export type DraftParams = Static<typeof DraftParams>;

/** POST /receipts/drafts/:id/date: the draft's photo read again, its date in this order (the single scan's date-order choice). */
export const DraftDateBody = Type.Object({ date_order: Type.Enum(DATE_ORDERS) }, { additionalProperties: false });
export type DraftDateBody = Static<typeof DraftDateBody>;

export const DraftDateAnswer = Type.Object({
  /** The date read in that order (YYYY-MM-DD), or null when none could be read. */
  date: Type.Union([Type.String(), Type.Null()]),
});
export type DraftDateAnswer = Static<typeof DraftDateAnswer>;
