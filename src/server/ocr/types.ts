/** What the API sees of a receipt scanner, whichever engine reads the text. */
import type { DateOrder, FieldConfidence, ParsedReceipt } from './parser';

export type OcrEngineName = 'paddle' | 'tesseract';

export interface ScannerOptions {
  /** Which OCR engine reads the text (default: paddle). */
  engine?: OcrEngineName;
  /** Tesseract workers (default: number of CPUs). */
  poolSize?: number;
  /** Scans allowed to wait for a worker before OcrBusyError (default: 8 per worker). */
  maxQueue?: number;
  /** Bound on starting one worker, in ms (default 30 s). */
  initTimeoutMs?: number;
}

export interface ScanOptions {
  dateOrder: DateOrder;
}

export interface ScanResult {
  processed_data: ParsedReceipt;
  raw_text: string;
  confidence: FieldConfidence;
}

export interface ReceiptScanner {
  scan(image: Buffer, opts: ScanOptions): Promise<ScanResult>;
  stats(): { busy: number; queued: number; size: number };
  close(): Promise<void>;
}
