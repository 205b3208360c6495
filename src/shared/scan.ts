import { Type, type Static } from 'typebox';
import { MAX_IMAGE_BYTES } from './receipts';
import { DATE_ORDERS } from './settings';

/** Base64 grows data by 4/3; room for an image of MAX_IMAGE_BYTES as a data URL in JSON. */
export const SCAN_BODY_LIMIT = 12 * 1024 * 1024;
/** Scans one user may start per minute (OCR is the most expensive thing the API does). */
export const SCAN_RATE_LIMIT_PER_MINUTE = 10;
/** Spec §9: what a scanned item defaults to. */
export const DEFAULT_SCAN_QUANTITY = 1;
export { MAX_IMAGE_BYTES };

export const ScanReceiptRequest = Type.Object(
  {
    image_data: Type.String({
      minLength: 1,
      maxLength: SCAN_BODY_LIMIT,
      description: 'A data URL (data:image/jpeg;base64,…) or bare base64 of a JPEG, PNG or WebP image',
    }),
    date_order: Type.Optional(
      Type.Enum(DATE_ORDERS, { description: "How to read numeric dates; default: the user's setting" }),
    ),
  },
  { additionalProperties: false },
);
export type ScanReceiptRequest = Static<typeof ScanReceiptRequest>;

/** An item as read from the receipt (spec §3 scan result). */
export const ScannedItem = Type.Object({
  name: Type.String(),
  price: Type.Number(),
  quantity: Type.Number(),
  category: Type.String(),
});
export type ScannedItem = Static<typeof ScannedItem>;

/** Spec §3 "Scan result (processed_data)", plus tax when the receipt prints it. */
export const ProcessedData = Type.Object({
  store_name: Type.String(),
  date: Type.Union([Type.String({ description: 'YYYY-MM-DD' }), Type.Null()]),
  total_amount: Type.Union([Type.Number(), Type.Null()]),
  items: Type.Array(ScannedItem),
  tax: Type.Union([Type.Number(), Type.Null()]),
});
export type ProcessedData = Static<typeof ProcessedData>;

export const ScanReceiptResult = Type.Object({
  processed_data: ProcessedData,
  /** The recognised text, so a person can see what was read. */
  raw_text: Type.String(),
});
export type ScanReceiptResult = Static<typeof ScanReceiptResult>;
