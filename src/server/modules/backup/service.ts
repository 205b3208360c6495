import type { Db } from '../../db';
import type { Executor } from '../../db/schema';
import type { BlobStore } from '../../blobs/store';
import type { Clock } from '../../clock';
import { writeAsUser } from '../../db/accountGate';
import { badRequest, conflict, notFound } from '../../errors';
import { fileTooLarge, NOT_A_RECEIPT_FILE, sniffReceiptFileType } from '../../images/upload';
import type { BulkChangeHook } from '../receipts/events';
import { openCheckedZip, type CheckedZip } from '../../zip/readZip';
import type { ZipEntry } from '../../zip/writeZip';
import { storeKey } from '../../storeKey';
import { isRefusedRow, validatorOf } from './validate';
import {
  BACKUP_FORMAT,
  BACKUP_MAX_ENTRIES,
  BACKUP_MAX_ENTRY_BYTES,
  BACKUP_MAX_RATIO,
  BACKUP_MAX_TOTAL_BYTES,
  BACKUP_RATIO_FLOOR_BYTES,
  BACKUP_VERSION,
  BackupData,
  BackupManifest,
  type RestoreAnswer,
} from '../../../shared/backup';
import { clearForRestore, hasReceipts, readRows, writeRows, type RestoredRows, type StoredRows } from './repository';
import { planRestore, type PlannedHouseholds, type RestorePlan } from './remap';
import { checkRoomForRestore, householdsOfBackup, restoreHouseholds, restoreSettlements, restoreSharing, type HouseholdsOfBackup } from '../households/service';

/**
 * Backup and restore: everything a person owns as one zip (manifest.json, data.json and the
 * originals), and that zip read back into an account that holds no receipts yet, on this server
 * or another, on either database. Nothing else reads or writes through this module.
 */

export const MANIFEST_NAME = 'manifest.json';
export const DATA_NAME = 'data.json';
export const HAS_RECEIPTS = 'This account already has receipts: a backup is restored only into an account without any. Nothing was changed.';

const LIMITS = {
  maxEntries: BACKUP_MAX_ENTRIES,
  maxEntryBytes: BACKUP_MAX_ENTRY_BYTES,
  maxTotalBytes: BACKUP_MAX_TOTAL_BYTES,
  maxRatio: BACKUP_MAX_RATIO,
  ratioFloorBytes: BACKUP_RATIO_FLOOR_BYTES,
};

const checkManifest = validatorOf(BackupManifest, MANIFEST_NAME);
const checkData = validatorOf(BackupData, DATA_NAME);

/** The original's name in the zip: the receipt's id here and the key's extension. */
const originalName = (receiptId: string, key: string) => `originals/${receiptId}.${key.slice(key.lastIndexOf('.') + 1)}`;

/** The rows as a backup's data.json holds them: each receipt with its items, item counts and original's name. */
function toBackupData(rows: StoredRows, shared: HouseholdsOfBackup): BackupData {
  const itemsOf = groupBy(rows.items, (i) => i.receipt_id);
  const countsOf = groupBy(rows.item_counts, (c) => c.receipt_id);
  return {
    profile: rows.profile!,
    categories: rows.categories,
    budget_months: rows.budget_months,
    receipts: rows.receipts.map(({ image_key, ...r }) => ({
      ...r,
      original: image_key ? originalName(r.id, image_key) : null,
      items: (itemsOf.get(r.id) ?? []).map(({ receipt_id: _r, ...i }) => i),
      item_counts: (countsOf.get(r.id) ?? []).map(({ receipt_id: _r, ...c }) => c),
      ...(shared.sharing.has(r.id) ? { sharing: shared.sharing.get(r.id) } : {}),
    })),
    currency_rates: rows.currency_rates,
    import_mappings: rows.import_mappings,
    import_rows: rows.import_rows,
    item_memory: rows.item_memory,
    item_products: rows.item_products,
    store_memory: rows.store_memory,
    personal_picker: rows.personal_picker,
    recurring_series: rows.recurring_series,
    households: shared.households,
    settlements: shared.settlements,
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) out.set(key(row), [...(out.get(key(row)) ?? []), row]);
  return out;
}

/** A JSON entry of the zip, parsed and checked against its schema; each failure a 400 naming the file. */
async function jsonEntry<T>(zip: CheckedZip, name: string, check: (value: unknown) => T): Promise<T> {
  const bytes = await zip.read(name);
  if (!bytes) throw badRequest(`The file is not a Tally backup: it has no ${name}`);
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    throw badRequest(`The backup's ${name} is not valid JSON: ${(err as Error).message}`);
  }
  return check(value);
}

/**
 * The households made again and each receipt shared as it was, after the receipts are written
 * (its shares are computed from them), then the person's payments.
 */
async function restoreShared(trx: Executor, userId: string, rows: RestoredRows, planned: PlannedHouseholds, at: Date): Promise<void> {
  await restoreHouseholds(trx, userId, planned.households, at);
  const itemsOf = groupBy(rows.items, (i) => i.receipt_id);
  for (const receipt of rows.receipts) {
    const sharing = planned.sharing.get(receipt.id);
    if (!sharing) continue;
    const facts = {
      receiptId: receipt.id,
      store: receipt.store,
      date: receipt.date,
      currency: receipt.currency,
      totalMinor: receipt.printed_minor,
      rate: receipt.rate === null ? null : Number(receipt.rate),
      home: rows.profile.home_currency,
      taxMinor: receipt.tax_cents,
      items: [...(itemsOf.get(receipt.id) ?? [])].sort((a, b) => a.position - b.position),
    };
    await restoreSharing(trx, userId, facts, sharing, at);
  }
  await restoreSettlements(trx, planned.me, planned.settlements);
}

export interface Backup {
  fileName: string;
  at: Date;
  entries: AsyncIterable<ZipEntry>;
}

export class BackupService {
  constructor(
    private db: Db,
    private blobs: BlobStore,
    private clock: Clock,
    /** Counts the restored receipts into the totals, bills and thresholds (moduleWiring's receiptsChangedInBulk). */
    private changedInBulk: BulkChangeHook,
  ) {}

  /**
   * The person's rows, read in one snapshot so they agree, then written as the zip is read:
   * the manifest, data.json, and the originals one at a time from the blob store.
   */
  async backup(userId: string): Promise<Backup> {
    const at = this.clock();
    const { rows, shared } = await this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const rows = await readRows(trx, userId);
        const shared = await householdsOfBackup(
          trx,
          userId,
          rows.receipts.map((r) => r.id),
        );
        return { rows, shared };
      });
    if (!rows.profile) throw notFound('Profile not found');
    const data = toBackupData(rows, shared);
    const originals = rows.receipts.flatMap((r) => (r.image_key ? [{ name: originalName(r.id, r.image_key), key: r.image_key }] : []));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      exported_at: at.toISOString(),
      counts: {
        categories: data.categories.length,
        receipts: data.receipts.length,
        items: rows.items.length,
        originals: originals.length,
        currency_rates: data.currency_rates.length,
        budget_months: data.budget_months.length,
        recurring_series: data.recurring_series.length,
        households: shared.households.length,
        shared_receipts: shared.sharing.size,
        settlements: shared.settlements.length,
      },
    };
    const blobs = this.blobs;
    async function* entries(): AsyncGenerator<ZipEntry> {
      yield { name: MANIFEST_NAME, data: Buffer.from(JSON.stringify(manifest, null, 2)), compress: true };
      yield { name: DATA_NAME, data: Buffer.from(JSON.stringify(data)), compress: true };
      for (const { name, key } of originals) {
        const blob = await blobs.get(key);
        if (blob) yield { name, data: blob.bytes, compress: false };
      }
    }
    return { fileName: `tally-backup-${at.toISOString().slice(0, 10)}.zip`, at, entries: entries() };
  }

  /**
   * Reads a backup (a zip file on disk) into the person's account, which must hold no receipts.
   * Everything is checked before anything is written: the zip's directory (sizes, ratio, names),
   * the manifest's format and version, data.json against its schema and every reference in it.
   * Then one transaction replaces the new account's defaults with the backup's rows under new
   * ids, the originals stored through the blob store; any failure leaves the account as it was.
   */
  async restore(userId: string, file: string): Promise<RestoreAnswer> {
    if (await hasReceipts(this.db, userId)) throw conflict(HAS_RECEIPTS);
    const zip = await openCheckedZip(file, LIMITS);
    try {
      const manifest = await jsonEntry(zip, MANIFEST_NAME, checkManifest);
      if (manifest.version !== BACKUP_VERSION) {
        throw badRequest(`This backup is format version ${manifest.version}; this Tally reads version ${BACKUP_VERSION}. Nothing was changed.`);
      }
      const data = await jsonEntry(zip, DATA_NAME, checkData);
      const plan = planRestore(data, new Set(zip.names()));
      await checkRoomForRestore(this.db, userId, plan.households.households);
      return await this.write(userId, plan, zip);
    } finally {
      zip.close();
    }
  }

  /** The one transaction of a restore; originals it stored are removed again when it fails. */
  private async write(userId: string, { rows, originals, households }: RestorePlan, zip: CheckedZip): Promise<RestoreAnswer> {
    const at = this.clock();
    const stored: string[] = [];
    try {
      return await writeAsUser(
        this.db,
        userId,
        async (trx) => {
          if (await hasReceipts(trx, userId)) throw conflict(HAS_RECEIPTS);
          for (const receipt of rows.receipts) {
            const name = originals.get(receipt.id);
            if (!name) continue;
            const bytes = (await zip.read(name))!;
            const contentType = sniffReceiptFileType(bytes);
            if (!contentType) throw badRequest(`${name}: ${NOT_A_RECEIPT_FILE}`);
            const tooLarge = fileTooLarge({ bytes, contentType });
            if (tooLarge) throw badRequest(`${name}: ${tooLarge}`);
            receipt.image_key = await this.blobs.put(userId, bytes, contentType, trx);
            stored.push(receipt.image_key);
          }
          await clearForRestore(trx, userId);
          await writeRows(trx, userId, rows, at);
          await restoreShared(trx, userId, rows, households, at);
          await this.changedInBulk(trx, userId, new Set(rows.receipts.map((r) => storeKey(r.store))), at);
          return {
            restored: {
              categories: rows.categories.length,
              receipts: rows.receipts.length,
              items: rows.items.length,
              originals: stored.length,
              currency_rates: rows.currency_rates.length,
              budget_months: rows.budget_months.length,
              recurring_series: rows.recurring_series.length,
              households: households.households.length,
              shared_receipts: households.sharing.size,
              settlements: households.settlements.length,
            },
          };
        },
        'alone',
      );
    } catch (err) {
      await Promise.all(stored.map((key) => this.blobs.delete(key).catch(() => undefined)));
      if (isRefusedRow(err)) throw badRequest(`The backup's data does not fit this Tally's tables (${(err as Error).message}). Nothing was changed.`);
      throw err;
    }
  }
}
