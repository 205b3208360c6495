import path from 'node:path';
import type { BlobStoreKind } from '../config';
import type { Db } from '../db';
import { FsBlobDriver } from './fsStore';
import { PgBlobDriver } from './pgStore';
import { UserBlobStore, type BlobDriver, type BlobStore } from './store';

export interface BlobStorage {
  /** Receipt photos (receipts and drafts). */
  images: BlobStore;
  /** Avatars, under keys modules/avatar chooses. */
  avatars: BlobDriver;
}

/**
 * The configured storage (BLOB_STORE): files under dataDir/blobs and dataDir/avatars, or the
 * database's blobs table, which every instance of a cluster shares.
 */
export function openBlobStorage(kind: BlobStoreKind, dataDir: string, db: Db): BlobStorage {
  if (kind === 'postgres') return { images: new UserBlobStore(new PgBlobDriver(db, 'receipts')), avatars: new PgBlobDriver(db, 'avatars') };
  return { images: new UserBlobStore(new FsBlobDriver(path.join(dataDir, 'blobs'))), avatars: new FsBlobDriver(path.join(dataDir, 'avatars')) };
}
