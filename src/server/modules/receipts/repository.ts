import { sql, type RawBuilder, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Database, Executor, ReceiptItemsTable, ReceiptsTable } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import { dateText } from '../../db/dates';
import { RECEIPT_STORED_COLUMNS, receiptItemColumns } from '../../db/columns';
import type { ReceiptSort } from '../../../shared/receipts';
import { MATCH_DAYS, sameStore, storeKey, storeLikeness } from '../../storeKey';
import { addDays, daysBetween } from '../../../shared/calendar';
import { MINOR_UNITS, minorUnits } from '../../../shared/currency';
import { searchKey, searchTextOf } from '../../searchText';
import type { ListCursor } from './listCursor';

/** The columns a receipt is read with: not what only the write path and search use. */
export type ReceiptBase = Omit<Selectable<ReceiptsTable>, 'store_key' | 'ocr_text' | 'search_text'>;
export type ReceiptRow = ReceiptBase & { category_name: string };
export type ReceiptItemRow = Pick<
  Selectable<ReceiptItemsTable>,
  'receipt_id' | 'name' | 'price_cents' | 'quantity' | 'category_id' | 'return_by' | 'warranty_until'
>;

export interface ReceiptFields {
  store: string;
  date: string;
  amount_cents: number;
  currency: string;
  printed_minor: number;
  rate: number | null;
  category_id: string;
  description: string;
  payment_method: string;
  tax_cents: number | null;
  image_key: string | null;
  image_hash: string | null;
  return_by: string | null;
  warranty_until: string | null;
  /** A PDF original's first page (blob key) and pages; left out: kept (an edit) or none (a new receipt). */
  page_key?: string | null;
  page_count?: number | null;
  /** Its later pages' blob keys as a JSON array (migration 093); left out: kept, or none. */
  later_page_keys?: string | null;
}

export interface NewItem {
  name: string;
  price_cents: number;
  quantity: number;
  /** Null: the receipt's category. */
  category_id: string | null;
  return_by: string | null;
  warranty_until: string | null;
}

export interface ReceiptFilter {
  search?: string;
  categoryId?: string;
  /** Receipts dated from this day on ('YYYY-MM-DD', inclusive). */
  from?: string;
  /** Receipts dated up to this day ('YYYY-MM-DD', inclusive). */
  to?: string;
  /** Only receipts with a warranty (the receipt's or an item's) lasting to this day at least. */
  warrantyOn?: string;
}

export interface ReceiptPage {
  sort: ReceiptSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** Start after this row instead of skipping `offset` rows. */
  after?: ListCursor;
}

/** A listed row with what its page's cursor is made of. */
export type ListedReceiptRow = ReceiptRow & { cursor_key: string; cursor_created: string };

type ReceiptQuery<O> = SelectQueryBuilder<Database, 'receipts', O>;

/**
 * `search` matches the store, an item's name, the text read off the receipt or its description,
 * anywhere, ignoring case, punctuation and spaces. A search of punctuation only ('%') is matched
 * against the store as written, its LIKE wildcards taken literally.
 */
function filtered<O>(q: ReceiptQuery<O>, userId: string, filter: ReceiptFilter): ReceiptQuery<O> {
  let out = q.where('receipts.user_id', '=', userId);
  if (filter.search) {
    const key = searchKey(filter.search);
    if (key) {
      out = out.where(sql<boolean>`receipts.search_text ILIKE ${`%${key}%`}`);
    } else {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      out = out.where(sql<boolean>`receipts.store ILIKE ${pattern}`);
    }
  }
  if (filter.categoryId) out = out.where('receipts.category_id', '=', filter.categoryId);
  if (filter.from) out = out.where(sql<boolean>`receipts.date >= ${filter.from}::date`);
  if (filter.to) out = out.where(sql<boolean>`receipts.date <= ${filter.to}::date`);
  if (filter.warrantyOn) {
    const day = filter.warrantyOn;
    out = out.where(sql<boolean>`(receipts.warranty_until >= ${day}::date OR EXISTS (
      SELECT 1 FROM receipt_items wi WHERE wi.receipt_id = receipts.id AND wi.user_id = ${userId} AND wi.warranty_until >= ${day}::date))`);
  }
  return out;
}

type ReceiptColumn = keyof ReceiptsTable & string;
const PLAIN_COLUMNS: ReceiptColumn[] = [...RECEIPT_STORED_COLUMNS, 'user_id', 'rate', 'page_key', 'page_count', 'later_page_keys', 'created_at', 'updated_at'];
/** Every receipt column, the dates as text. */
const receiptColumns = (table = 'receipts') => [
  ...PLAIN_COLUMNS.map((c) => sql.ref(`${table}.${c}`).as(c)),
  ...(['date', 'return_by', 'warranty_until'] as const).map((c) => dateText(`${table}.${c}`).as(c)),
];

function withCategoryName(db: Executor) {
  return db
    .selectFrom('receipts')
    .innerJoin('categories', (j) => j.onRef('categories.id', '=', 'receipts.category_id').onRef('categories.user_id', '=', 'receipts.user_id'))
    .select(receiptColumns())
    .select('categories.name as category_name')
    .$castTo<ReceiptRow>();
}

const SORT_COLUMNS = {
  date: sql`receipts.date`,
  amount: sql`receipts.amount_cents`,
  store: sql`lower(receipts.store)`,
} as const;
/** A cursor's sort value, typed as its column is. */
const SORT_KEYS = {
  date: (key: string) => sql`${key}::date`,
  amount: (key: string) => sql`${key}::bigint`,
  store: (key: string) => sql`${key}::text`,
} as const;

/** One page of the user's receipts; ties break by creation time then id, in the same direction. */
export function listReceipts(db: Executor, userId: string, filter: ReceiptFilter, page: ReceiptPage): Promise<ListedReceiptRow[]> {
  const sortColumn = SORT_COLUMNS[page.sort];
  let q = filtered(withCategoryName(db), userId, filter)
    .select([sql<string>`${sortColumn}::text`.as('cursor_key'), sql<string>`receipts.created_at::text`.as('cursor_created')])
    .orderBy(sortColumn, page.order)
    .orderBy('receipts.created_at', page.order)
    .orderBy('receipts.id', page.order)
    .limit(page.limit);
  if (page.after) {
    const { key, createdAt, id } = page.after;
    const past = page.order === 'desc' ? sql`<` : sql`>`;
    q = q.where(sql<boolean>`(${sortColumn}, receipts.created_at, receipts.id) ${past} (${SORT_KEYS[page.sort](key)}, ${createdAt}::timestamptz, ${id}::uuid)`);
  } else {
    q = q.offset(page.offset);
  }
  return q.$castTo<ListedReceiptRow>().execute();
}

export async function countReceipts(db: Executor, userId: string, filter: ReceiptFilter): Promise<number> {
  const row = await filtered(db.selectFrom('receipts'), userId, filter)
    .select(sql<number>`count(*)::bigint`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function findReceipt(db: Executor, userId: string, id: string): Promise<ReceiptRow | undefined> {
  if (!isUuid(id)) return undefined;
  return withCategoryName(db).where('receipts.user_id', '=', userId).where('receipts.id', '=', id).executeTakeFirst();
}

/** The receipt's row, locked until the transaction ends (the state an edit or delete starts from). */
export async function lockReceipt(trx: Executor, userId: string, id: string): Promise<ReceiptBase | undefined> {
  if (!isUuid(id)) return undefined;
  return trx
    .selectFrom('receipts')
    .select(receiptColumns())
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .forUpdate()
    .$castTo<ReceiptBase>()
    .executeTakeFirst();
}

/** Items of several receipts in one query, in their saved order. */
export async function itemsOf(db: Executor, userId: string, receiptIds: string[]): Promise<ReceiptItemRow[]> {
  if (receiptIds.length === 0) return [];
  return db
    .selectFrom('receipt_items')
    .select(receiptItemColumns())
    .where('user_id', '=', userId)
    .where('receipt_id', 'in', receiptIds)
    .orderBy('receipt_id')
    .orderBy('position')
    .execute();
}

/** The key of each receipt's original (photo or PDF), for the receipts that have one. */
export async function imageKeysOf(db: Executor, userId: string, receiptIds: string[]): Promise<Map<string, string>> {
  if (receiptIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('receipts')
    .select(['id', 'image_key'])
    .where('user_id', '=', userId)
    .where('id', 'in', receiptIds)
    .where('image_key', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.id, r.image_key!]));
}

/** A new receipt; `ocrText` is what a scan read off it (kept, and searched once refreshSearchText runs). */
export async function insertReceipt(trx: Executor, userId: string, fields: ReceiptFields, ocrText: string | null): Promise<ReceiptBase> {
  return trx
    .insertInto('receipts')
    .values({ user_id: userId, ...fields, ocr_text: ocrText, store_key: storeKey(fields.store) })
    .returning(receiptColumns())
    .$castTo<ReceiptBase>()
    .executeTakeFirstOrThrow();
}

/** Columns only a scan filling in an imported receipt changes. */
export interface ScanFill {
  ocr_text: string | null;
  imported: false;
}

export async function updateReceipt(trx: Executor, userId: string, id: string, fields: ReceiptFields, fill?: ScanFill): Promise<ReceiptBase> {
  return trx
    .updateTable('receipts')
    .set({ ...fields, ...fill, store_key: storeKey(fields.store), updated_at: new Date() })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(receiptColumns())
    .$castTo<ReceiptBase>()
    .executeTakeFirstOrThrow();
}

/** Recomputes what search looks in, after the receipt's store, items or description changed. */
export async function refreshSearchText(trx: Executor, userId: string, id: string): Promise<void> {
  await trx
    .updateTable('receipts as r')
    .set({ search_text: searchTextOf('r') })
    .where('r.user_id', '=', userId)
    .where('r.id', '=', id)
    .execute();
}

export interface LikeQuery {
  /** The photo's hash, when the receipt coming in has one already stored (a draft). */
  imageHash: string | null;
  store: string | null;
  date: string | null;
  currency: string;
  /** The total as printed, in `currency`'s minor units. */
  printedMinor: number | null;
}

export interface LikeReceiptRow {
  id: string;
  store: string;
  date: string;
  currency: string;
  printed_minor: number;
  /** A receipt made from a bank statement row: the one coming in may be that purchase's receipt. */
  imported: boolean;
}

type TypedLike = LikeQuery & { store: string; date: string; printedMinor: number };
const isTyped = (l: LikeQuery): l is TypedLike => Boolean(l.store && l.date && l.printedMinor !== null);

/**
 * For each query, the user's receipt with the same photo, else the one that is the same purchase
 * as an import matches a bank row to a receipt: the same currency and printed amount, a date at
 * most MATCH_DAYS apart and a like store (sameStore). The nearest day wins, then a saved receipt
 * before a bank row (saving again would count it a third time), then the more alike store;
 * undefined where none. Two queries for all of them, whatever their number.
 */
export async function findLikeReceipts(db: Executor, userId: string, likes: readonly LikeQuery[]): Promise<(LikeReceiptRow | undefined)[]> {
  if (likes.length === 0) return [];
  const columns = ['id', 'store', dateText('date').as('date'), 'currency', 'printed_minor', 'imported'] as const;
  const hashes = likes.flatMap((l) => (l.imageHash ? [l.imageHash] : []));
  const byHash = hashes.length
    ? await db
        .selectFrom('receipts')
        .select([...columns, 'image_hash'])
        .where('user_id', '=', userId)
        .where('image_hash', 'in', hashes)
        .execute()
    : [];
  const typed = likes.filter(isTyped);
  const days = typed.map((l) => l.date).sort();
  const byFields = typed.length
    ? await db
        .selectFrom('receipts')
        .select(columns)
        .where('user_id', '=', userId)
        .where('date', '>=', addDays(days[0], -MATCH_DAYS))
        .where('date', '<=', addDays(days[days.length - 1], MATCH_DAYS))
        .where('printed_minor', 'in', [...new Set(typed.map((l) => l.printedMinor))])
        .where('currency', 'in', [...new Set(typed.map((l) => l.currency))])
        .execute()
    : [];
  const strip = ({ id, store, date, currency, printed_minor, imported }: LikeReceiptRow): LikeReceiptRow => ({
    id,
    store,
    date,
    currency,
    printed_minor,
    imported,
  });
  const samePurchase = (like: TypedLike) =>
    byFields
      .filter((r) => r.currency === like.currency && r.printed_minor === like.printedMinor)
      .map((r) => ({ r, days: Math.abs(daysBetween(r.date, like.date)), likeness: storeLikeness(r.store, like.store) }))
      .filter(({ r, days }) => days <= MATCH_DAYS && sameStore(r.store, like.store))
      .sort((a, b) => a.days - b.days || Number(a.r.imported) - Number(b.r.imported) || b.likeness - a.likeness)[0]?.r;
  return likes.map((like) => {
    const sameImage = like.imageHash ? byHash.find((r) => r.image_hash === like.imageHash) : undefined;
    const same = sameImage ?? (isTyped(like) ? samePurchase(like) : undefined);
    return same && strip(same);
  });
}

export async function deleteReceipt(trx: Executor, userId: string, id: string): Promise<void> {
  await trx.deleteFrom('receipts').where('user_id', '=', userId).where('id', '=', id).execute();
}

/** Replaces the receipt's items with these (one insert). */
export async function replaceItems(trx: Executor, userId: string, receiptId: string, items: NewItem[]): Promise<void> {
  await trx.deleteFrom('receipt_items').where('receipt_id', '=', receiptId).execute();
  if (items.length === 0) return;
  await trx
    .insertInto('receipt_items')
    .values(items.map((item, position) => ({ receipt_id: receiptId, position, user_id: userId, ...item })))
    .execute();
}

/**
 * How receipts are counted again in a new home currency `to`, replacing `from`: each at the new
 * home's rate for its currency on its day (`rates`: rateRanges of the currency module), else
 * through the old home, at its rate times the old home's rate in the new, kept to 8 decimals.
 */
export interface Rehome {
  from: string;
  to: string;
  rates: RawBuilder<unknown>;
}

/** A receipt the new home cannot count: no rate is known, its rate would round to nothing or pass the largest kept, or its amount the largest. */
export interface RehomeProblem {
  kind: 'missing' | 'rate-too-small' | 'rate-too-large' | 'amount-too-large';
  store: string;
  date: string;
  currency: string;
  /** The rate it would need, unrounded; null when none is known or it is in the new home currency. */
  rate: string | null;
}

export interface RehomeBounds {
  minRate: number;
  maxRate: number;
  maxCents: number;
}

/** The digits of the minor unit of the currency in `column`: 2 unless ISO 4217 says otherwise. */
function minorUnitsOf(column: RawBuilder<string>): RawBuilder<number> {
  const byDigits = new Map<number, string[]>();
  for (const [code, digits] of Object.entries(MINOR_UNITS)) byDigits.set(digits, [...(byDigits.get(digits) ?? []), code]);
  const cases = [...byDigits].map(([digits, codes]) => sql`WHEN ${column} IN (${sql.join(codes)}) THEN ${sql.lit(digits)}`);
  return sql<number>`(CASE ${sql.join(cases, sql` `)} ELSE 2 END)`;
}

/** homeCents in SQL: printed minor units at `rate` in hundredths of `home`, rounded once in the home's minor units (half away from zero, as numeric round does). */
function homeCentsOf(rate: RawBuilder<unknown>, home: string): RawBuilder<number> {
  const homeDigits = minorUnits(home);
  const homeMinor = sql`round(r.printed_minor * ${rate} * power(10::numeric, ${sql.lit(homeDigits)} - ${minorUnitsOf(sql`r.currency`)}))`;
  return homeDigits <= 2
    ? sql<number>`(${homeMinor} * ${sql.lit(10 ** (2 - homeDigits))})`
    : sql<number>`round(${homeMinor} / ${sql.lit(10 ** (homeDigits - 2))})`;
}

/** `alias`'s range of the rates holds the receipt's day. */
const rateOnDay = (alias: string) => sql`r.date >= ${sql.ref(`${alias}.valid_from`)} AND r.date < ${sql.ref(`${alias}.valid_to`)}`;

/** The rate through the old home, unrounded: the receipt's own rate to it (1 when it was in it) times the old home's rate in the new (`via`). */
const throughOldHome = (from: string) => sql`(CASE WHEN r.currency = ${from} THEN 1 ELSE coalesce(r.rate, 1) END * via.rate)`;

/**
 * The first receipt (the earliest without a rate, else the earliest out of bounds) that the new
 * home currency cannot count, or undefined: one pass over the person's receipts.
 */
export async function firstRehomeProblem(db: Executor, userId: string, { from, to, rates }: Rehome, bounds: RehomeBounds): Promise<RehomeProblem | undefined> {
  const missing = sql`(r.currency <> ${to} AND x.rate IS NULL)`;
  const tooSmall = sql`round(x.rate, 8) < ${bounds.minRate}`;
  const tooLarge = sql`x.rate > ${bounds.maxRate}`;
  const { rows } = await sql<RehomeProblem>`
    WITH rates AS (${rates})
    SELECT r.store, r.date::text AS date, r.currency, x.rate::text AS rate,
           CASE WHEN ${missing} THEN 'missing' WHEN ${tooSmall} THEN 'rate-too-small' WHEN ${tooLarge} THEN 'rate-too-large' ELSE 'amount-too-large' END AS kind
      FROM receipts r
      LEFT JOIN rates direct ON direct.currency = r.currency AND ${rateOnDay('direct')}
      LEFT JOIN rates via ON via.currency = ${from} AND ${rateOnDay('via')}
      CROSS JOIN LATERAL (SELECT CASE WHEN r.currency = ${to} THEN NULL ELSE coalesce(direct.rate, ${throughOldHome(from)}) END AS rate) x
      CROSS JOIN LATERAL (SELECT ${homeCentsOf(sql`coalesce(round(x.rate, 8), 1)`, to)} AS cents) c
     WHERE r.user_id = ${userId} AND (${missing} OR ${tooSmall} OR ${tooLarge} OR abs(c.cents) > ${bounds.maxCents})
     ORDER BY ${missing} DESC, r.date, r.id
     LIMIT 1`.execute(db);
  return rows[0];
}

/**
 * Counts every receipt in the new home currency, set-based: one UPDATE for the receipts in it,
 * one for those with a rate of the new home's table on their day, one for the rest (through the
 * old home); each writes only the rows that change. Run firstRehomeProblem first: a receipt
 * without a rate is left as it was. Answers the stores of the receipts changed.
 */
export async function rehomeReceipts(trx: Executor, userId: string, { from, to, rates }: Rehome): Promise<string[]> {
  const update = async (rate: RawBuilder<unknown>, join: RawBuilder<unknown>, where: RawBuilder<unknown>) => {
    const cents = homeCentsOf(sql`coalesce(${rate}, 1)`, to);
    const { rows } = await sql<{ store_key: string }>`
      WITH rates AS (${rates}), changed AS (
        UPDATE receipts r SET rate = ${rate}, amount_cents = ${cents}, updated_at = now() ${join}
         WHERE r.user_id = ${userId} AND ${where} AND (r.rate IS DISTINCT FROM ${rate} OR r.amount_cents <> ${cents})
        RETURNING r.store_key)
      SELECT DISTINCT store_key FROM changed WHERE store_key <> ''`.execute(trx);
    return rows.map((r) => r.store_key);
  };
  const hasDirect = sql`EXISTS (SELECT 1 FROM rates direct WHERE direct.currency = r.currency AND ${rateOnDay('direct')})`;
  const stores = [
    ...(await update(sql`NULL::numeric`, sql``, sql`r.currency = ${to}`)),
    ...(await update(sql`direct.rate`, sql`FROM rates direct`, sql`r.currency <> ${to} AND direct.currency = r.currency AND ${rateOnDay('direct')}`)),
    ...(await update(
      sql`round(${throughOldHome(from)}, 8)`,
      sql`FROM rates via`,
      sql`r.currency <> ${to} AND via.currency = ${from} AND ${rateOnDay('via')} AND NOT ${hasDirect}`,
    )),
  ];
  return [...new Set(stores)];
}

/**
 * Moves every receipt and item of one category to another, and what the items counted there;
 * answers how many receipts moved. An item landing in its receipt's category follows the receipt.
 */
export async function moveReceiptsToCategory(trx: Executor, userId: string, fromCategoryId: string, toCategoryId: string): Promise<number> {
  const res = await trx
    .updateTable('receipts')
    .set({ category_id: toCategoryId })
    .where('user_id', '=', userId)
    .where('category_id', '=', fromCategoryId)
    .executeTakeFirst();
  await sql`UPDATE receipt_items SET category_id = ${toCategoryId}::uuid WHERE user_id = ${userId} AND category_id = ${fromCategoryId}::uuid`.execute(trx);
  await sql`
    UPDATE receipt_items i SET category_id = NULL FROM receipts r
     WHERE i.user_id = ${userId} AND i.category_id = ${toCategoryId}::uuid AND r.id = i.receipt_id AND r.category_id = ${toCategoryId}::uuid`.execute(trx);
  await sql`
    INSERT INTO receipt_item_counts (user_id, receipt_id, category_id, cents)
    SELECT user_id, receipt_id, ${toCategoryId}::uuid, cents FROM receipt_item_counts WHERE user_id = ${userId} AND category_id = ${fromCategoryId}::uuid
    ON CONFLICT (receipt_id, category_id) DO UPDATE SET cents = receipt_item_counts.cents + excluded.cents`.execute(trx);
  await sql`DELETE FROM receipt_item_counts WHERE user_id = ${userId} AND (category_id = ${fromCategoryId}::uuid OR cents = 0)`.execute(trx);
  return Number(res.numUpdatedRows);
}

/** What a receipt's items count in a category beyond the receipt's own row (hundredths of the home currency). */
export interface CategoryPart {
  categoryId: string;
  cents: number;
}

/** Makes `parts` what the receipt's items count; answers what they counted before. */
export async function replaceItemCounts(trx: Executor, userId: string, receiptId: string, parts: readonly CategoryPart[]): Promise<CategoryPart[]> {
  const { rows } = await sql<CategoryPart>`
    DELETE FROM receipt_item_counts WHERE user_id = ${userId} AND receipt_id = ${receiptId}::uuid
    RETURNING category_id AS "categoryId", cents::bigint AS cents`.execute(trx);
  if (parts.length) {
    await trx
      .insertInto('receipt_item_counts')
      .values(parts.map((p) => ({ user_id: userId, receipt_id: receiptId, category_id: p.categoryId, cents: p.cents })))
      .execute();
  }
  return rows.map((r) => ({ categoryId: r.categoryId, cents: Number(r.cents) }));
}

/** The person's receipts whose items have categories of their own, with the amounts their counts come from. */
export async function receiptsWithItemCategories(db: Executor, userId: string): Promise<ReceiptBase[]> {
  return db
    .selectFrom('receipts')
    .select(receiptColumns())
    .where('user_id', '=', userId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('receipt_items as i')
          .select('i.receipt_id')
          .whereRef('i.receipt_id', '=', 'receipts.id')
          .where('i.user_id', '=', userId)
          .where('i.category_id', 'is not', null),
      ),
    )
    .$castTo<ReceiptBase>()
    .execute();
}
