import type { BlobUrlSigner } from './signedUrls';
import type { ScannedDocument } from '../../shared/document';

/**
 * A kept PDF's pages as the document a draft or receipt answers: the first page as `preview`,
 * the later ones (when there are any) as `later_pages`, each a signed link.
 */
export function pagesDocument(urls: BlobUrlSigner, pages: number, preview: string, laterKeys: string[] | null | undefined): ScannedDocument {
  const later = laterKeys?.map((key) => urls.url(key));
  return { pages, preview, ...(later?.length ? { later_pages: later } : {}) };
}
