import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The outbox: photos taken while the server could not be reached, kept in this browser's
 * IndexedDB until they are uploaded (so a reload or a restart loses none). Each belongs to the
 * person signed in when it was taken (`uid`) and is only ever listed, sent or removed for them.
 */
export interface OutboxPhoto {
  /** The client id the upload carries, so the server makes one draft of it however often it is sent. */
  id: string;
  /** Whose it is; SHARED_UNCLAIMED until a person signed in on this device takes it. */
  uid: string;
  name: string;
  blob: Blob;
  addedAt: number;
  /** Why the server refused it (not a picture, too large): it stays until the person removes it. */
  error?: string;
}

interface OutboxDb extends DBSchema {
  photos: { key: string; value: OutboxPhoto; indexes: { uid: string } };
}

const DB_NAME = 'tally-outbox';
let opened: Promise<IDBPDatabase<OutboxDb>> | null = null;

function db(): Promise<IDBPDatabase<OutboxDb>> {
  opened ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('photos', { keyPath: 'id' }).createIndex('uid', 'uid');
    },
  });
  return opened;
}

/** The person's waiting photos, oldest first. */
export async function listOutbox(uid: string): Promise<OutboxPhoto[]> {
  const photos = await (await db()).getAllFromIndex('photos', 'uid', uid);
  return photos.sort((a, b) => a.addedAt - b.addedAt);
}

export async function addToOutbox(photos: OutboxPhoto[]): Promise<void> {
  const tx = (await db()).transaction('photos', 'readwrite');
  await Promise.all([...photos.map((p) => tx.store.put(p)), tx.done]);
}

/** Removes a photo if it is this person's. */
export async function removeFromOutbox(uid: string, id: string): Promise<void> {
  const tx = (await db()).transaction('photos', 'readwrite');
  const photo = await tx.store.get(id);
  if (photo?.uid === uid) await tx.store.delete(id);
  await tx.done;
}

/** Records why the server refused a photo, if it is still this person's. */
export async function markRefused(uid: string, id: string, error: string): Promise<void> {
  const tx = (await db()).transaction('photos', 'readwrite');
  const photo = await tx.store.get(id);
  if (photo?.uid === uid) await tx.store.put({ ...photo, error });
  await tx.done;
}

/**
 * The owner of a file shared to Tally from another app: the service worker that receives it does
 * not know who is signed in, so the next person who opens Tally on this device takes it.
 */
export const SHARED_UNCLAIMED = '';

/** Gives this person the files shared to Tally since someone last opened it (see SHARED_UNCLAIMED). */
export async function claimShared(uid: string): Promise<void> {
  const tx = (await db()).transaction('photos', 'readwrite');
  for (const photo of await tx.store.index('uid').getAll(SHARED_UNCLAIMED)) await tx.store.put({ ...photo, uid });
  await tx.done;
}

/** Every waiting photo of this person (their account is being deleted). */
export async function clearOutbox(uid: string): Promise<void> {
  const tx = (await db()).transaction('photos', 'readwrite');
  for (const key of await tx.store.index('uid').getAllKeys(uid)) await tx.store.delete(key);
  await tx.done;
}
