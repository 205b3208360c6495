import { PER_PERSON_CACHE_PREFIXES, SAVED_AT_HEADER } from '../serviceWorker/messages';
import { noteAnswer } from '../ui/connectivity';

/** Tells the offline notice where an answer came from: the worker's saved copy (and when it was saved) or the server. */
export function noteWhereFrom(response: Response): void {
  const saved = Number(response.headers.get(SAVED_AT_HEADER));
  noteAnswer(Number.isFinite(saved) && saved > 0 ? saved : null);
}

/**
 * Empties the API answers and receipt photos the service worker kept on this device, everyone's: at sign-out and
 * when another person signs in, so nobody after them reads them (account deletion signs out too).
 */
export async function forgetSavedAnswers(): Promise<void> {
  noteAnswer(null);
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((n) => PER_PERSON_CACHE_PREFIXES.some((prefix) => n.startsWith(prefix))).map((n) => caches.delete(n)));
}
