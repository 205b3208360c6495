/** What the API sees of the receipt scanner. */
import type { DateOrder, FieldConfidence, FieldReasons, ParsedReceipt } from './parser';
import type { PickerCandidates } from './picker/candidates';

export interface ScannerOptions {
  /** Scans allowed to wait while one is read, before OcrBusyError (default: 8). */
  maxQueue?: number;
  /** Bound on starting the scan process and loading its models, in ms. */
  initTimeoutMs?: number;
  /**
   * Quiet time in ms after which the scan process exits and gives its memory back; the next
   * scan starts it again. 0 (default): it starts with the scanner and stays up.
   */
  idleMs?: number;
  /** The longest one scan may run before the scan process is stopped (OcrTimeoutError), in ms; default SCAN_TIME_LIMIT_SECONDS. */
  scanTimeoutMs?: number;
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
  /** Why each field read was chosen: a code and the text it came from (parser/reasons.ts). */
  reasons: FieldReasons;
  /** For a PDF: its pages, and its first page drawn as a JPEG data URL for the review screen. */
  document?: ScannedDocument;
  /** The store, date and total candidates with their features, for ranking again with a person's own weights (picker/candidates.ts). */
  candidates?: PickerCandidates;
}

export interface ScannedDocument {
  pages: number;
  preview: string;
  /** The pages after the first, drawn as JPEG data URLs, in order. */
  later_pages?: string[];
}

export interface ReceiptScanner {
  scan(image: Buffer, opts: ScanOptions): Promise<ScanResult>;
  stats(): { busy: number; queued: number; size: number };
  /** The process reading the pictures, when it is running (for measurements). */
  processId?(): number | undefined;
  close(): Promise<void>;
}
