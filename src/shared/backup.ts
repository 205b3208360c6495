import { Type, type Static, type TSchema } from 'typebox';
import { BACKUP_FORMAT } from './constants/backup';

export * from './constants/backup';

/**
 * A backup (GET /api/backup): a zip of manifest.json (BackupManifest), data.json (BackupData)
 * and the originals under originals/. Ids are the exporting server's; a restore gives every row
 * a new one and maps the references. Money in integer minor units, days 'YYYY-MM-DD'.
 */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Id = Type.String({ minLength: 1, maxLength: 100 });
const Text = (maxLength: number) => Type.String({ maxLength });
const OrNull = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const Cents = Type.Integer();
const Interval = Type.Enum(['weekly', 'monthly', 'yearly']);

export const BackupManifest = Type.Object({
  format: Type.Literal(BACKUP_FORMAT),
  version: Type.Integer({ minimum: 1 }),
  exported_at: Type.String(),
  counts: Type.Record(Type.String(), Type.Integer()),
});
export type BackupManifest = Static<typeof BackupManifest>;

const BackupProfile = Type.Object({
  display_name: Text(200),
  first_name: Text(200),
  last_name: Text(200),
  monthly_budget_cents: OrNull(Cents),
  budget_rollover: Type.Boolean(),
  budget_rollover_from: OrNull(Day),
  date_order: Type.Enum(['MDY', 'DMY']),
  theme: Type.Enum(['light', 'dark', 'system']),
  home_currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  time_zone: OrNull(Text(100)),
});

const BackupCategory = Type.Object({
  id: Id,
  name: Text(100),
  color: Text(50),
  icon: Text(100),
  budget_cents: OrNull(Cents),
  is_fallback: Type.Boolean(),
  rollover: Type.Boolean(),
  rollover_from: OrNull(Day),
});

/** The last day to return it and its warranty's end; left out by a backup made before they were kept. */
const Deadlines = { return_by: Type.Optional(OrNull(Day)), warranty_until: Type.Optional(OrNull(Day)) };

const BackupItem = Type.Object({ name: Text(500), price_cents: Cents, quantity: Type.Number(), category_id: OrNull(Id), ...Deadlines });

/** Who an item, or a receipt without items, is for (src/shared/split.ts SplitFor), members by their backup ids. */
const SplitFor = Type.Union([
  Type.Object({ kind: Type.Literal('everyone') }),
  Type.Object({ kind: Type.Literal('one'), member: Id }),
  Type.Object({ kind: Type.Literal('portions'), portions: Type.Record(Type.String({ maxLength: 100 }), Type.Number()) }),
]);
const SplitByAmount = Type.Union([
  ...SplitFor.anyOf,
  Type.Object({ kind: Type.Literal('exact'), amounts: Type.Record(Type.String({ maxLength: 100 }), Cents) }),
]);

/** A shared receipt's setup: its household, who paid, and who each item (or the whole) is for. */
const BackupSharing = Type.Object({
  household_id: Id,
  paid_by: Id,
  split: Type.Object({ items: Type.Optional(Type.Array(SplitFor)), byAmount: Type.Optional(SplitByAmount) }),
});
export type BackupSharing = Static<typeof BackupSharing>;

/**
 * A household the person is a current member of: its name and current members by display name
 * (never their addresses), which one is the person, and who is a placeholder without an account.
 */
const BackupHousehold = Type.Object({
  id: Id,
  name: Text(200),
  members: Type.Array(Type.Object({ id: Id, display_name: Text(200), is_me: Type.Boolean(), placeholder: Type.Boolean() }), { minItems: 1 }),
});
export type BackupHousehold = Static<typeof BackupHousehold>;

/** A payment the person made or received in one of `households`, in minor units of its currency. */
const BackupSettlement = Type.Object({
  household_id: Id,
  from_member: Id,
  to_member: Id,
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  amount_minor: Type.Integer({ minimum: 1 }),
  created_at: Text(40),
});
export type BackupSettlement = Static<typeof BackupSettlement>;

export const BackupReceipt = Type.Object({
  id: Id,
  store: Text(500),
  date: Day,
  amount_cents: Cents,
  currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  printed_minor: Cents,
  rate: OrNull(Text(40)),
  imported: Type.Boolean(),
  category_id: Id,
  description: Text(10_000),
  payment_method: Text(200),
  tax_cents: OrNull(Cents),
  /** Its original's name in the zip ('originals/<id>.jpg'), or null. */
  original: OrNull(Text(200)),
  image_hash: OrNull(Text(200)),
  ocr_text: OrNull(Text(200_000)),
  ...Deadlines,
  created_at: Text(40),
  items: Type.Array(BackupItem),
  /** What its items count in their own categories beyond the receipt's (home-currency cents). */
  item_counts: Type.Array(Type.Object({ category_id: Id, cents: Cents })),
  /** How it is shared with one of `households` (left out when it is not, and by older backups). */
  sharing: Type.Optional(Type.Union([BackupSharing, Type.Null()])),
});
export type BackupReceipt = Static<typeof BackupReceipt>;

/**
 * A person's own picker weights of one field: feature name to weight. The global weights stay
 * within ±10; one far beyond could overflow the picker's scores and fail the person's scans.
 */
const PickerWeights = Type.Record(Type.String({ maxLength: 100 }), Type.Number({ minimum: -1000, maximum: 1000 }), { maxProperties: 500 });
const Tally = Type.Integer({ minimum: 0 });
const PickerField = Type.Object({ on: Type.Boolean(), scans: Tally, personal: Tally, global: Tally });

/** What scanning learned of the person's corrections (issue 52): their picker weights, on or off per field, and the figures that decided it. */
const BackupPersonalPicker = Type.Object({
  weights: Type.Object({ store: Type.Optional(PickerWeights), date: Type.Optional(PickerWeights), total: Type.Optional(PickerWeights) }),
  fields: Type.Object({ store: PickerField, date: PickerField, total: PickerField }),
  scans: Tally,
  model_version: Text(64),
});

export const BackupData = Type.Object({
  profile: BackupProfile,
  categories: Type.Array(BackupCategory, { minItems: 1 }),
  budget_months: Type.Array(Type.Object({ category_id: OrNull(Id), month: Day, budget_cents: OrNull(Cents) })),
  receipts: Type.Array(BackupReceipt),
  currency_rates: Type.Array(Type.Object({ quote: Text(3), currency: Text(3), valid_from: Day, rate: Text(40) })),
  import_mappings: Type.Array(Type.Object({ header_key: Text(2000), mapping: Type.Unknown() })),
  import_rows: Type.Array(Type.Object({ fingerprint: Text(200), receipt_id: OrNull(Id) })),
  item_memory: Type.Array(Type.Object({ read_key: Text(500), name: Text(500), category_id: OrNull(Id) })),
  /** Item names grouped into products, by lower-cased name (a product's own name points at itself); left out by a backup made before they were kept. */
  item_products: Type.Optional(Type.Array(Type.Object({ key: Text(1000), name: Text(500), product_key: Text(1000) }))),
  store_memory: Type.Array(Type.Object({ header_key: Text(500), ocr_header: Text(2000), store_name: Text(500), category_id: OrNull(Id) })),
  /** The person's own picker, once fitted; left out by a backup made before it was kept. */
  personal_picker: Type.Optional(Type.Union([BackupPersonalPicker, Type.Null()])),
  recurring_series: Type.Array(
    Type.Object({
      store_key: Text(500),
      store: Text(500),
      status: Type.Enum(['found', 'confirmed', 'dismissed']),
      interval: Interval,
      amount_cents: Cents,
      edited_interval: OrNull(Interval),
      edited_amount_cents: OrNull(Cents),
      receipt_ids: Type.Array(Id),
      first_date: Day,
      last_date: Day,
      next_date: Day,
    }),
  ),
  /** Households and payments: left out by a backup made before they were kept. */
  households: Type.Optional(Type.Array(BackupHousehold)),
  settlements: Type.Optional(Type.Array(BackupSettlement)),
});
export type BackupData = Static<typeof BackupData>;

/** How many rows of one kind came back. */
const Count = Type.Integer({ minimum: 0 });

/** POST /api/backup/restore: what was restored, counted. */
export const RestoreAnswer = Type.Object({
  restored: Type.Object({
    categories: Count,
    receipts: Count,
    items: Count,
    originals: Count,
    currency_rates: Count,
    budget_months: Count,
    recurring_series: Count,
    households: Type.Optional(Count),
    shared_receipts: Type.Optional(Count),
    settlements: Type.Optional(Count),
  }),
});
export type RestoreAnswer = Static<typeof RestoreAnswer>;
