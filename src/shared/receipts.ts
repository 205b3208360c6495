import { Type, type Static } from 'typebox';
import { MAX_PRINTED_AMOUNT } from './money';
import { ScannedDocument } from './document';
import { MAX_SCAN_REF, SCAN_REF_PATTERN } from './scanRef';
import { currencyCode, MAX_RATE, MIN_RATE } from './currencyRates';
import { HOUSEHOLD_MAX_MEMBERS, SHARE_PORTIONS_MAX } from './constants/households';
import { WARRANTY_MAX_YEARS } from './constants/warranties';
import {
  MAX_RECEIPT_ITEMS,
  MAX_ITEM_QUANTITY,
  MAX_OCR_TEXT,
  MAX_STORE_NAME,
  MAX_RECEIPT_DESCRIPTION,
  MAX_ITEM_NAME,
  MAX_PAYMENT_METHOD,
  RECEIPT_LIST_MAX_OFFSET,
  RECEIPT_SORTS,
} from './constants/receipts';
// The client takes these from ./constants/receipts, which has no schema library behind it.
export {
  MAX_RECEIPT_ITEMS,
  MAX_ITEM_QUANTITY,
  TOTAL_COUNT_HEADER,
  NEXT_CURSOR_HEADER,
  RECEIPT_LIST_MAX_OFFSET,
  DEFAULT_ITEM_CATEGORY,
  RECEIPT_SORTS,
  type ReceiptSort,
} from './constants/receipts';

/** Decoded image size limit; the base64 JSON body may be a third larger. */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const RECEIPT_LIST_DEFAULT_LIMIT = 50;
export const RECEIPT_LIST_MAX_LIMIT = 500;
export { MAX_OCR_TEXT } from './constants/receipts';

const Money = Type.Number({ minimum: -MAX_PRINTED_AMOUNT, maximum: MAX_PRINTED_AMOUNT });
const NonNegativeMoney = Type.Number({ minimum: 0, maximum: MAX_PRINTED_AMOUNT });
const Store = Type.String({ minLength: 1, maxLength: MAX_STORE_NAME, pattern: '\\S' });
/** Dates are checked by the service so that 'yesterday' and '2026-02-30' get a clear message. */
const DateText = Type.String({ maxLength: 40, description: "A calendar date 'YYYY-MM-DD' (the scan payload may send an ISO date-time)" });
const CategoryRef = Type.String({ minLength: 1, maxLength: 100, description: 'Category name (any case) or id; default Other' });
const ItemName = Type.String({ minLength: 1, maxLength: MAX_ITEM_NAME, pattern: '\\S' });
const ItemReadAs = Type.String({
  maxLength: MAX_ITEM_NAME,
  description: "The item's name as the scan read it (the scan answer's `read_as`): Tally remembers the name saved for it, for this person",
});
const Description = Type.String({ maxLength: MAX_RECEIPT_DESCRIPTION });
const Quantity = Type.Number({ maximum: MAX_ITEM_QUANTITY, description: 'Greater than 0; default 1' });
const Currency = Type.Optional(currencyCode('The currency the receipt is printed in; default: the home currency'));
const Rate = Type.Optional(
  Type.Union([Type.Number({ minimum: MIN_RATE, maximum: MAX_RATE }), Type.Null()], {
    description:
      "Home currency units for one unit of `currency` (at most 8 decimals); null or left out on create: the rates table's on the receipt's date; left out on edit: the rate kept",
  }),
);
/** Return window and warranty, on a receipt and on an item; sent only by a person who uses them. */
const DeadlineFields = {
  return_by: Type.Optional(
    Type.Union([DateText, Type.Null()], {
      description: "The last day it can be returned 'YYYY-MM-DD', after the receipt's date; null: none (on a receipt's edit: removed; left out: kept)",
    }),
  ),
  warranty_until: Type.Optional(
    Type.Union([DateText, Type.Null()], {
      description: `The last day of its warranty 'YYYY-MM-DD', after the receipt's date and at most ${WARRANTY_MAX_YEARS} years ahead; null: none (on a receipt's edit: removed; left out: kept)`,
    }),
  ),
};
/** The same in answers: left out when there is none, so a person who uses none gets spec §3's answer. */
const DeadlineAnswers = {
  return_by: Type.Optional(Type.String()),
  warranty_until: Type.Optional(Type.String()),
};
const ImageData = Type.String({ maxLength: 16 * 1024 * 1024, description: 'A data URL (or bare base64) of a JPEG, PNG or WebP image' });

// ---------- answers ----------

// ---------- sharing with a household (sent and answered only for a shared receipt) ----------

const MemberId = Type.String({ maxLength: 100, description: "A household member's _id" });
/** Several portions of an item for one member (a string in shared_with is one portion). */
export const MemberPortions = Type.Object(
  { member_id: MemberId, portions: Type.Integer({ minimum: 1, maximum: SHARE_PORTIONS_MAX }) },
  { additionalProperties: false },
);
export type MemberPortions = Static<typeof MemberPortions>;

const AssignedTo = Type.Optional(
  Type.Union([Type.String({ maxLength: 200 }), Type.Null()], { description: 'On a shared receipt: the one member this item is for' }),
);
const SharedWith = Type.Optional(
  Type.Array(Type.Union([Type.String({ maxLength: 200 }), MemberPortions]), {
    maxItems: 50,
    description:
      'On a shared receipt: the members this item is split among, evenly (member ids) or by portions; with assigned_to null and this empty, the item is for everyone',
  }),
);

/** What a receipt without items is divided by: portions (default 1 each) or exact amounts adding up to the total. */
export const SharedExpenseInput = Type.Object(
  {
    member_id: MemberId,
    portions: Type.Optional(Type.Integer({ minimum: 1, maximum: SHARE_PORTIONS_MAX })),
    amount: Type.Optional(
      Type.Number({ minimum: -MAX_PRINTED_AMOUNT, maximum: MAX_PRINTED_AMOUNT, description: "This member's exact part, in the receipt's currency" }),
    ),
  },
  { additionalProperties: false },
);
export type SharedExpenseInput = Static<typeof SharedExpenseInput>;

/** The sharing fields of both save shapes; a person who shares nothing sends none (or spec §3's false and empties). */
const SharingFields = {
  is_shared: Type.Optional(Type.Boolean({ description: 'true: shared with household_id; false (or left out with no household_id): private' })),
  household_id: Type.Optional(
    Type.Union([Type.String({ maxLength: 100 }), Type.Null()], {
      description: 'The household (I am an active member) the receipt is shared with; null on edit: no longer shared; left out on edit: kept',
    }),
  ),
  paid_by: Type.Optional(Type.String({ maxLength: 100, description: 'The member who paid; default: me (on edit: kept)' })),
  shared_expenses: Type.Optional(
    Type.Array(SharedExpenseInput, {
      maxItems: HOUSEHOLD_MAX_MEMBERS,
      description: 'A shared receipt without items: who pays what (empty: evenly among everyone). With items, say who each item is for instead',
    }),
  ),
};

/** A member's share of a shared receipt: in the receipt's currency, and in the member's home currency when known. */
export const MemberShare = Type.Object({
  member_id: Type.String(),
  display_name: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  home_currency: Type.Union([Type.String(), Type.Null()]),
  home_amount: Type.Union([Type.Number(), Type.Null()]),
});
export type MemberShare = Static<typeof MemberShare>;

export const ReceiptItem = Type.Object({
  name: Type.String(),
  price: Type.Number(),
  quantity: Type.Number(),
  /** The item's own category; null (or absent): it counts in the receipt's. */
  categoryId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  ...DeadlineAnswers,
  assigned_to: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  shared_with: Type.Optional(Type.Array(Type.Union([Type.String(), MemberPortions]))),
});
export type ReceiptItem = Static<typeof ReceiptItem>;

/**
 * The list/detail shape of spec §3, plus categoryId and currencies. `category` is the category's
 * name; `amount` is as printed, in `currency`; `home_amount` is what sums count, in the home
 * currency, converted at `rate` (null when the receipt is in the home currency).
 */
export const Receipt = Type.Object({
  id: Type.String(),
  store: Type.String(),
  date: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  rate: Type.Union([Type.Number(), Type.Null()]),
  home_amount: Type.Number(),
  /** Made from a bank statement row. */
  imported: Type.Boolean(),
  category: Type.String(),
  categoryId: Type.String(),
  description: Type.String(),
  paymentMethod: Type.String(),
  tax: Type.Union([Type.Number(), Type.Null()]),
  items: Type.Array(ReceiptItem),
  /** A short-lived signed URL of the receipt's image, or null. */
  imageUrl: Type.Union([Type.String(), Type.Null()]),
  ...DeadlineAnswers,
  /** Only when the image is a PDF whose first page was drawn: its pages, and that page as a signed JPEG link. */
  document: Type.Optional(ScannedDocument),
  /** Only on a receipt shared with a household I am an active member of. */
  is_shared: Type.Optional(Type.Boolean()),
  household_id: Type.Optional(Type.String()),
  paid_by: Type.Optional(Type.String()),
  /** Each member's share, adding up to the amount to the cent. */
  shared_expenses: Type.Optional(Type.Array(MemberShare)),
});
export type Receipt = Static<typeof Receipt>;
export const ReceiptList = Type.Array(Receipt);

// ---------- requests ----------

export const ReceiptParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export type ReceiptParams = Static<typeof ReceiptParams>;

export const ReceiptListQuery = Type.Object({
  search: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'The store, an item, the description or the text read off the receipt contains this (any case, punctuation ignored)',
    }),
  ),
  category: Type.Optional(CategoryRef),
  under_warranty: Type.Optional(
    Type.Boolean({ description: "true: only receipts with a warranty (the receipt's or an item's) that has not ended by today (UTC)" }),
  ),
  sort: Type.Optional(Type.Enum(RECEIPT_SORTS)),
  order: Type.Optional(Type.Enum(['asc', 'desc'])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RECEIPT_LIST_MAX_LIMIT })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: RECEIPT_LIST_MAX_OFFSET, description: `Rows to skip; deeper pages are read with \`after\`` })),
  after: Type.Optional(
    Type.String({
      maxLength: 400,
      description: 'The page after the one whose x-next-cursor header this is, with the same sort and order (instead of offset)',
    }),
  ),
});
export type ReceiptListQuery = Static<typeof ReceiptListQuery>;

/** A scanned item as the scan screen saves it (spec §3); who it is for counts on a shared receipt. */
export const ScanItem = Type.Object(
  {
    id: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    name: ItemName,
    price: Money,
    quantity: Type.Optional(Quantity),
    category: Type.Optional(
      Type.String({
        maxLength: 100,
        description:
          "The item's category (name, any case, or id): it counts there; when every item names the same one and `category` is left out, it is the receipt's",
      }),
    ),
    read_as: Type.Optional(ItemReadAs),
    ...DeadlineFields,
    assigned_to: AssignedTo,
    shared_with: SharedWith,
  },
  { additionalProperties: false },
);

const IntoId = Type.Optional(
  Type.String({
    maxLength: 100,
    description:
      'A receipt imported from a bank statement that this one is the receipt of (GET /receipts/match finds it): it is filled in (the answer keeps its id) instead of a second one added',
  }),
);

/** The save payload of the scan screen (spec §3). Told apart from the manual form by `store_name`. */
export const ScanReceiptBody = Type.Object(
  {
    store_name: Store,
    date: DateText,
    total_amount: Money,
    currency: Currency,
    rate: Rate,
    tax: Type.Optional(
      Type.Union([NonNegativeMoney, Type.Null()], { description: 'The tax the review form shows (the scan fills it in where the receipt prints one)' }),
    ),
    items: Type.Optional(Type.Array(ScanItem, { maxItems: MAX_RECEIPT_ITEMS })),
    image_url: Type.Optional(Type.Union([ImageData, Type.Null()])),
    ...SharingFields,
    category: Type.Optional(CategoryRef),
    description: Type.Optional(Description),
    scan_ref: Type.Optional(
      Type.String({
        maxLength: MAX_SCAN_REF,
        pattern: SCAN_REF_PATTERN,
        description: "The scan answer's scan_ref: Tally remembers this store's name and category for this person",
      }),
    ),
    ocr_text: Type.Optional(Type.String({ maxLength: MAX_OCR_TEXT, description: "The scan answer's raw_text, kept with the receipt and searched" })),
    draft_id: Type.Optional(
      Type.String({ maxLength: 100, description: 'Saves this draft (GET /receipts/drafts): the receipt takes its image and text, and the draft is gone' }),
    ),
    scan_read_id: Type.Optional(
      Type.String({
        maxLength: 64,
        description:
          "The scan answer's (or draft's) read_id: Tally counts whether the store, date and total were saved as read (GET /scan/trust); one it does not know counts nothing",
      }),
    ),
    into_id: IntoId,
    ...DeadlineFields,
  },
  { additionalProperties: false },
);
export type ScanReceiptBody = Static<typeof ScanReceiptBody>;

export const ManualItem = Type.Object(
  {
    name: ItemName,
    price: Money,
    quantity: Type.Optional(Quantity),
    category: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: "The item's category (name, any case, or id); left out: the receipt's" })),
    ...DeadlineFields,
    assigned_to: AssignedTo,
    shared_with: SharedWith,
  },
  { additionalProperties: false },
);

/**
 * The Add/Edit Transaction form. On PUT, optional fields that are left out keep their value;
 * `imageData: null` removes the image.
 */
export const ManualReceiptBody = Type.Object(
  {
    store: Store,
    date: DateText,
    amount: Money,
    currency: Currency,
    rate: Rate,
    category: Type.Optional(CategoryRef),
    description: Type.Optional(Description),
    paymentMethod: Type.Optional(Type.String({ maxLength: MAX_PAYMENT_METHOD })),
    tax: Type.Optional(Type.Union([NonNegativeMoney, Type.Null()])),
    items: Type.Optional(Type.Array(ManualItem, { maxItems: MAX_RECEIPT_ITEMS })),
    imageData: Type.Optional(Type.Union([ImageData, Type.Null()])),
    ...SharingFields,
    ...DeadlineFields,
  },
  { additionalProperties: false },
);
export type ManualReceiptBody = Static<typeof ManualReceiptBody>;

/** Add Transaction: the form's fields, and the imported bank row they fill in, if the person chose to. */
export const ManualCreateBody = Type.Object({ ...ManualReceiptBody.properties, into_id: IntoId }, { additionalProperties: false });
export type ManualCreateBody = Static<typeof ManualCreateBody>;

/**
 * POST /receipts takes either shape. if/then/else rather than anyOf: the validator then reports
 * the error of the shape the client meant, not of the first alternative. The OpenAPI document
 * (3.0, which has no if/then/else) writes it as oneOf: see server/openapi.ts.
 */
export const CreateReceiptBody = Type.Unsafe<ScanReceiptBody | ManualCreateBody>({
  type: 'object',
  description: 'Either the scan save payload (with store_name) or the manual form (with store)',
  if: { type: 'object', required: ['store_name'] },
  then: ScanReceiptBody,
  else: ManualCreateBody,
});
export type CreateReceiptBody = Static<typeof CreateReceiptBody>;

export function isScanPayload(body: CreateReceiptBody): body is ScanReceiptBody {
  return typeof (body as ScanReceiptBody).store_name === 'string';
}

// ---------- the same receipt, saved or imported ----------

/**
 * A receipt already saved that one coming in looks like: the same photo, or a like store (as an
 * import matches a bank row), the same amount in the same currency, a date at most MATCH_DAYS
 * apart. `imported`: a bank statement's row, which saving with `into_id` fills in; else saving
 * would count the purchase twice. `total_amount` is as printed, in `currency`.
 */
export const LikeReceipt = Type.Object({
  _id: Type.String(),
  store_name: Type.String(),
  date: Type.String(),
  total_amount: Type.Number(),
  currency: Type.String(),
  imported: Type.Boolean(),
});
export type LikeReceipt = Static<typeof LikeReceipt>;

/** GET /receipts/match (and /receipts/drafts/:id/match): the receipt being entered, as typed. */
export const SameReceiptQuery = Type.Object({
  store: Store,
  date: DateText,
  amount: Money,
  currency: Currency,
});
export type SameReceiptQuery = Static<typeof SameReceiptQuery>;

export const SameReceiptAnswer = Type.Object({
  /** The receipt this one looks like (the nearest day first, a saved one before a bank row), or null. */
  match: Type.Union([LikeReceipt, Type.Null()]),
});
export type SameReceiptAnswer = Static<typeof SameReceiptAnswer>;
