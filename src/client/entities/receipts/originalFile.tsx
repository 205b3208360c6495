import { Box, Button, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import type { ScannedDocument } from '../../../shared/scan';

export const DOWNLOAD_ORIGINAL = 'Download original';

/** Whether a receipt's original (a signed link or a data URL) is a PDF rather than a photo. */
export function isPdfOriginal(url: string): boolean {
  return url.startsWith('data:application/pdf') || /\.pdf(\?|$)/.test(url);
}

/** Whether a receipt's original is a mail kept whole (an e-receipt received by e-mail, '.eml'). */
export function isMailOriginal(url: string): boolean {
  return /\.eml(\?|$)/.test(url);
}

/** The original's link that saves it as a file (the API sends it as an attachment); a data URL is saved as it is. */
export function downloadLinkOf(url: string): string {
  return url.startsWith('data:') ? url : `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

/** 'PDF, 3 pages', for the caption under a PDF's first page. */
export function pagesText(pages: number | undefined): string {
  return pages ? `PDF, ${pages} ${pages === 1 ? 'page' : 'pages'}` : 'PDF';
}

/** The button that saves a receipt's original (photo or PDF) as it was received. */
export function DownloadOriginal({ url, name }: { url: string; name?: string }) {
  return (
    <Button size="small" variant="outlined" startIcon={<DownloadIcon />} href={downloadLinkOf(url)} download={name ?? true} sx={{ justifySelf: 'start' }}>
      {DOWNLOAD_ORIGINAL}
    </Button>
  );
}

/** 'Page 2 of 3', under each page of a PDF shown whole. */
export function pageLabel(n: number, pages: number): string {
  return `Page ${n} of ${pages}`;
}

/** Every page kept of a PDF, the first first: its preview, then its later pages. */
export function pagesOf(document: ScannedDocument): string[] {
  return [document.preview, ...(document.later_pages ?? [])];
}

const PAGE_SX = { display: 'block', maxWidth: '100%', objectFit: 'contain', borderRadius: 0.5, bgcolor: '#fff' } as const;

/**
 * A PDF original where a photo would be: its pages as read by the scan, each labelled, stacked
 * in a column that scrolls within `maxHeight` (the first page seen first); a PDF read before its
 * later pages were kept shows its first page, and one not read yet a PDF mark, with the number
 * of pages under it.
 */
export function PdfPages({ document, alt, maxHeight }: { document?: ScannedDocument | null; alt: string; maxHeight?: number | Record<string, number> }) {
  const pages = document ? pagesOf(document) : [];
  if (document && pages.length > 1) {
    return (
      <Box
        role="group"
        aria-label={`${alt}: ${pagesText(document.pages)}`}
        // It scrolls within maxHeight: focusable, so the pages scroll by keyboard too.
        tabIndex={maxHeight === undefined ? undefined : 0}
        sx={{ display: 'grid', gap: 2, maxHeight, overflowY: 'auto', overscrollBehavior: 'contain', justifyItems: 'center' }}
      >
        {pages.map((src, i) => (
          <Box component="figure" key={src} sx={{ m: 0, display: 'grid', justifyItems: 'center', gap: 0.5 }}>
            <Box component="img" src={src} alt={`${alt}, ${pageLabel(i + 1, document.pages).toLowerCase()}`} loading={i ? 'lazy' : undefined} sx={PAGE_SX} />
            <Typography component="figcaption" variant="body2" color="text.secondary">
              {pageLabel(i + 1, document.pages)}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Box component="figure" sx={{ m: 0, display: 'grid', justifyItems: 'center', gap: 1 }}>
      {document ? (
        <Box component="img" src={document.preview} alt={alt} sx={{ ...PAGE_SX, maxHeight }} />
      ) : (
        <PictureAsPdfOutlinedIcon aria-label={alt} sx={{ fontSize: 96, color: 'text.secondary' }} />
      )}
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {pagesText(document?.pages)}
      </Typography>
    </Box>
  );
}

/** A small page marked PDF, for a PDF draft's thumbnail before its first page is drawn. */
export const PDF_THUMBNAIL =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 48 64'%3E%3Crect x='4' y='4' width='40' height='56' rx='3' fill='%23fff' stroke='%23999' stroke-width='2'/%3E%3Ctext x='24' y='38' font-family='sans-serif' font-size='12' font-weight='700' text-anchor='middle' fill='%23c62828'%3EPDF%3C/text%3E%3C/svg%3E";

/** A mail kept as the original where a photo would be: a mail mark and what it is (its text is under 'Text read'). */
export function MailMessage({ alt }: { alt: string }) {
  return (
    <Box component="figure" sx={{ m: 0, display: 'grid', justifyItems: 'center', gap: 1, py: 2 }}>
      <MailOutlinedIcon titleAccess={alt} sx={{ fontSize: 96, color: 'text.secondary' }} />
      <Typography component="figcaption" variant="body2" color="text.secondary">
        E-mail message
      </Typography>
    </Box>
  );
}

/** A small envelope, for a mail draft's thumbnail. */
export const MAIL_THUMBNAIL =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 48 64'%3E%3Crect x='4' y='16' width='40' height='32' rx='3' fill='%23fff' stroke='%23999' stroke-width='2'/%3E%3Cpath d='M5 18l19 15 19-15' fill='none' stroke='%231565c0' stroke-width='2'/%3E%3C/svg%3E";
