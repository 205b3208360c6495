import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeNewFileAtomically } from '../../files';

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
 * Avatar images as files in one folder, each written whole or not at all. Names are never
 * reused: each upload is a new file, which lets the files be cached for good.
 */
export class AvatarStore {
  constructor(private dir: string) {}

  /** Stores the (already re-encoded) image and answers its avatar path. */
  async save(bytes: Buffer): Promise<string> {
    const file = `${crypto.randomBytes(16).toString('hex')}.webp`;
    await writeNewFileAtomically(path.join(this.dir, file), bytes);
    return `${AVATAR_URL_PREFIX}${file}`;
  }

  /** The file's bytes, or null when there is no such avatar. */
  async read(file: string): Promise<Buffer | null> {
    if (!isAvatarFile(file)) return null;
    try {
      return await fs.readFile(path.join(this.dir, file));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /** Removes the avatar behind this path; paths that are not stored avatars are ignored. */
  async remove(avatar: string | null | undefined): Promise<void> {
    const file = avatarFileOf(avatar);
    if (file) await fs.rm(path.join(this.dir, file), { force: true });
  }
}
