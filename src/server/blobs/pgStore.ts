import type { Db } from '../db';
import type { Executor } from '../db/schema';
import type { BlobDriver, StoredBlob } from './store';

/**
 * Blobs in the database's `blobs` table (migration 060), one bucket per kind: every instance of a
 * cluster sees the same images with nothing more to run. Photos are small (re-encoded, a few
 * hundred kB); the rows carry user_id, so account deletion removes them with the user's rows.
 */
export class PgBlobDriver implements BlobDriver {
  constructor(
    private db: Db,
    private bucket: string,
  ) {}

  async write(key: string, owner: string, bytes: Buffer, contentType: string, within?: Executor): Promise<void> {
    await (within ?? this.db).insertInto('blobs').values({ bucket: this.bucket, key, user_id: owner, content_type: contentType, bytes }).execute();
  }

  async read(key: string): Promise<StoredBlob | null> {
    const row = await this.db.selectFrom('blobs').select(['bytes', 'content_type']).where('bucket', '=', this.bucket).where('key', '=', key).executeTakeFirst();
    // The embedded database answers a Uint8Array, the pg driver a Buffer: one shape for callers.
    return row ? { bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength), contentType: row.content_type } : null;
  }

  async remove(key: string, within?: Executor): Promise<void> {
    await (within ?? this.db).deleteFrom('blobs').where('bucket', '=', this.bucket).where('key', '=', key).execute();
  }

  async removeOwnedBy(owner: string, within?: Executor): Promise<void> {
    await (within ?? this.db).deleteFrom('blobs').where('bucket', '=', this.bucket).where('user_id', '=', owner).execute();
  }
}
