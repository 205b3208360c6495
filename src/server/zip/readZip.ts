import { fromBufferPromise, openPromise, type Entry, type ZipFile } from 'yauzl';
import { badRequest, payloadTooLarge, type HttpError } from '../errors';

/** What a zip sent to the API may hold; each limit broken is refused before any entry is read. */
export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** How many times larger than its compressed bytes an entry may unpack (counted above `ratioFloorBytes`). */
  maxRatio: number;
  ratioFloorBytes: number;
}

/** A zip whose directory was checked: entries by name, each read whole and no larger than it said. */
export interface CheckedZip {
  names(): string[];
  /** The entry's bytes; null when the zip has none of that name. */
  read(name: string): Promise<Buffer | null>;
  close(): void;
}

const notAZip = (reason: string) => badRequest(`The file is not a zip Tally can read: ${reason}`);

/** yauzl's refusals (a damaged directory, a name leaving the folder, a size that lies) as the client's fault. */
function refusal(err: unknown): HttpError {
  return err instanceof Error && 'statusCode' in err ? (err as HttpError) : notAZip(err instanceof Error ? err.message : String(err));
}

/**
 * Opens a zip (a file, or bytes in memory) and checks its whole directory before anything is
 * unpacked: the number of entries, each name (no absolute path, no '..', no backslash: yauzl
 * refuses those), each entry's size and compression ratio and the total, and no encryption. A
 * zip bomb is refused from its directory; an entry whose data holds more than its directory says
 * is cut off at that size by yauzl, so a lying directory costs nothing either.
 */
export async function openCheckedZip(source: string | Buffer, limits: ZipLimits): Promise<CheckedZip> {
  let zip: ZipFile;
  try {
    const options = { lazyEntries: true, validateEntrySizes: true, strictFileNames: true, autoClose: false };
    zip = typeof source === 'string' ? await openPromise(source, options) : await fromBufferPromise(source, options);
  } catch (err) {
    throw refusal(err);
  }
  try {
    if (zip.entryCount > limits.maxEntries) throw payloadTooLarge(`The zip holds ${zip.entryCount} files; at most ${limits.maxEntries} are read`);
    const entries = new Map<string, Entry>();
    let total = 0;
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName;
      if (name.endsWith('/')) continue; // a folder: nothing to read
      if (entries.has(name)) throw notAZip(`${name} is in it twice`);
      if (entry.isEncrypted()) throw notAZip(`${name} is encrypted`);
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw notAZip(`${name} is compressed in a way Tally does not read`);
      if (entry.uncompressedSize > limits.maxEntryBytes) throw payloadTooLarge(`${name} unpacks to more than ${limits.maxEntryBytes} bytes`);
      if (entry.uncompressedSize > limits.ratioFloorBytes && entry.uncompressedSize > entry.compressedSize * limits.maxRatio) {
        throw payloadTooLarge(`${name} unpacks to more than ${limits.maxRatio} times its size: refused as a zip bomb`);
      }
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) throw payloadTooLarge(`The zip unpacks to more than ${limits.maxTotalBytes} bytes`);
      entries.set(name, entry);
    }
    return {
      names: () => [...entries.keys()],
      async read(name) {
        const entry = entries.get(name);
        if (!entry) return null;
        try {
          const chunks: Buffer[] = [];
          for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks);
        } catch (err) {
          throw refusal(err);
        }
      },
      close: () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw refusal(err);
  }
}
