import { createReceiptScanner, OcrTimeoutError } from '../../../src/server/ocr';
import { MAX_PDF_PAGES } from '../../../src/shared/constants/scan';
import { ONLINE_ORDER, receiptPdf, scannedPdf, trainPhoto } from '../modules/scan/receiptPdf';

/**
 * The real scan process, with a limit a long scanned PDF cannot keep however quiet the machine
 * (twenty pages of OCR took 5.1 s on this 2-core machine at its quietest, so a limit of 12 s was
 * sometimes kept) and a text-layer PDF keeps even on a busy one: a fresh process reads it in
 * about 160 ms, as the clock starts once the process has loaded its models and pdfjs whole.
 */
const LIMIT_MS = 1_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('a scan past the time limit is stopped with its process, and the next scan reads on a fresh one', async () => {
  const scanner = await createReceiptScanner({ scanTimeoutMs: LIMIT_MS });
  try {
    const pid = scanner.processId!()!;
    const longest = await scannedPdf(trainPhoto('sroie-train/sroie-007.jpg'), MAX_PDF_PAGES);
    const refused = await scanner.scan(longest, { dateOrder: 'DMY' }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(OcrTimeoutError);
    expect((refused as Error).message).toBe('Reading this receipt took longer than 1 second, so it was stopped. Try again, or enter it by hand.');
    // Killed, not left drawing pages for nobody.
    expect(alive(pid)).toBe(false);
    const next = await scanner.scan(await receiptPdf(ONLINE_ORDER), { dateOrder: 'MDY' });
    expect(next.processed_data.total_amount).toBe(106.45);
    expect(scanner.processId!()).not.toBe(pid);
  } finally {
    await scanner.close();
  }
}, 300_000); // the limit, then a fresh process loading its models on a busy machine
