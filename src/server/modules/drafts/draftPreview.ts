import type { BlobStore } from '../../blobs/store';
import type { BlobUrlSigner } from '../../blobs/signedUrls';
import { pagesDocument } from '../../blobs/pageLinks';
import type { KeptScanResult } from '../../db/schema';
import type { ScannedDocument, ScanReceiptResult } from '../../../shared/scan';

const JPEG_DATA_URL = 'data:image/jpeg;base64,';

/** A PDF draft's pages as kept: the first page's blob key and the later pages' keys, in order. */
export interface KeptPages {
  previewKey: string | null;
  laterPageKeys: string[] | null;
}

/**
 * A PDF draft's pages, kept through the blob store like its original: the scan answers them as
 * data URLs, and base64 inside `result` would be read back by every list of drafts. Answers the
 * result to keep (no pages inside) and the pages' blob keys (null for a photo). A page stored
 * before a failed put is deleted again, so no blob is left that nothing names.
 */
export async function keepPreview(blobs: BlobStore, userId: string, result: ScanReceiptResult): Promise<{ result: KeptScanResult } & KeptPages> {
  const document = result.document;
  if (!document?.preview.startsWith(JPEG_DATA_URL)) return { result, previewKey: null, laterPageKeys: null };
  const keys: string[] = [];
  try {
    // One page at a time: a long PDF's pages are not all decoded at once.
    for (const page of [document.preview, ...(document.later_pages ?? [])]) {
      keys.push(await blobs.put(userId, Buffer.from(page.slice(JPEG_DATA_URL.length), 'base64'), 'image/jpeg'));
    }
  } catch (err) {
    await deletePages(blobs, keys);
    throw err;
  }
  const [previewKey, ...later] = keys;
  return { result: { ...result, document: { pages: document.pages } }, previewKey: previewKey!, laterPageKeys: later.length ? later : null };
}

/** Deletes kept pages, quietly: a blob already gone is no failure. */
export async function deletePages(blobs: BlobStore, keys: Array<string | null | undefined>): Promise<void> {
  await Promise.all(keys.map((key) => key && blobs.delete(key).catch(() => undefined)));
}

/** The document a draft answers: its pages as signed links, or the first as the data URL a draft read before migration 090 kept. */
export function documentOf(kept: KeptScanResult['document'], pages: KeptPages, urls: BlobUrlSigner): ScannedDocument | undefined {
  if (!kept) return undefined;
  const preview = pages.previewKey ? urls.url(pages.previewKey) : kept.preview;
  return preview ? pagesDocument(urls, kept.pages, preview, pages.laterPageKeys) : undefined;
}
