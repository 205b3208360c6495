import { Type, type Static } from 'typebox';
import { MAX_IMAGE_BYTES } from './receipts';
import { DATE_ORDERS } from './settings';
import { MAX_SCAN_REF } from './scanRef';
import {
  DATE_REASONS,
  MAX_REASON_TEXT,
  PERSONAL_PICKER_MIN_SCANS,
  PERSONAL_PICKER_STATES,
  STORE_REASONS,
  TOTAL_REASONS,
  TOTAL_SUMS,
  TRUST_SCANS,
} from './constants/scan';
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

const Printed = (description: string) => Type.String({ maxLength: MAX_REASON_TEXT, description });

/**
 * Why the scanner chose each field it read (issue 52): a code and the text it came from, which
 * the review screen words. A field read from nothing has none.
 */
export const ScanReasons = Type.Object({
  store_name: Type.Optional(
    Type.Object({
      code: Type.Enum(STORE_REASONS, {
        description:
          "memory: the name this person saved for this store before; first_line: the header's first line of words; header_line: another header line; joined_lines: header lines joined",
      }),
      printed: Printed('The header line(s) it was read from, as read'),
    }),
  ),
  date: Type.Optional(
    Type.Object({
      code: Type.Enum(DATE_REASONS, {
        description:
          'date_label: on a line labelled as a date; time_beside: printed beside a time; first_date: the first date printed; other_date: another date printed',
      }),
      printed: Printed("The date as printed ('04/28/2018')"),
    }),
  ),
  total_amount: Type.Optional(
    Type.Object({
      code: Type.Enum(TOTAL_REASONS, {
        description:
          'label_and_sum: a total label, and a sum of the receipt agrees; label: a total label; sum: a sum of the receipt; repaired: a sum that repairs a misread amount; cash_rounded: the total after the printed cash rounding; guess: no label or sum confirms it',
      }),
      printed: Printed("The label of the line it stands on ('GRAND TOTAL'), or '' where no line prints it"),
      sums: Type.Array(Type.Enum(TOTAL_SUMS), {
        description: 'The receipt sums that come to it: the items, the items and tax, the subtotal with tax and charges, cash less change',
      }),
    }),
  ),
  text_layer: Type.Optional(Type.Boolean({ description: "Read from a PDF's text layer: its letters and digits are exact" })),
});
export type ScanReasons = Static<typeof ScanReasons>;

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
  /** Why each field read was chosen. Optional: drafts read before the scanner explained itself have none. */
  reasons: Type.Optional(ScanReasons),
  /** Identifies this reading: send it back as scan_read_id with the save, so Tally counts whether the fields were saved as read (GET /scan/trust). */
  read_id: Type.Optional(Type.String({ maxLength: 64 })),
});
export type ScanReceiptResult = Static<typeof ScanReceiptResult>;

/** One field of the person's own picker, judged on their saved scans held out. */
export const LearnedField = Type.Object({
  on: Type.Boolean({ description: "Scans pick this field with the person's own weights" }),
  scans: Type.Integer({ minimum: 0, description: 'Saved scans it was judged on, each held out of the fit that picked it' }),
  with_corrections: Type.Integer({ minimum: 0, description: "Of them, picked right with the person's own weights" }),
  before: Type.Integer({ minimum: 0, description: 'Of them, picked right with the weights every person starts with' }),
});
export type LearnedField = Static<typeof LearnedField>;

/** What scanning learned of the person's own corrections (issue 52). */
export const ScanLearned = Type.Object({
  state: Type.Enum(PERSONAL_PICKER_STATES, {
    description:
      "on: some fields are picked with the person's own weights; too_few_scans: fewer saved scans to learn from than min_scans; no_gain: learned, but it did not pick right clearly more often; relearning: learned before an update of the scanner, learning again from the next saves",
  }),
  scans: Type.Integer({ minimum: 0, description: 'Saved scans it can learn from: a store, date or total saved was among what the scan read' }),
  min_scans: Type.Integer({ minimum: 1, description: `Saved scans it needs to learn from (${PERSONAL_PICKER_MIN_SCANS})` }),
  fields: Type.Optional(
    Type.Object({ store_name: LearnedField, date: LearnedField, total_amount: LearnedField }, { description: 'Once it has learned: each field' }),
  ),
});
export type ScanLearned = Static<typeof ScanLearned>;

/** GET /scan/trust: of the person's own last saved scans (at most TRUST_SCANS), how many had each field saved as read. */
export const ScanTrust = Type.Object({
  scans: Type.Integer({ minimum: 0, description: `Saved scans counted: the newest, at most ${TRUST_SCANS}` }),
  store_name: Type.Integer({ minimum: 0, description: 'Of them, saved with the store name as read' }),
  date: Type.Integer({ minimum: 0, description: 'Of them, saved with the date as read' }),
  total_amount: Type.Integer({ minimum: 0, description: 'Of them, saved with the total as read' }),
  learned: ScanLearned,
});
export type ScanTrust = Static<typeof ScanTrust>;
