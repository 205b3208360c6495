import type { Executor } from '../../db/schema';
import { TRUST_SCANS } from '../../../shared/constants/scan';
import type { ScanTrust } from '../../../shared/scan';
import type { PickerCandidates } from '../../ocr';
import { insertRead, lockOpenRead, markSaved, pruneReads, savedAsReadCounts, type ReadFields, type SavedAsRead } from './trustRepository';
import { goldOf, teaches } from './personalPicker';
import { sameName, type SavedFields } from './saved';
import { countLabelled } from './personalPickerRepository';
import { scanLearned } from './learned';

/**
 * The trust figure (issue 52): each scan's store, date and total as read are kept; when its
 * receipt is saved, whether each was saved as read. Per person; nothing here knows about HTTP.
 */

/** Scans read but not saved (yet) that are kept to be matched with a save; older ones are forgotten. */
export const OPEN_READS_KEPT = 50;

/** Keeps what a scan read, and its candidates for the person's own picker; answers the id its save names (scan_read_id). */
export async function recordRead(db: Executor, userId: string, read: ReadFields, candidates: PickerCandidates | null = null): Promise<string> {
  const id = await insertRead(db, userId, read, candidates);
  await pruneReads(db, userId, false, OPEN_READS_KEPT);
  return id;
}

export function savedAsRead(read: ReadFields, saved: SavedFields): SavedAsRead {
  return {
    store_right: read.store_name.trim() !== '' && sameName(read.store_name, saved.store),
    date_right: read.date === saved.date,
    total_right: read.total_amount !== null && Math.abs(read.total_amount - saved.total) < 0.0005,
  };
}

/**
 * Counts a save of the scan `readId` once: a read that is not this person's, already counted or
 * forgotten counts nothing (the receipt is saved all the same). Its candidates are labelled by
 * what was saved; one that teaches the person's picker something counts toward its next refit.
 */
export async function settleRead(db: Executor, userId: string, readId: string, saved: SavedFields): Promise<void> {
  const read = await lockOpenRead(db, userId, readId);
  if (!read) return;
  const gold = read.candidates ? goldOf(read.candidates, saved) : null;
  await markSaved(db, userId, readId, savedAsRead(read, saved), gold);
  if (gold && teaches(gold)) await countLabelled(db, userId);
  await pruneReads(db, userId, true, TRUST_SCANS);
}

/** The person's last TRUST_SCANS saved scans, how many had each field saved as read, and what scanning learned of them. */
export async function scanTrust(db: Executor, userId: string): Promise<ScanTrust> {
  return { ...(await savedAsReadCounts(db, userId, TRUST_SCANS)), learned: await scanLearned(db, userId) };
}
