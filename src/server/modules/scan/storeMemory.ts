import type { Executor } from '../../db/schema';
import { closestHeader, MIN_FINGERPRINT, normaliseLine } from './receiptHeader';
import { headerKeyOf, rememberedStores, rememberStore, type RememberedStore } from './memoryRepository';

/**
 * Tally learns from corrections: per person, the name and category they saved for a store,
 * found again by the fingerprint of its receipt's header (receiptHeader.ts). Nothing here knows
 * about HTTP or the OCR engine.
 */

/** The remembered store whose header is like `fingerprint`, if any. */
export async function recallStore(db: Executor, userId: string, fingerprint: string): Promise<RememberedStore | undefined> {
  if (!fingerprint) return undefined;
  return closestHeader(fingerprint, await rememberedStores(db, userId));
}

/**
 * Remembers what the person saved for the receipt whose scan answered `scanRef`. A header like
 * one already remembered updates that entry, so a misread letter does not make a second one.
 */
export async function learnStore(db: Executor, userId: string, scanRef: string, storeName: string, categoryId: string | null): Promise<void> {
  // The scan_ref came back from the client: normalise it again rather than trust its form.
  const fingerprint = normaliseLine(scanRef);
  if (fingerprint.length < MIN_FINGERPRINT) return;
  const known = await recallStore(db, userId, fingerprint);
  await rememberStore(db, userId, {
    header_key: known?.header_key ?? headerKeyOf(fingerprint),
    ocr_header: known?.ocr_header ?? fingerprint,
    store_name: storeName,
    category_id: categoryId,
  });
}
