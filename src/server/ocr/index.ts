/**
 * Receipt scanning, the one entry point the API uses: PP-OCR (paddle/) reads the picture in a
 * scan process of its own (scanProcess/), and the parser (parser/, picker/) turns the text into
 * fields. One scan at a time uses every core (ONNX Runtime's threads); others wait in a bounded
 * queue. See README.md beside this file for the whole pipeline.
 */
import { Admission } from './admission';
import { OcrInputError } from './errors';
import { sniffReceiptFileType } from '../images/upload';
import type { DateOrder } from './parser';
import { ScanProcess } from './scanProcess/host';
import type { ReceiptScanner, ScanOptions, ScanResult, ScannerOptions } from './types';

export { OcrInputError, OcrBusyError, OcrFailedError, OcrTimeoutError } from './errors';
export { readTextReceipt } from './textReceipt';
export { parsedText } from './parsedRows';
export type { DateOrder, FieldConfidence, ParsedReceipt, ReceiptItem } from './parser';
export type { ReceiptScanner, ScannerOptions, ScanOptions, ScanResult } from './types';
// A person's own picker (issue 52): the kept candidates, ranked again with their weights, fitted around the global ones.
export { KEPT_CANDIDATES, keptCandidates, repick, type FieldOptions, type PickerCandidates, type PickerOption } from './picker/candidates';
export { fitWeights, fitWeightsInTurns, type TrainingGroup } from './picker/fit';
export { WEIGHTS, type ModelWeights, type PickedField, type Weights } from './picker/model';

export async function createReceiptScanner(opts: ScannerOptions = {}): Promise<ReceiptScanner> {
  const reader = new ScanProcess({ idleMs: opts.idleMs, startTimeoutMs: opts.initTimeoutMs, scanTimeoutMs: opts.scanTimeoutMs });
  const admission = new Admission(1, Math.max(0, opts.maxQueue ?? 8));
  // Without an idle limit the process is started now, so a broken install fails at start-up.
  if (!opts.idleMs) await reader.warm();

  const scan = async (image: Buffer, scanOpts: ScanOptions): Promise<ScanResult> => {
    if (!Buffer.isBuffer(image)) throw new TypeError('scan expects a Buffer');
    // Cheap, before taking a place in the queue: the routes have checked already, other callers may not have.
    if (!sniffReceiptFileType(image)) throw new OcrInputError('The file is not a JPEG, PNG or WebP image or a PDF');
    const dateOrder: DateOrder = scanOpts?.dateOrder === 'DMY' ? 'DMY' : 'MDY';
    return admission.run(() => reader.scan(image, dateOrder, scanOpts.today));
  };

  return {
    scan,
    stats: () => admission.stats(),
    processId: () => reader.pid,
    close: async () => {
      admission.close();
      await reader.close();
    },
  };
}
