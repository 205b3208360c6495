import { Type, type Static } from 'typebox';
import { MAX_IMAGE_BYTES } from './receipts';
import { DATE_ORDERS } from './settings';
import { MAX_SCAN_REF } from './scanRef';
import { ScannedDocument } from './document';

export { ScannedDocument } from './document';
// The client takes these from ./constants/scan, which has no schema library behind it.
export { DEFAULT_SCAN_QUANTITY, UNSURE_BELOW } from './constants/scan';
export { MAX_SCAN_REF };

/** Base64 grows data by 4/3; room for an image of MAX_IMAGE_BYTES as a data URL in JSON. */
export const SCAN_BODY_LIMIT = 12 * 1024 * 1024;
/** Scans one user may start per minute (OCR is the most expensive thing the API does). */
export const SCAN_RATE_LIMIT_PER_MINUTE = 10;
export { MAX_IMAGE_BYTES };

export const ScanReceiptRequest = Type.Object(
  {
    image_data: Type.String({
      minLength: 1,
      maxLength: SCAN_BODY_LIMIT,
      description: 'A data URL (data:image/jpeg;base64,…) or bare base64 of a JPEG, PNG or WebP image, or of a PDF',
    }),
    date_order: Type.Optional(Type.Enum(DATE_ORDERS, { description: "How to read numeric dates; default: the user's setting" })),
  },
  { additionalProperties: false },
);
export type ScanReceiptRequest = Static<typeof ScanReceiptRequest>;

/** An item as read from the receipt (spec §3 scan result). */
export const ScannedItem = Type.Object({
  name: Type.String(),
  price: Type.Number({ description: "The line's total as printed: quantity × the price of one" }),
  quantity: Type.Number(),
  category: Type.String(),
  read_as: Type.Optional(Type.String({ description: 'The name as read, when `name` is the one this person saved for it before' })),
  category_id: Type.Optional(
    Type.Union([Type.String(), Type.Null()], { description: 'The category this person counted the item in before (their own history)' }),
  ),
});
export type ScannedItem = Static<typeof ScannedItem>;

/** Money the receipt prints besides its items, or null when it prints none. */
const PrintedAmount = (description: string) => Type.Union([Type.Number(), Type.Null()], { description });

/**
 * Spec §3 "Scan result (processed_data)", plus what the receipt prints between its items and its
 * total, so the review can check that they add up (items + tax + tip − discount = total, the tax
 * left out where the prices include it). The three after `tax` are optional only because drafts
 * read before the scanner read them have none; the scanner always sends them.
 */
export const ProcessedData = Type.Object({
  store_name: Type.String(),
  date: Type.Union([Type.String({ description: 'YYYY-MM-DD' }), Type.Null()]),
  total_amount: Type.Union([Type.Number(), Type.Null()]),
  items: Type.Array(ScannedItem),
  tax: PrintedAmount('The tax printed, added to the prices or included in them'),
  tax_included: Type.Optional(Type.Boolean({ description: 'The item prices already include the tax (VAT or GST inclusive): it is not added to them again' })),
  tip: Type.Optional(PrintedAmount('Tips, gratuities and service charges printed below the items')),
  discount: Type.Optional(PrintedAmount('Discounts, coupons and voids printed, as a positive amount taken off the items')),
});
export type ProcessedData = Static<typeof ProcessedData>;

/** How sure the scanner is of each field, 0 (a guess or nothing read) to 1 (checked). */
export const ScanConfidence = Type.Object({
  store_name: Type.Number({ minimum: 0, maximum: 1 }),
  date: Type.Number({ minimum: 0, maximum: 1 }),
  total_amount: Type.Number({ minimum: 0, maximum: 1 }),
});
export type ScanConfidence = Static<typeof ScanConfidence>;
export type ScanField = keyof ScanConfidence;

const DateOrderSchema = Type.Enum(['MDY', 'DMY'], { description: 'MDY: month first; DMY: day first' });

export const ScanReceiptResult = Type.Object({
  processed_data: ProcessedData,
  /** The recognised text, so a person can see what was read. */
  raw_text: Type.String(),
  confidence: ScanConfidence,
  /** The date order the date was read with (the request's, else the user's setting). */
  date_order: DateOrderSchema,
  /** The order the receipt itself looks like it uses (currency, tax words, a day above 12), or null when it gives no sign. */
  suggested_date_order: Type.Union([DateOrderSchema, Type.Null()]),
  /** The currency marker printed on the receipt ('RM', '€', '$', …), or null. Tally saves amounts as printed. */
  currency: Type.Union([Type.String({ maxLength: 8 }), Type.Null()]),
  /** Ties a save to what was read at the top of this receipt; send it back with the save payload so Tally learns the name and category. */
  scan_ref: Type.String({ maxLength: MAX_SCAN_REF }),
  /** The category this person chose for this store before (an id of theirs), or null. */
  suggested_category_id: Type.Union([Type.String(), Type.Null()]),
  /** True when store_name is the name this person gave this store before. */
  store_remembered: Type.Boolean(),
  /** Set when the receipt was a PDF: its pages, and its first page as a JPEG data URL to show on the review screen. */
  document: Type.Optional(ScannedDocument),
});
export type ScanReceiptResult = Static<typeof ScanReceiptResult>;
