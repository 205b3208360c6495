import { MAX_SAVED_PHOTO_BYTES, MAX_SAVED_PHOTOS, RECEIPT_BLOB_PREFIX } from '../../shared/constants/offline';
import { SAVED_PHOTOS_PREFIX } from './messages';

/**
 * Receipt photos kept by the worker for reading offline: network first, and the photo saved the
 * last time it was opened when the server cannot be reached. An <img> carries no token, so the
 * photos go into the cache of the person whose API reads the worker saw last (the page asks for
 * the receipt before it shows its photo); the page empties these caches with the saved answers.
 */

/** A receipt image by its signed link (not the original sent as a file to save). */
export function isReceiptPhoto(url: URL, method: string): boolean {
  return method === 'GET' && url.pathname.includes(RECEIPT_BLOB_PREFIX) && url.searchParams.has('sig') && !url.searchParams.has('download');
}

/** A photo's key: its link without the signature and expiry, which change, so an expired link still finds it. */
export function photoKey(link: string): string {
  const url = new URL(link);
  return `${url.origin}${url.pathname}`;
}

/** The server's answers that mean the saved photo is better: the API down behind a proxy, or a link that expired. */
const USE_SAVED = new Set([403, 502, 503, 504]);

export async function networkFirstPhoto(request: Request, reader: string | null, keepUntilSaved: (saving: Promise<void>) => void): Promise<Response> {
  if (!reader) return fetch(request);
  const cache = await caches.open(`${SAVED_PHOTOS_PREFIX}${reader}`);
  const key = photoKey(request.url);
  let response: Response;
  try {
    // CORS, not the <img>'s opaque request: an opaque answer has no status or size to check.
    response = await fetch(request.url, { mode: 'cors', credentials: 'omit' });
  } catch (err) {
    const saved = await cache.match(key);
    if (saved) return saved;
    throw err;
  }
  if (response.status === 200) keepUntilSaved(save(cache, key, response.clone()));
  else if (USE_SAVED.has(response.status)) return (await cache.match(key)) ?? response;
  return response;
}

async function save(cache: Cache, key: string, response: Response): Promise<void> {
  const bytes = await response.blob();
  if (bytes.size > MAX_SAVED_PHOTO_BYTES) return;
  const headers = new Headers({ 'content-length': String(bytes.size), 'x-content-type-options': 'nosniff' });
  const type = response.headers.get('content-type');
  if (type) headers.set('content-type', type);
  // Deleted first, so the put goes to the end of the cache's order: the front is the least recently opened.
  await cache.delete(key);
  await cache.put(key, new Response(bytes, { status: 200, headers }));
  await trim(cache);
}

/** Drops the least recently opened photos until both limits hold. */
async function trim(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  const sizes = await Promise.all(keys.map(async (k) => Number((await cache.match(k))?.headers.get('content-length')) || 0));
  let total = sizes.reduce((a, b) => a + b, 0);
  let count = keys.length;
  for (let i = 0; i < keys.length && (count > MAX_SAVED_PHOTOS || total > MAX_SAVED_PHOTO_BYTES); i++) {
    await cache.delete(keys[i]);
    total -= sizes[i];
    count--;
  }
}
