import type { BlobStore } from '../../blobs/store';
import type { BlobUrlSigner } from '../../blobs/signedUrls';
import type { KeptScanResult } from '../../db/schema';
import type { ScannedDocument, ScanReceiptResult } from '../../../shared/scan';

const JPEG_DATA_URL = 'data:image/jpeg;base64,';

/**
 * A PDF draft's first page, kept through the blob store like its original: the scan answers it
 * as a data URL, and base64 inside `result` would be read back by every list of drafts. Answers
 * the result to keep (no preview inside) and the preview's blob key (null for a photo).
 */
export async function keepPreview(blobs: BlobStore, userId: string, result: ScanReceiptResult): Promise<{ result: KeptScanResult; previewKey: string | null }> {
  const preview = result.document?.preview;
  if (!result.document || !preview?.startsWith(JPEG_DATA_URL)) return { result, previewKey: null };
  const previewKey = await blobs.put(userId, Buffer.from(preview.slice(JPEG_DATA_URL.length), 'base64'), 'image/jpeg');
  return { result: { ...result, document: { pages: result.document.pages } }, previewKey };
}

/** The document a draft answers: its preview as a signed link, or as the data URL a draft read before migration 090 kept. */
export function documentOf(kept: KeptScanResult['document'], previewKey: string | null, urls: BlobUrlSigner): ScannedDocument | undefined {
  if (!kept) return undefined;
  const preview = previewKey ? urls.url(previewKey) : kept.preview;
  return preview ? { pages: kept.pages, preview } : undefined;
}
