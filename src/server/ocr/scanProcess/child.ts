/**
 * The scan process: loads PP-OCR once and reads one receipt per request. A process of its own
 * keeps the API's event loop free while a receipt is read, gives every byte of the native
 * runtime back to the system when it exits after a quiet spell, and a native crash here
 * costs one scan, not the API.
 */
// First: the threads the imports below start must inherit the lower priority.
import './lowPriority';
import { OcrInputError } from '../errors';
import { useAllCoresForImages } from '../raster';
import { PaddleOcr } from '../paddle';
import { readReceipt } from '../paddle/readReceipt';
import { loadPdfJs } from '../../pdf/open';
import type { ReadyMessage, ScanReply, ScanRequest } from './protocol';

function send(message: ScanReply | ReadyMessage): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  useAllCoresForImages();
  let paddle: PaddleOcr;
  try {
    paddle = await PaddleOcr.create({ threads: Number(process.env.OCR_THREADS) || undefined });
    // Loaded with the models, not by the first PDF: a scan's time limit counts reading only.
    await loadPdfJs();
  } catch (err) {
    send({ ready: false, message: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  }
  // Requests arrive one at a time (the API admits one scan at once), so they run in order.
  let chain = Promise.resolve();
  process.on('message', (req: ScanRequest) => {
    chain = chain.then(async () => {
      try {
        const result = await readReceipt(
          paddle,
          Buffer.from(req.image.buffer, req.image.byteOffset, req.image.byteLength),
          req.dateOrder,
          req.today === undefined ? undefined : new Date(req.today),
        );
        send({ id: req.id, ok: true, result });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        send({ id: req.id, ok: false, kind: err instanceof OcrInputError ? 'input' : 'failed', message });
      }
    });
  });
  // The API going away (even killed) closes the channel: nothing is left running.
  process.on('disconnect', () => process.exit(0));
  send({ ready: true });
}

void main();
