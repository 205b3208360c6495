/**
 * The receipt scanner on PP-OCR, read in a scan process of its own (see scanProcess/). One
 * scan at a time uses every core (ONNX Runtime's threads); others wait in a bounded queue.
 */
import { Admission } from './admission';
import { assertSupportedImage } from './image';
import type { DateOrder } from './parser';
import { ScanProcess } from './scanProcess/host';
import type { ReceiptScanner, ScanOptions, ScanResult, ScannerOptions } from './types';

export async function createPaddleScanner(opts: ScannerOptions = {}): Promise<ReceiptScanner> {
  const reader = new ScanProcess({ idleMs: opts.idleMs, startTimeoutMs: opts.initTimeoutMs });
  const admission = new Admission(1, Math.max(0, opts.maxQueue ?? 8));
  // Without an idle limit the process is started now, so a broken install fails at start-up.
  if (!opts.idleMs) await reader.warm();

  const scan = async (image: Buffer, scanOpts: ScanOptions): Promise<ScanResult> => {
    if (!Buffer.isBuffer(image)) throw new TypeError('scan expects a Buffer');
    assertSupportedImage(image);
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
