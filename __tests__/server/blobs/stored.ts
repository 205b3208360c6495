import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from '../helpers';
import { userSegment } from '../../../src/server/blobs/store';

/**
 * What the test app's blob storage holds, read straight from it (files or the database's blobs
 * table, as BLOB_STORE says), so the API suites check either driver.
 */
const bucketOf = { images: 'receipts', avatars: 'avatars' } as const;
type Bucket = keyof typeof bucketOf;

const folderOf = (t: TestApp, bucket: Bucket) => path.join(t.config.dataDir, bucket === 'images' ? 'blobs' : 'avatars');

async function keysIn(t: TestApp, bucket: Bucket, owner?: string): Promise<string[]> {
  if (t.config.blobStore === 'postgres') {
    let q = t.db.db.selectFrom('blobs').select('key').where('bucket', '=', bucketOf[bucket]);
    if (owner) q = q.where('user_id', '=', owner);
    return (await q.orderBy('key').execute()).map((r) => r.key);
  }
  const dir = owner ? path.join(folderOf(t, bucket), userSegment(owner)) : folderOf(t, bucket);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => (owner ? `${userSegment(owner)}/${f}` : f));
}

/** The keys ('<user>/<uuid>.<ext>') of a person's stored receipt photos. */
export const storedImages = (t: TestApp, uid: string) => keysIn(t, 'images', uid);

/** The file names of every stored avatar. */
export const storedAvatars = (t: TestApp) => keysIn(t, 'avatars');

/** Whether the avatar behind a profile's avatar path is stored. */
export async function avatarStored(t: TestApp, avatar: string): Promise<boolean> {
  return (await storedAvatars(t)).includes(path.basename(avatar));
}

/** Takes a stored photo away (a disk or bucket losing it); answers a function that puts it back. */
export async function takeImage(t: TestApp, key: string): Promise<() => Promise<void>> {
  if (t.config.blobStore === 'postgres') {
    const row = await t.db.db.selectFrom('blobs').selectAll().where('bucket', '=', 'receipts').where('key', '=', key).executeTakeFirstOrThrow();
    await t.db.db.deleteFrom('blobs').where('bucket', '=', 'receipts').where('key', '=', key).execute();
    return async () => {
      const { created_at: _at, ...kept } = row;
      await t.db.db
        .insertInto('blobs')
        .values({ ...kept, bytes: Buffer.from(kept.bytes) })
        .execute();
    };
  }
  const file = path.join(folderOf(t, 'images'), ...key.split('/'));
  const bytes = fs.readFileSync(file);
  fs.rmSync(file);
  return async () => fs.writeFileSync(file, bytes);
}
