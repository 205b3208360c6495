import { uidOfToken } from '../auth/storedSession';
import { SAVED_ANSWERS_PREFIX, SAVED_AT_HEADER } from './messages';

/**
 * The person's API answers, kept by the worker for reading offline: network first, and the last
 * good answer when the server cannot be reached. Each person's answers live in a cache of their
 * own, named by the uid of the token the request carries, so one person's requests never match
 * another's answers. The server's `Cache-Control: no-store` still keeps them out of the HTTP
 * cache; this is the app's own store, which the page empties at sign-out (api/savedAnswers.ts).
 */

/** The uid of a request's bearer token; null for a request that is not a signed-in API read. */
export function readerOf(request: Request): string | null {
  if (request.method !== 'GET') return null;
  const auth = request.headers.get('authorization');
  return auth?.startsWith('Bearer ') ? uidOfToken(auth.slice('Bearer '.length)) : null;
}

/** A proxy's answer while the API behind it is down: the saved answer is better than its error page. */
const API_DOWN = new Set([502, 503, 504]);

export async function networkFirstForReader(request: Request, keepUntilSaved: (saving: Promise<void>) => void): Promise<Response> {
  const uid = readerOf(request);
  if (!uid) return fetch(request);
  const cache = await caches.open(`${SAVED_ANSWERS_PREFIX}${uid}`);
  // The token changes every hour and the query string is part of the question: match on the URL alone.
  const saved = () => cache.match(request.url, { ignoreVary: true });
  let response: Response;
  try {
    response = await fetch(request);
  } catch (err) {
    const answer = await saved();
    if (answer) return answer;
    throw err;
  }
  if (response.status === 200) keepUntilSaved(save(cache, request.url, response.clone()));
  else if (API_DOWN.has(response.status)) return (await saved()) ?? response;
  return response;
}

/** Answers kept per person; searches and pages each add one, so the oldest saved go first. */
const MAX_SAVED = 300;

/** Stores a copy marked with when it was saved (a new Response: the original's headers are CORS-filtered and fixed). */
async function save(cache: Cache, url: string, response: Response): Promise<void> {
  const headers = new Headers({ [SAVED_AT_HEADER]: String(Date.now()) });
  const type = response.headers.get('content-type');
  if (type) headers.set('content-type', type);
  // A put replaces the URL's entry at the end of the cache's order, so the front is the least recently saved.
  await cache.put(url, new Response(await response.blob(), { status: 200, headers }));
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_SAVED)).map((k) => cache.delete(k)));
}
