import { Type, type Static } from 'typebox';
import { Profile } from './profile';
import { Category } from './categories';
import { Receipt } from './receipts';
import { CurrencyCode, MAX_RATE, MIN_RATE } from './currencyRates';
import { TimeZone } from './analytics';

/** Order of day and month in receipt dates the scanner reads ('03/04/2025': March 4 or 3 April). */
export const DATE_ORDERS = ['MDY', 'DMY'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];
export const DEFAULT_DATE_ORDER: DateOrder = 'MDY';

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';

// Literals spelled out: a mapped array would lose them in the static type.
const DateOrderSchema = Type.Enum(['MDY', 'DMY'], { description: 'MDY: month first; DMY: day first' });
const ThemeSchema = Type.Enum(['light', 'dark', 'system']);

/** GET /api/settings */
export const Settings = Type.Object({
  date_order: DateOrderSchema,
  theme: ThemeSchema,
  home_currency: Type.String({ description: 'ISO 4217 code: dashboard, budgets, notifications and analytics count in it' }),
  time_zone: Type.Union([Type.String(), Type.Null()], {
    description: "The person's time zone, which notifications count 'this month' and the forecast's day in; null until the web app sends it",
  }),
});
export type Settings = Static<typeof Settings>;

/** PUT /api/settings: fields left out keep their value. */
export const SettingsUpdate = Type.Object(
  {
    date_order: Type.Optional(DateOrderSchema),
    theme: Type.Optional(ThemeSchema),
    home_currency: Type.Optional(CurrencyCode),
    time_zone: Type.Optional(TimeZone),
    home_currency_rate: Type.Optional(
      Type.Number({
        minimum: MIN_RATE,
        maximum: MAX_RATE,
        description:
          'With a new home_currency: one unit of the old home currency in the new one, kept in the rates table and used for amounts the table has no direct rate for',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SettingsUpdate = Static<typeof SettingsUpdate>;

/** POST /profile/avatar answers the stored avatar's path ('static/avatars/…', spec §3). */
export const AvatarAnswer = Type.Object({ avatar: Type.String() });
export type AvatarAnswer = Static<typeof AvatarAnswer>;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPE_MESSAGE = 'Please select a JPG or PNG image';

/** GET /api/export?format=csv|json[&rows=receipts|items] */
export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** A CSV's rows: one per receipt, or one per item counted in its category (a receipt without items: one). */
export const EXPORT_ROWS = ['receipts', 'items'] as const;
export type ExportRows = (typeof EXPORT_ROWS)[number];
export const ExportQuery = Type.Object({
  format: Type.Optional(Type.Enum([...EXPORT_FORMATS], { default: 'json' })),
  rows: Type.Optional(
    Type.Enum([...EXPORT_ROWS], {
      description:
        "CSV only. receipts (default): one row per receipt. items: one row per item with the category it counts in and its part of the receipt after tax, tip, discounts and rounding; a receipt without items is one row. Each category's rows add up to what analytics count there.",
    }),
  ),
});
export type ExportQuery = Static<typeof ExportQuery>;

const YourShare = Type.Number({
  description: 'Only for a person who shares (in a household, or holding shares): what the receipt counts in their totals, in their home currency',
});

/** A receipt in the export: the list shape without the short-lived image link. */
const { imageUrl: _link, ...listed } = Receipt.properties;
export const ExportedReceipt = Type.Object({ ...listed, your_share: Type.Optional(YourShare) });
export type ExportedReceipt = Static<typeof ExportedReceipt>;

/** Another member's receipt shared with the person: only their share counts for them. */
export const SharedWithMe = Type.Object({
  shared_receipt_id: Type.String(),
  household_id: Type.String(),
  shared_by: Type.String({ description: "The sharer's display name in the household" }),
  date: Type.String(),
  store: Type.String(),
  amount: Type.Number({ description: "The whole receipt, in its currency's units" }),
  currency: Type.String(),
  category: Type.String({ description: 'The category of the person’s own that holds most of their share' }),
  your_share: YourShare,
  by_category: Type.Array(Type.Object({ category: Type.String(), your_share: Type.Number() }), {
    description: 'Where their share counts, by their own categories, largest first: as the items it pays for count',
  }),
});
export type SharedWithMe = Static<typeof SharedWithMe>;

export const DataExport = Type.Object({
  exported_at: Type.String(),
  profile: Profile,
  settings: Settings,
  categories: Type.Array(Category),
  receipts: Type.Array(ExportedReceipt),
  shared_with_me: Type.Optional(Type.Array(SharedWithMe, { description: 'Only for a person who shares: others’ receipts shared with them' })),
});
export type DataExport = Static<typeof DataExport>;

/** DELETE /api/account: the user types their email to confirm. */
export const DeleteAccountBody = Type.Object({ confirm: Type.String({ maxLength: 320 }) }, { additionalProperties: false });
export type DeleteAccountBody = Static<typeof DeleteAccountBody>;
