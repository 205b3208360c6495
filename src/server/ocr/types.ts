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
  /**
   * PP-OCR only: quiet time in ms after which the scan process exits and gives its memory back;
   * the next scan starts it again. 0 (default): it starts with the scanner and stays up.
   */
  idleMs?: number;
}

export interface ScanOptions {
  dateOrder: DateOrder;
  /** The day a printed date is judged against (one in the future is a misread); the API's clock. */
  today?: Date;
}

export interface ScanResult {
  processed_data: ParsedReceipt;
  raw_text: string;
  confidence: FieldConfidence;
}

export interface ReceiptScanner {
  scan(image: Buffer, opts: ScanOptions): Promise<ScanResult>;
  stats(): { busy: number; queued: number; size: number };
  /** The process reading the pictures, when it is not this one and is running (for measurements). */
  processId?(): number | undefined;
  close(): Promise<void>;
}
