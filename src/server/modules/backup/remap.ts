import crypto from 'node:crypto';
import { badRequest } from '../../errors';
import type { BackupData } from '../../../shared/backup';
import type { RestoredRows } from './repository';

/** What a restore writes: the rows under new ids, and each new receipt's original by its name in the zip. */
export interface RestorePlan {
  rows: RestoredRows;
  originals: Map<string, string>;
}

const ORIGINAL_NAME = /^originals\/[A-Za-z0-9_.-]{1,150}$/;

const broken = (what: string) => badRequest(`The backup's data.json does not hold together: ${what}. Nothing was changed.`);

/** Each old id a new one; an id given twice is refused. */
function newIdsFor(ids: readonly string[], what: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const id of ids) {
    if (map.has(id)) throw broken(`${what} ${id} is in it twice`);
    map.set(id, crypto.randomUUID());
  }
  return map;
}

/** Refuses a second row with the same key (the tables would refuse it mid-write). */
function unique<T>(rows: readonly T[], key: (row: T) => string, what: string): void {
  const seen = new Set<string>();
  for (const row of rows) {
    const k = key(row);
    if (seen.has(k)) throw broken(`${what} ${k} is in it twice`);
    seen.add(k);
  }
}

/**
 * Checks that every reference in the data names a row it holds, and that each original it names
 * is in the zip, then gives every row a new id and maps the references to them. Nothing is
 * written here, so a broken backup is refused whole.
 */
export function planRestore(data: BackupData, names: ReadonlySet<string>): RestorePlan {
  const categoryIds = newIdsFor(
    data.categories.map((c) => c.id),
    'category',
  );
  const receiptIds = newIdsFor(
    data.receipts.map((r) => r.id),
    'receipt',
  );
  if (data.categories.filter((c) => c.is_fallback).length !== 1) throw broken('it needs exactly one fallback category (Other)');
  unique(data.categories, (c) => c.name.trim().toLowerCase(), 'category name');
  const category = (id: string, where: string) => {
    const mapped = categoryIds.get(id);
    if (!mapped) throw broken(`${where} names category ${id}, which it does not hold`);
    return mapped;
  };
  const maybeCategory = (id: string | null, where: string) => (id === null ? null : category(id, where));
  const receipt = (id: string, where: string) => {
    const mapped = receiptIds.get(id);
    if (!mapped) throw broken(`${where} names receipt ${id}, which it does not hold`);
    return mapped;
  };

  const originals = new Map<string, string>();
  const rows: RestoredRows = {
    profile: data.profile,
    categories: data.categories.map((c) => ({ ...c, id: categoryIds.get(c.id)! })),
    budget_months: data.budget_months.map((b) => ({ ...b, category_id: maybeCategory(b.category_id, 'a budget') })),
    receipts: [],
    items: [],
    item_counts: [],
    currency_rates: data.currency_rates,
    import_mappings: data.import_mappings,
    import_rows: data.import_rows.map((r) => ({ ...r, receipt_id: r.receipt_id === null ? null : receipt(r.receipt_id, 'an imported row') })),
    item_memory: data.item_memory.map((m) => ({ ...m, category_id: maybeCategory(m.category_id, 'an item memory') })),
    store_memory: data.store_memory.map((m) => ({ ...m, category_id: maybeCategory(m.category_id, 'a store memory') })),
    recurring_series: data.recurring_series.map((s) => ({ ...s, receipt_ids: s.receipt_ids.map((id) => receipt(id, 'a recurring bill')) })),
  };
  const usedOriginals = new Set<string>();
  for (const { items, item_counts, original, ...r } of data.receipts) {
    const id = receiptIds.get(r.id)!;
    const where = `receipt ${r.id}`;
    rows.receipts.push({ ...r, id, category_id: category(r.category_id, where), image_key: null });
    items.forEach((item, position) => rows.items.push({ ...item, receipt_id: id, position, category_id: maybeCategory(item.category_id, where) }));
    for (const count of item_counts) rows.item_counts.push({ receipt_id: id, category_id: category(count.category_id, where), cents: count.cents });
    if (original !== null) {
      if (!ORIGINAL_NAME.test(original)) throw broken(`${where} names its original ${original}, not a file under originals/`);
      if (!names.has(original)) throw broken(`${where} names its original ${original}, which the zip does not hold`);
      if (usedOriginals.has(original)) throw broken(`${original} is the original of two receipts`);
      usedOriginals.add(original);
      originals.set(id, original);
    }
  }
  unique(rows.budget_months, (b) => `${b.category_id ?? 'monthly'} ${b.month}`, 'budget of');
  unique(rows.currency_rates, (r) => `${r.quote}/${r.currency} from ${r.valid_from}`, 'rate');
  unique(rows.import_mappings, (m) => m.header_key, 'import mapping');
  unique(rows.import_rows, (r) => r.fingerprint, 'imported row');
  unique(rows.item_memory, (m) => m.read_key, 'item memory');
  unique(rows.store_memory, (m) => m.header_key, 'store memory');
  unique(rows.recurring_series, (s) => s.store_key, 'recurring bill of');
  return { rows, originals };
}
