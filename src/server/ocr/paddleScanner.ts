/**
 * The receipt scanner on PP-OCR: decode and crop, read the text rows, parse the fields.
 * One scan at a time uses every core (ONNX Runtime's threads); others wait in a bounded queue.
 */
import { Admission } from './admission';
import { assertSupportedImage, decodeImage } from './image';
import { PaddleOcr, rowsToText } from './paddle';
import { parseReceiptDetailed, type DateOrder } from './parser';
import type { ReceiptScanner, ScanOptions, ScanResult, ScannerOptions } from './types';

export async function createPaddleScanner(opts: ScannerOptions = {}): Promise<ReceiptScanner> {
  const paddle = await PaddleOcr.create();
  const admission = new Admission(1, Math.max(0, opts.maxQueue ?? 8));

  const scan = async (image: Buffer, scanOpts: ScanOptions): Promise<ScanResult> => {
    if (!Buffer.isBuffer(image)) throw new TypeError('scan expects a Buffer');
    assertSupportedImage(image);
    const dateOrder: DateOrder = scanOpts?.dateOrder === 'DMY' ? 'DMY' : 'MDY';
    return admission.run(async () => {
      const decoded = await decodeImage(image);
      const rows = await paddle.read(decoded);
      const { text, layout } = rowsToText(rows, decoded.box);
      const parsed = parseReceiptDetailed(text, { dateOrder, lineConf: layout.map((l) => l.conf), layout });
      return { processed_data: parsed.receipt, raw_text: text, confidence: parsed.confidence };
    });
  };

  return {
    scan,
    stats: () => admission.stats(),
    close: async () => {
      admission.close();
      await paddle.close();
    },
  };
}
