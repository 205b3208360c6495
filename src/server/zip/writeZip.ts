import { Readable, type PassThrough } from 'node:stream';
import { ZipFile } from 'yazl';

export interface ZipEntry {
  /** The path inside the zip ('originals/2025-03-04_Cafe_12.50_<id>.jpg'). */
  name: string;
  /** The bytes, or text written as it is made (a CSV page by page). */
  data: Buffer | AsyncIterable<string | Buffer>;
  /** Deflate it: worth it for text, not for photos and PDFs, which are compressed already. */
  compress: boolean;
}

/** Resolves once the source has gone into the zip, or the output is gone; rejects when the source fails. */
function taken(source: Readable, out: PassThrough): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      source.off('end', done);
      source.off('error', done);
      out.off('close', done);
      if (err && !out.destroyed) reject(err);
      else resolve();
    };
    source.once('end', done);
    source.once('error', done);
    out.once('close', done);
  });
}

/** Resolves once the reader has taken what was waiting in the output, or the output is gone. */
function drained(out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.once('drain', done);
    out.once('close', done);
  });
}

/**
 * A zip written as it is read. The next entry is asked of `entries` only when the one before has
 * gone into the output and the reader has taken what was waiting, so memory holds about one
 * entry however large the zip. When the output is destroyed (the client went away) the entry
 * being written is dropped and no further one is asked for; an entry that fails destroys the
 * output with its error, so a reader never takes a cut zip for a whole one.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>, mtime: Date): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as PassThrough;
  let current: Readable | undefined;
  out.once('close', () => current?.destroy());
  zip.on('error', (err: Error) => out.destroy(err));
  const write = async () => {
    for await (const entry of entries) {
      if (out.destroyed) return;
      const source = Buffer.isBuffer(entry.data) ? Readable.from([entry.data]) : Readable.from(entry.data);
      current = source;
      const written = taken(source, out);
      zip.addReadStream(source, entry.name, { compress: entry.compress, mtime });
      await written;
      if (!out.destroyed && out.writableNeedDrain) await drained(out);
      if (out.destroyed) return;
    }
    zip.end();
  };
  write().catch((err: Error) => out.destroy(err));
  return out;
}
