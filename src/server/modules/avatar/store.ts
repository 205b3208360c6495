import crypto from 'node:crypto';
import type { BlobDriver } from '../../blobs/store';
import type { Executor } from '../../db/schema';

/** Where avatars are served from; the client resolves this against the API host root (spec §3). */
export const AVATAR_URL_PREFIX = 'static/avatars/';
export const AVATAR_CONTENT_TYPE = 'image/webp';

/** A random, unguessable name: only whoever knows the profile's avatar path can fetch it. */
const FILE_RE = /^[0-9a-f]{32}\.webp$/;

export function isAvatarFile(file: string): boolean {
  return FILE_RE.test(file);
}

/** The stored file behind an avatar path, or null for anything else (a full URL, a stale value). */
export function avatarFileOf(avatar: string | null | undefined): string | null {
  if (!avatar?.startsWith(AVATAR_URL_PREFIX)) return null;
  const file = avatar.slice(AVATAR_URL_PREFIX.length);
  return isAvatarFile(file) ? file : null;
}

/**
 * Avatar images in the blob storage (files or the shared database), each written whole or not at
 * all. Names are never reused: each upload is a new one, which lets them be cached for good.
 */
export class AvatarStore {
  constructor(private driver: BlobDriver) {}

  /** Stores the user's (already re-encoded) image and answers its avatar path. */
  async save(userId: string, bytes: Buffer): Promise<string> {
    const file = `${crypto.randomBytes(16).toString('hex')}.webp`;
    await this.driver.write(file, userId, bytes, AVATAR_CONTENT_TYPE);
    return `${AVATAR_URL_PREFIX}${file}`;
  }

  /** The image's bytes, or null when there is no such avatar. */
  async read(file: string): Promise<Buffer | null> {
    if (!isAvatarFile(file)) return null;
    return (await this.driver.read(file))?.bytes ?? null;
  }

  /** Removes the avatar behind this path; paths that are not stored avatars are ignored. */
  async remove(avatar: string | null | undefined, within?: Executor): Promise<void> {
    const file = avatarFileOf(avatar);
    if (file) await this.driver.remove(file, within);
  }
}
