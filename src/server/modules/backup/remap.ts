import crypto from 'node:crypto';
import { badRequest } from '../../errors';
import type { BackupData, BackupHousehold, BackupSettlement, BackupSharing } from '../../../shared/backup';
import { membersNamedBy, splitMapped } from '../households/service';
import type { RestoredRows } from './repository';

/** What a restore writes: the rows under new ids, and each new receipt's original by its name in the zip. */
export interface RestorePlan {
  rows: RestoredRows;
  originals: Map<string, string>;
  households: PlannedHouseholds;
}

/** The households part of a restore, ids mapped: what to make, how each new receipt is shared, the payments. */
export interface PlannedHouseholds {
  households: BackupHousehold[];
  /** By new receipt id. */
  sharing: Map<string, BackupSharing>;
  settlements: BackupSettlement[];
  /** The person's new member id in each new household. */
  me: Map<string, string>;
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
    item_products: productsInOrder(data.item_products ?? []),
    store_memory: data.store_memory.map((m) => ({ ...m, category_id: maybeCategory(m.category_id, 'a store memory') })),
    personal_picker: data.personal_picker ?? null,
    recurring_series: data.recurring_series.map((s) => ({ ...s, receipt_ids: s.receipt_ids.map((id) => receipt(id, 'a recurring bill')) })),
  };
  const usedOriginals = new Set<string>();
  for (const { items, item_counts, original, sharing: _sharing, ...r } of data.receipts) {
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
  const households = planHouseholds(data, receiptIds);
  unique(rows.budget_months, (b) => `${b.category_id ?? 'monthly'} ${b.month}`, 'budget of');
  unique(rows.currency_rates, (r) => `${r.quote}/${r.currency} from ${r.valid_from}`, 'rate');
  unique(rows.import_mappings, (m) => m.header_key, 'import mapping');
  unique(rows.import_rows, (r) => r.fingerprint, 'imported row');
  unique(rows.item_memory, (m) => m.read_key, 'item memory');
  unique(rows.item_products, (p) => p.key, 'item product of');
  unique(rows.store_memory, (m) => m.header_key, 'store memory');
  unique(rows.recurring_series, (s) => s.store_key, 'recurring bill of');
  return { rows, originals, households };
}

/**
 * Item names grouped into products, each product's own name first (the others point at its
 * row): every name points at a product's own name, never at a name grouped into another.
 */
function productsInOrder(rows: NonNullable<BackupData['item_products']>): NonNullable<BackupData['item_products']> {
  const own = new Set(rows.filter((p) => p.key === p.product_key).map((p) => p.key));
  for (const p of rows) if (!own.has(p.product_key)) throw broken(`item ${p.key} is grouped into ${p.product_key}, which is not a product it holds`);
  return [...rows].sort((a, b) => Number(b.key === b.product_key) - Number(a.key === a.product_key));
}

/**
 * The households, the sharing of receipts and the payments under new ids: each household names
 * the person once, and every member a sharing or a payment names is one of its household's.
 */
function planHouseholds(data: BackupData, receiptIds: ReadonlyMap<string, string>): PlannedHouseholds {
  const source = data.households ?? [];
  const householdIds = newIdsFor(
    source.map((h) => h.id),
    'household',
  );
  const memberIds = new Map<string, Map<string, string>>();
  const me = new Map<string, string>();
  const households = source.map((h) => {
    const ids = newIdsFor(
      h.members.map((m) => m.id),
      `household ${h.id}: member`,
    );
    const mine = h.members.filter((m) => m.is_me);
    if (mine.length !== 1) throw broken(`household ${h.id} must name the person exactly once`);
    const id = householdIds.get(h.id)!;
    memberIds.set(id, ids);
    me.set(id, ids.get(mine[0].id)!);
    return { ...h, id, members: h.members.map((m) => ({ ...m, id: ids.get(m.id)! })) };
  });
  const household = (id: string, where: string) => {
    const mapped = householdIds.get(id);
    if (!mapped) throw broken(`${where} names household ${id}, which it does not hold`);
    return mapped;
  };
  const member = (householdId: string, where: string) => (id: string) => {
    const mapped = memberIds.get(householdId)!.get(id);
    if (!mapped) throw broken(`${where} names member ${id}, who is not in its household`);
    return mapped;
  };

  const sharing = new Map<string, BackupSharing>();
  for (const r of data.receipts) {
    if (!r.sharing) continue;
    const where = `the sharing of receipt ${r.id}`;
    const householdId = household(r.sharing.household_id, where);
    const to = member(householdId, where);
    membersNamedBy(r.sharing.split).forEach(to);
    sharing.set(receiptIds.get(r.id)!, { household_id: householdId, paid_by: to(r.sharing.paid_by), split: splitMapped(r.sharing.split, to) });
  }
  const settlements = (data.settlements ?? []).map((s) => {
    const householdId = household(s.household_id, 'a payment');
    const to = member(householdId, 'a payment');
    const [from, toMember] = [to(s.from_member), to(s.to_member)];
    if (from === toMember) throw broken('a payment is between two different members');
    if (from !== me.get(householdId) && toMember !== me.get(householdId)) throw broken('a payment neither made nor received by the person');
    return { ...s, household_id: householdId, from_member: from, to_member: toMember };
  });
  return { households, sharing, settlements, me };
}
