import fs from 'node:fs/promises';
import path from 'node:path';
import { writeNewFileAtomically } from '../files';
import { contentTypeOf, userSegment, type BlobDriver, type StoredBlob } from './store';

/**
 * Blobs as files under a root folder, each written whole or not at all; the key is the path below
 * the root and its extension the content type. A user's blobs are the folder named by their user
 * segment (receipt photos); keys without a folder (avatars) are removed one by one.
 */
export class FsBlobDriver implements BlobDriver {
  constructor(private root: string) {}

  async write(key: string, _owner: string, bytes: Buffer): Promise<void> {
    await writeNewFileAtomically(this.fileOf(key), bytes);
  }

  async read(key: string): Promise<StoredBlob | null> {
    const contentType = contentTypeOf(key);
    if (!contentType) return null;
    try {
      return { bytes: await fs.readFile(this.fileOf(key)), contentType };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
  }

  async removeOwnedBy(owner: string): Promise<void> {
    // Retried: a file of the user's may be going away at the same moment (ENOTEMPTY).
    await fs.rm(path.join(this.root, userSegment(owner)), { recursive: true, force: true, maxRetries: 5 });
  }

  /** Keys are checked by the stores above; this only refuses what would leave the root. */
  private fileOf(key: string): string {
    const file = path.join(this.root, ...key.split('/'));
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Blob key outside the store: ${key}`);
    return file;
  }
}
