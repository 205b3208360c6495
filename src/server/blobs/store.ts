/**
 * Where receipt images live. The database keeps only the key. A filesystem store runs here;
 * an S3-compatible store can implement the same interface later (ARCHITECTURE §5).
 */
export interface StoredBlob {
  bytes: Buffer;
  contentType: string;
}

export interface BlobStore {
  /** Stores the bytes under a new key owned by the user and answers the key. */
  put(userId: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The blob, or null when the key is unknown or malformed. */
  get(key: string): Promise<StoredBlob | null>;
  /** Removes the blob; a missing blob is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every blob of the user (account deletion). */
  deleteAllForUser(userId: string): Promise<void>;
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const CONTENT_TYPES: Record<string, string> = Object.fromEntries(Object.entries(EXTENSIONS).map(([t, e]) => [e, t]));

/** Keys look like '<user segment>/<uuid>.<ext>'; nothing else is ever read or written. */
const KEY_RE = /^([A-Za-z0-9_-]{1,130})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp)$/;

export function extensionFor(contentType: string): string {
  const ext = EXTENSIONS[contentType];
  if (!ext) throw new Error(`Unsupported blob content type ${contentType}`);
  return ext;
}

export function parseKey(key: string): { userSegment: string; contentType: string } | null {
  const m = KEY_RE.exec(key);
  return m ? { userSegment: m[1], contentType: CONTENT_TYPES[m[3]] } : null;
}
