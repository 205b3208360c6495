import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type { DraftStatus } from '../../shared/drafts';
import type { ScanReceiptResult } from '../../shared/scan';
import type { PickerCandidates } from '../ocr/picker/candidates';
import type { ModelWeights, PickedField } from '../ocr/picker/model';

/**
 * Table types for Kysely. Money is integer cents (bigint in SQL, cast to int/float in queries
 * where needed so PGlite and pg agree). Every table carries user_id, the distribution column;
 * what a household shares carries household_id instead.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ProfilesTable {
  user_id: string;
  email: string;
  display_name: string;
  first_name: string;
  last_name: string;
  monthly_budget_cents: ColumnType<number | null, number | null | undefined, number | null>;
  avatar: string | null;
  avatar_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Settings (migration 020): receipt date order for scanning and the colour theme. */
  date_order: ColumnType<'MDY' | 'DMY', 'MDY' | 'DMY' | undefined, 'MDY' | 'DMY'>;
  theme: ColumnType<'light' | 'dark' | 'system', 'light' | 'dark' | 'system' | undefined, 'light' | 'dark' | 'system'>;
  /** Rollover of the monthly budget (migration 040), counted from the month `budget_rollover_from`. */
  budget_rollover: Generated<boolean>;
  budget_rollover_from: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO 4217 code everything that sums is counted in (migration 070). */
  home_currency: ColumnType<string, string | undefined, string>;
  /** The person's time zone as their web app last sent it (migration 076); null: not known yet. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CategoriesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  color: string;
  icon: string;
  budget_cents: number | null;
  is_fallback: Generated<boolean>;
  created_at: Timestamp;
  /** Rollover of its budget (migration 040), counted from the month `rollover_from`. */
  rollover: Generated<boolean>;
  rollover_from: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Calendar dates ('YYYY-MM-DD'); select them with dateText() (db/dates.ts) so no driver turns them into Dates. */
type CalendarDate = ColumnType<string, string, string>;

export interface ReceiptsTable {
  id: Generated<string>;
  user_id: string;
  store: string;
  date: CalendarDate;
  amount_cents: number;
  category_id: string;
  description: Generated<string>;
  payment_method: Generated<string>;
  tax_cents: number | null;
  /** Blob-store key of the image; the bytes never enter the database. */
  image_key: string | null;
  /** storeKey(store) (receipts/storeKey.ts): how recurring-bill detection groups a store's receipts. */
  store_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The text read off the image when it was scanned (migration 050). */
  ocr_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 of the stored image, hex (migration 050): the same photo saved twice is noticed. */
  image_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** searchTextOf (searchText.ts), refreshed by every write: what the receipt search looks in. */
  search_text: Generated<string>;
  /**
   * Currencies (migration 070): amount_cents is what every sum reads, in hundredths of the home
   * currency; printed_minor is the amount as printed, in `currency`'s own minor units; rate is
   * home units for one unit of `currency` (numeric: read as a string), null in the home currency.
   */
  currency: ColumnType<string, string | undefined, string>;
  printed_minor: number;
  rate: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  /** Made from a bank statement row (no image). */
  imported: ColumnType<boolean, boolean | undefined, boolean>;
  /** The last day it can be returned, and of its warranty (migration 089); null: none. */
  return_by: ColumnType<string | null, string | null | undefined, string | null>;
  warranty_until: ColumnType<string | null, string | null | undefined, string | null>;
  /** A PDF original's first page as a JPEG (blob key) and its number of pages (migration 091). */
  page_key: ColumnType<string | null, string | null | undefined, string | null>;
  page_count: ColumnType<number | null, number | null | undefined, number | null>;
  /** Blob keys of its later pages as JPEGs, in order (migration 093); null: none kept. */
  later_page_keys: ColumnType<string[] | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A photo being read in the background or waiting for review (migration 050); it counts nowhere until saved. */
/**
 * A draft's scan answer as kept: a PDF's first page is a blob of its own (preview_key, migration
 * 088), so only rows read before that hold the preview inside.
 */
export type KeptScanResult = Omit<ScanReceiptResult, 'document'> & { document?: { pages: number; preview?: string } };

export interface ReceiptDraftsTable {
  id: Generated<string>;
  user_id: string;
  status: ColumnType<DraftStatus, DraftStatus | undefined, DraftStatus>;
  error: string | null;
  image_key: string;
  image_hash: string;
  /** The scan's answer once ready (KeptScanResult). */
  result: ColumnType<KeptScanResult | null, string | null | undefined, string | null>;
  /** Blob key of a PDF draft's first page as a JPEG (migration 090); its result then holds no preview. */
  preview_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Blob keys of its later pages as JPEGs, in order (migration 093); null: none kept. */
  later_page_keys: ColumnType<string[] | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The id a device gave an uploaded photo, and the draft it became (kept after the draft is gone). */
export interface DraftClientIdsTable {
  user_id: string;
  client_id: string;
  draft_id: string;
  created_at: Timestamp;
}

export interface ReceiptItemsTable {
  receipt_id: string;
  position: number;
  user_id: string;
  name: string;
  price_cents: number;
  quantity: number;
  /** The item's own category; null: the receipt's (migration 087). */
  category_id: Generated<string | null>;
  /** The item's own return window and warranty (migration 089); null: none. */
  return_by: ColumnType<string | null, string | null | undefined, string | null>;
  warranty_until: ColumnType<string | null, string | null | undefined, string | null>;
  /** The receipt's date, kept by triggers (migration 096): an item's purchases in date order. */
  date: ColumnType<string, never, never>;
}

/** Each name a person's items are bought under, kept by triggers on receipt_items (migration 095). */
export interface ItemNamesTable {
  user_id: string;
  /** lower(name): the name as items are looked up by. */
  key: string;
  /** A spelling of it, as an item carries it. */
  name: string;
  purchases: ColumnType<string, number, number>;
  /** The own category of the item last written under the name (null: its receipt's); not a reference. */
  category_id: string | null;
}

/** A person's item names grouped into one product, by name (migration 097). */
export interface ItemProductsTable {
  user_id: string;
  /** lower(name), as item_names.key. */
  key: string;
  /** A spelling of the name, shown while no item carries it. */
  name: string;
  /** The key of the product's own name (its row points at itself); never a name grouped into another. */
  product_key: string;
}

/** What a receipt's items count in their categories beyond the receipt's own row (migration 087). */
export interface ReceiptItemCountsTable {
  user_id: string;
  receipt_id: string;
  category_id: string;
  /** Hundredths of the home currency, as the totals; a receipt's rows add up to 0. */
  cents: number;
}

/** The name and category a person gave an item as the scanner read it (migration 087). */
export interface ItemMemoryTable {
  user_id: string;
  read_key: string;
  name: string;
  category_id: string | null;
  updated_at: Timestamp;
}

/** Spending per user, day and category, kept by the receipt write path (analytics reads only these). */
export interface DailyTotalsTable {
  user_id: string;
  day: CalendarDate;
  category_id: string;
  amount_cents: number;
  count: number;
}

/** The same per month (`month` is the month's first day), so a year reads 12 rows per category, not 365. */
export interface MonthlyTotalsTable {
  user_id: string;
  month: CalendarDate;
  category_id: string;
  amount_cents: number;
  count: number;
}

/** Notifications (spec §3); `seq` breaks ties between rows created in one transaction. */
export interface NotificationsTable {
  id: Generated<string>;
  seq: Generated<number>;
  user_id: string;
  type: string;
  title: string;
  message: string;
  link: string | null;
  is_read: Generated<boolean>;
  created_at: Generated<Date>;
}

/** Thresholds that fired: key like 'budget-warning' or 'category:<id>' for a month 'YYYY-MM'. */
export interface NotificationMarksTable {
  user_id: string;
  month: string;
  key: string;
  /** The notification this mark told (migration 076); null for marks that told nothing or older ones. */
  notification_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** What a person called a store whose receipt header reads like ocr_header (migration 030). */
export interface StoreMemoryTable {
  user_id: string;
  header_key: string;
  ocr_header: string;
  store_name: string;
  category_id: string | null;
  updated_at: Timestamp;
}

/** What a scan read, and once saved whether each field was saved as read (migration 088). */
export interface ScanReadsTable {
  id: Generated<string>;
  user_id: string;
  store_name: string;
  date: string | null;
  total_amount: number | null;
  created_at: Timestamp;
  saved_at: Date | null;
  store_right: boolean | null;
  date_right: boolean | null;
  total_right: boolean | null;
  /** The store, date and total candidates as read, for a person's own picker (migration 098; none before it). */
  candidates: ColumnType<PickerCandidates | null, string | null | undefined, string | null>;
  /** Once saved: which candidates were saved, per field. */
  gold: ColumnType<Record<PickedField, number[]> | null, string | null | undefined, string | null>;
}

/** One field of a person's picker: whether it uses their weights, and right picks on their held-out scans with theirs and with the global ones. */
export interface PickerFieldFit {
  on: boolean;
  scans: number;
  personal: number;
  global: number;
}

/** A person's own picker weights and whether each field uses them (migration 098; modules/scan/personalPicker.ts). */
export interface PersonalPickerTable {
  user_id: string;
  weights: ColumnType<Partial<ModelWeights> | null, string | null | undefined, string | null>;
  /** Per field: on or off, and the held-out figures that decided it. */
  fields: ColumnType<Record<PickedField, PickerFieldFit> | null, string | null | undefined, string | null>;
  /** Saved scans that taught something, at the last fit. */
  scans: ColumnType<number, number | undefined, number>;
  /** The global weights the fit was made around (a digest): another version turns it off until the next fit. */
  model_version: string | null;
  fitted_at: Date | null;
  labelled_since_fit: ColumnType<number, number | undefined, number>;
  queued_at: Date | null;
}

/** The budget in force from `month` (a month's first day) on; category_id null is the monthly budget (migration 040). */
export interface BudgetMonthsTable {
  user_id: string;
  category_id: string | null;
  month: CalendarDate;
  budget_cents: number | null;
}

/** A recurring bill found in a person's receipts, with their verdict and edits (migration 040). */
export interface RecurringSeriesTable {
  id: Generated<string>;
  user_id: string;
  store_key: string;
  store: string;
  status: 'found' | 'confirmed' | 'dismissed';
  interval: 'weekly' | 'monthly' | 'yearly';
  amount_cents: number;
  edited_interval: 'weekly' | 'monthly' | 'yearly' | null;
  edited_amount_cents: number | null;
  receipt_ids: string[];
  first_date: CalendarDate;
  last_date: CalendarDate;
  next_date: CalendarDate;
  updated_at: Timestamp;
}

/** Images kept in the database (BLOB_STORE=postgres; blobs/pgStore.ts), per bucket and key (migration 060). */
export interface BlobsTable {
  bucket: string;
  key: string;
  user_id: string;
  content_type: string;
  bytes: ColumnType<Uint8Array, Buffer, never>;
  created_at: Generated<Timestamp>;
}

/** A person's exchange rates: one `currency` in `quote` (their home currency then) from `valid_from` on (migration 070). */
export interface CurrencyRatesTable {
  user_id: string;
  quote: string;
  currency: string;
  valid_from: CalendarDate;
  rate: ColumnType<string, string | number, string | number>;
}

/** An uploaded statement between its preview and its commit (migration 070). */
/** A kept statement's bytes, a chunk per row in order of n (migration 083); they go with their preview. */
export interface ImportPreviewChunksTable {
  preview_id: string;
  n: number;
  bytes: ColumnType<Uint8Array, Buffer, never>;
}

export interface ImportPreviewsTable {
  id: Generated<string>;
  user_id: string;
  file_name: string;
  /** importHeaderKey of its header row: which bank's mapping applies. */
  header_key: string;
  /** The statement's size in bytes (its bytes are in import_preview_chunks); 0 once the import is written. */
  byte_count: ColumnType<number, number, number>;
  created_at: Generated<Timestamp>;
  /** Its import (migration 078): where it stands, what it was asked to do, how far it got and what it did. */
  status: ColumnType<'previewed' | 'importing' | 'done' | 'failed', 'previewed' | undefined, 'importing' | 'done' | 'failed'>;
  row_count: ColumnType<number, number, never>;
  plan: ColumnType<unknown, never, string>;
  done_line: ColumnType<number, never, number>;
  result: ColumnType<unknown, never, string>;
  message: ColumnType<string | null, never, string | null>;
  updated_at: Generated<Timestamp>;
}

/** The column mapping a person chose for a bank's statements, by header row (migration 070). */
export interface ImportMappingsTable {
  user_id: string;
  header_key: string;
  mapping: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

/** A statement row already imported (receipt_id: the receipt made or linked; null: skipped) (migration 070). */
export interface ImportRowsTable {
  user_id: string;
  fingerprint: string;
  receipt_id: string | null;
  created_at: Generated<Timestamp>;
}

/** A household: people who share receipts (migration 080). Shared rows are keyed by its id. */
export interface HouseholdsTable {
  id: Generated<string>;
  name: string;
  /** The uid of whoever made it; null once their account is deleted. */
  created_by: string | null;
  created_at: Timestamp;
}

/** A person a household counts (migration 080); user_id null: a placeholder, or a deleted account's former member. */
export interface HouseholdMembersTable {
  id: Generated<string>;
  household_id: string;
  user_id: string | null;
  display_name: string;
  role: 'owner' | 'member';
  status: 'active' | 'placeholder' | 'former';
  joined_at: Timestamp;
  left_at: Date | null;
  left_how: 'left' | 'removed' | 'account_deleted' | null;
}

/** An invitation link for an e-mail (migration 080); only the SHA-256 of its token is kept. */
export interface HouseholdInvitationsTable {
  id: Generated<string>;
  household_id: string;
  token_hash: string;
  email: string;
  invited_by: string | null;
  created_at: Timestamp;
  expires_at: Date;
  accepted_by: string | null;
  accepted_at: Date | null;
  declined_at: Date | null;
}

/** A receipt shared with a household, as its members see it (migration 082). */
export interface SharedReceiptsTable {
  id: Generated<string>;
  household_id: string;
  /** The sharer's private receipt; null once they left or their account went. */
  receipt_id: string | null;
  shared_by: string;
  paid_by: string;
  store: string;
  date: string;
  currency: string;
  total_minor: number;
  rate: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  /** How it was divided (SplitSpec of modules/households/shares.ts). */
  split: ColumnType<unknown, string, string>;
  /** The sharer's category name for it, kept when their receipt is detached (migration 085). */
  category: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A member's share of a shared receipt, in its currency and their home currency when known (migration 082). */
export interface SharedReceiptSharesTable {
  household_id: string;
  shared_receipt_id: string;
  member_id: string;
  amount_minor: number;
  home_currency: string | null;
  home_minor: number | null;
}

/** A person's private address token on the mail listener (migration 092); retired ones are kept to refuse with the reason. */
export interface MailInAddressesTable {
  token: string;
  user_id: string;
  created_at: Timestamp;
  retired_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Addresses besides the account's own whose mail is read (migration 092). */
export interface MailInSendersTable {
  user_id: string;
  address: string;
  position: number;
}

/** What a person's totals count for a shared receipt beyond their own receipts (migration 085). */
export interface ShareCountsTable {
  user_id: string;
  shared_receipt_id: string;
  category_id: string;
  day: CalendarDate;
  /** Hundredths of the person's home currency, as the totals. */
  cents: number;
}

/** A member's share of a shared receipt under one of the sharer's category names (migration 094). */
export interface ShareCategoriesTable {
  household_id: string;
  shared_receipt_id: string;
  member_id: string;
  /** The sharer's category name (null: none was kept). */
  category: string | null;
  /** The receipt currency's minor units; a member's rows add up to their share. */
  minor: ColumnType<string, number, number>;
}

/** A payment from one member to another (migration 082). */
export interface HouseholdSettlementsTable {
  id: Generated<string>;
  household_id: string;
  from_member: string;
  to_member: string;
  recorded_by: string;
  currency: string;
  amount_minor: number;
  created_at: Timestamp;
}

/** Accounts being or already deleted, by a SHA-256 digest of the uid (db/accountGate.ts). */
export interface ClosedAccountsTable {
  uid_digest: string;
}

export interface Database {
  profiles: ProfilesTable;
  categories: CategoriesTable;
  receipts: ReceiptsTable;
  receipt_items: ReceiptItemsTable;
  receipt_item_counts: ReceiptItemCountsTable;
  item_names: ItemNamesTable;
  item_products: ItemProductsTable;
  item_memory: ItemMemoryTable;
  daily_totals: DailyTotalsTable;
  monthly_totals: MonthlyTotalsTable;
  notifications: NotificationsTable;
  notification_marks: NotificationMarksTable;
  store_memory: StoreMemoryTable;
  scan_reads: ScanReadsTable;
  personal_picker: PersonalPickerTable;
  closed_accounts: ClosedAccountsTable;
  budget_months: BudgetMonthsTable;
  recurring_series: RecurringSeriesTable;
  receipt_drafts: ReceiptDraftsTable;
  draft_client_ids: DraftClientIdsTable;
  blobs: BlobsTable;
  currency_rates: CurrencyRatesTable;
  import_previews: ImportPreviewsTable;
  import_preview_chunks: ImportPreviewChunksTable;
  import_mappings: ImportMappingsTable;
  import_rows: ImportRowsTable;
  households: HouseholdsTable;
  household_members: HouseholdMembersTable;
  household_invitations: HouseholdInvitationsTable;
  shared_receipts: SharedReceiptsTable;
  shared_receipt_shares: SharedReceiptSharesTable;
  household_settlements: HouseholdSettlementsTable;
  share_counts: ShareCountsTable;
  share_categories: ShareCategoriesTable;
  mail_in_addresses: MailInAddressesTable;
  mail_in_senders: MailInSendersTable;
}

/** Anything that runs queries: the database or an open transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;
