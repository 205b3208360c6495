/**
 * The PDF row of the scan benchmark: a text-layer e-receipt read through the scanner (no OCR, so
 * it should take well under 100 ms), and a three-page scanned PDF of a train-set photo against
 * the photo alone (each page is drawn and read, so about three photos' time, at most 3x).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ReceiptScanner } from '../../src/server/ocr';
import { receiptPdf, scannedPdf } from '../../__tests__/server/modules/scan/receiptPdf';

const RUNS = 15;

async function medianMs(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** Prints the PDF row: text-layer read median, and the scanned PDF's time over one photo's. */
export async function pdfRow(scanner: ReceiptScanner, photoDir: string): Promise<void> {
  const today = new Date('2026-06-01T00:00:00Z');
  const text = await receiptPdf([
    ['NORTHWIND OUTFITTERS', undefined, 18],
    ['Date: 2026-02-11'],
    ['Rain jacket', '89.00'],
    ['Socks', '12.50'],
    ['TOTAL', '101.50'],
  ]);
  await scanner.scan(text, { dateOrder: 'MDY', today }); // the scan process started and warm
  const textMs = await medianMs(RUNS, () => scanner.scan(text, { dateOrder: 'MDY', today }));
  const photoFile = fs.readdirSync(photoDir).find((f) => /\.jpe?g$/i.test(f));
  if (!photoFile) return console.log(`PDF: text layer ${textMs.toFixed(0)} ms median (no photo in ${photoDir} for the scanned row)`);
  const photo = fs.readFileSync(path.join(photoDir, photoFile));
  const scanned = await scannedPdf(photo, 3);
  const photoMs = await medianMs(3, () => scanner.scan(photo, { dateOrder: 'DMY', today }));
  const scannedMs = await medianMs(3, () => scanner.scan(scanned, { dateOrder: 'DMY', today }));
  console.log(
    `PDF: text layer ${textMs.toFixed(0)} ms median (target < 100); 3-page scanned ${(scannedMs / 1000).toFixed(2)} s vs one photo ${(photoMs / 1000).toFixed(2)} s = ${(scannedMs / photoMs).toFixed(2)}x (target <= 3x)`,
  );
}
