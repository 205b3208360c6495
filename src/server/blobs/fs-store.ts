import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeNewFileAtomically } from '../files';
import { extensionFor, parseKey, type BlobStore, type StoredBlob } from './store';

/** The blob store a process uses when none is given: files under the data folder. */
export function defaultBlobStore(dataDir: string): BlobStore {
  return new FsBlobStore(path.join(dataDir, 'blobs'));
}

/**
 * Blobs as files under <root>/<user segment>/<uuid>.<ext>, each written whole or not at all.
 */
export class FsBlobStore implements BlobStore {
  constructor(private root: string) {}

  /** Firebase uids are [A-Za-z0-9]; anything else is hashed so it can never escape the root. */
  static userSegment(userId: string): string {
    return /^[A-Za-z0-9_-]{1,128}$/.test(userId) ? userId : `h-${crypto.createHash('sha256').update(userId).digest('hex')}`;
  }

  async put(userId: string, bytes: Buffer, contentType: string): Promise<string> {
    const key = `${FsBlobStore.userSegment(userId)}/${crypto.randomUUID()}.${extensionFor(contentType)}`;
    await writeNewFileAtomically(this.fileOf(key), bytes);
    return key;
  }

  async get(key: string): Promise<StoredBlob | null> {
    const parsed = parseKey(key);
    if (!parsed) return null;
    try {
      return { bytes: await fs.readFile(this.fileOf(key)), contentType: parsed.contentType };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!parseKey(key)) return;
    await fs.rm(this.fileOf(key), { force: true });
  }

  async deleteAllForUser(userId: string): Promise<void> {
    // Retried: a file of the user's may be going away at the same moment (ENOTEMPTY).
    await fs.rm(path.join(this.root, FsBlobStore.userSegment(userId)), { recursive: true, force: true, maxRetries: 5 });
  }

  private fileOf(key: string): string {
    return path.join(this.root, ...key.split('/'));
  }
}
