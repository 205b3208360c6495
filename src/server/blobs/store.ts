import crypto from 'node:crypto';
import type { Executor } from '../db/schema';

/**
 * Where images live (receipt photos, avatars). The database rows keep only the key. Two drivers
 * implement the storage: files under the data folder (one machine) and a table in the database
 * (shared by every instance of a cluster).
 */
export interface StoredBlob {
  bytes: Buffer;
  contentType: string;
}

/**
 * A driver: bytes under keys its caller chose, each owned by a user. `within` is the caller's open
 * transaction: a driver that lives in the database joins it (the write commits or rolls back with
 * the rows that name it; the embedded database has one connection, so a second would wait
 * forever); the file driver ignores it.
 */
export interface BlobDriver {
  /** Stores a new blob whole or not at all. */
  write(key: string, owner: string, bytes: Buffer, contentType: string, within?: Executor): Promise<void>;
  /** The blob, or null when there is none under the key. */
  read(key: string): Promise<StoredBlob | null>;
  /** Removes the blob; a missing blob is not an error. */
  remove(key: string, within?: Executor): Promise<void>;
  /** Removes every blob the user owns. */
  removeOwnedBy(owner: string, within?: Executor): Promise<void>;
}

/** Receipt originals (photos, PDFs, mails): each under a new key owned by its user, '<user segment>/<uuid>.<ext>'. */
export interface BlobStore {
  /** Stores the bytes under a new key owned by the user and answers the key. */
  put(userId: string, bytes: Buffer, contentType: string, within?: Executor): Promise<string>;
  /** The blob, or null when the key is unknown or malformed. */
  get(key: string): Promise<StoredBlob | null>;
  /** Removes the blob; a missing blob is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every blob of the user (account deletion). */
  deleteAllForUser(userId: string, within?: Executor): Promise<void>;
}

/** A mail kept whole (an e-receipt received by mail) is a receipt's original too: message/rfc822, '.eml'. */
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf', 'message/rfc822': 'eml' };
const CONTENT_TYPES: Record<string, string> = Object.fromEntries(Object.entries(EXTENSIONS).map(([t, e]) => [e, t]));

/** Keys look like '<user segment>/<uuid>.<ext>'; nothing else is ever read or written. */
const KEY_RE = /^[A-Za-z0-9_-]{1,130}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|pdf|eml)$/;

export function extensionFor(contentType: string): string {
  const ext = EXTENSIONS[contentType];
  if (!ext) throw new Error(`Unsupported blob content type ${contentType}`);
  return ext;
}

/** The content type a key's extension names, or null for an unknown one. */
export function contentTypeOf(key: string): string | null {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? null;
}

/** True for a receipt photo's key as UserBlobStore makes them. */
export function isImageKey(key: string): boolean {
  return KEY_RE.test(key);
}

/** Firebase uids are [A-Za-z0-9]; anything else is hashed so it can never escape its folder. */
export function userSegment(userId: string): string {
  return /^[A-Za-z0-9_-]{1,128}$/.test(userId) ? userId : `h-${crypto.createHash('sha256').update(userId).digest('hex')}`;
}

/** Receipt photos over any driver: the keys are made and checked here, the bytes kept there. */
export class UserBlobStore implements BlobStore {
  constructor(private driver: BlobDriver) {}

  async put(userId: string, bytes: Buffer, contentType: string, within?: Executor): Promise<string> {
    const key = `${userSegment(userId)}/${crypto.randomUUID()}.${extensionFor(contentType)}`;
    await this.driver.write(key, userId, bytes, contentType, within);
    return key;
  }

  async get(key: string): Promise<StoredBlob | null> {
    return isImageKey(key) ? this.driver.read(key) : null;
  }

  async delete(key: string): Promise<void> {
    if (isImageKey(key)) await this.driver.remove(key);
  }

  async deleteAllForUser(userId: string, within?: Executor): Promise<void> {
    await this.driver.removeOwnedBy(userId, within);
  }
}
