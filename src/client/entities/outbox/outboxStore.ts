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

export const OUTBOX_UNAVAILABLE = 'Tally cannot reach the server, and this browser cannot keep the photo to send later. Please try again when you are online.';

/** This browser keeps no outbox: it has no IndexedDB (some private windows, some policies), or it would not open. */
export class OutboxUnavailable extends Error {
  constructor() {
    super(OUTBOX_UNAVAILABLE);
  }
}

function db(): Promise<IDBPDatabase<OutboxDb>> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new OutboxUnavailable());
  opened ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('photos', { keyPath: 'id' }).createIndex('uid', 'uid');
    },
  }).catch(() => {
    // Tried again next time: a browser can refuse once (storage full) and open later.
    opened = null;
    throw new OutboxUnavailable();
  });
  return opened;
}

/** Where the browser keeps no outbox, there is nothing in it to read or change. */
async function orNothing<T>(task: () => Promise<T>, nothing: T): Promise<T> {
  try {
    return await task();
  } catch (err) {
    if (err instanceof OutboxUnavailable) return nothing;
    throw err;
  }
}

/** The person's waiting photos, oldest first. */
export function listOutbox(uid: string): Promise<OutboxPhoto[]> {
  return orNothing(async () => {
    const photos = await (await db()).getAllFromIndex('photos', 'uid', uid);
    return photos.sort((a, b) => a.addedAt - b.addedAt);
  }, []);
}

/** Keeps the photos; throws OutboxUnavailable where the browser cannot, so nobody is told a photo is kept when it is not. */

export async function addToOutbox(photos: OutboxPhoto[]): Promise<void> {
  const tx = (await db()).transaction('photos', 'readwrite');
  await Promise.all([...photos.map((p) => tx.store.put(p)), tx.done]);
}

/** Removes a photo if it is this person's. */
export function removeFromOutbox(uid: string, id: string): Promise<void> {
  return orNothing(async () => {
    const tx = (await db()).transaction('photos', 'readwrite');
    const photo = await tx.store.get(id);
    if (photo?.uid === uid) await tx.store.delete(id);
    await tx.done;
  }, undefined);
}

/** Records why the server refused a photo, if it is still this person's. */
export function markRefused(uid: string, id: string, error: string): Promise<void> {
  return orNothing(async () => {
    const tx = (await db()).transaction('photos', 'readwrite');
    const photo = await tx.store.get(id);
    if (photo?.uid === uid) await tx.store.put({ ...photo, error });
    await tx.done;
  }, undefined);
}

/**
 * The owner of a file shared to Tally from another app: the service worker that receives it does
 * not know who is signed in, so the next person who opens Tally on this device takes it.
 */
export const SHARED_UNCLAIMED = '';

/** Gives this person the files shared to Tally since someone last opened it (see SHARED_UNCLAIMED). */
export function claimShared(uid: string): Promise<void> {
  return orNothing(async () => {
    const tx = (await db()).transaction('photos', 'readwrite');
    for (const photo of await tx.store.index('uid').getAll(SHARED_UNCLAIMED)) await tx.store.put({ ...photo, uid });
    await tx.done;
  }, undefined);
}

/** Every waiting photo of this person (their account is being deleted). */
export function clearOutbox(uid: string): Promise<void> {
  return orNothing(async () => {
    const tx = (await db()).transaction('photos', 'readwrite');
    for (const key of await tx.store.index('uid').getAllKeys(uid)) await tx.store.delete(key);
    await tx.done;
  }, undefined);
}
