/**
 * The first screen's data asked for by the entry, as soon as the run-time configuration and the
 * mirrored token are known, while the libraries are still downloading: the API's answers then
 * arrive beside the code instead of after it. RTK Query's requests take these answers (api.ts's
 * fetch) instead of asking again. An answer is taken once, only by a GET of the same URL with the
 * same token, and is dropped when nothing takes it soon.
 */
const KEEP_MS = 30_000;

interface EarlyAnswer {
  authorization: string;
  answer: Promise<Response>;
}

const pending = new Map<string, EarlyAnswer>();

/** Sends a GET for each path of the API at `apiUrl` with the person's token. */
export function sendEarly(apiUrl: string, paths: string[], token: string): void {
  const base = apiUrl.replace(/\/$/, '');
  const authorization = `Bearer ${token}`;
  for (const path of paths) {
    const url = new URL(`${base}${path}`).href;
    const answer = fetch(url, { headers: { authorization } });
    // Not taken by then: another screen came first, or start-up failed.
    answer.catch(() => undefined);
    pending.set(url, { authorization, answer });
    setTimeout(() => {
      if (pending.get(url)?.answer === answer) pending.delete(url);
    }, KEEP_MS);
  }
}

/** The early answer to this request, once: for a GET of the same URL with the same token; else undefined. */
export function takeEarly(request: Request): Promise<Response> | undefined {
  if (request.method !== 'GET') return undefined;
  const early = pending.get(request.url);
  if (!early || early.authorization !== request.headers.get('authorization')) return undefined;
  pending.delete(request.url);
  return early.answer;
}

/**
 * fetch, answered by an early answer where there is one. One that failed on the way (the network
 * dropped meanwhile) is asked again, so it fails or succeeds as any request would now.
 */
export function fetchWithEarlyAnswers(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const early = input instanceof Request ? takeEarly(input) : undefined;
  return early ? early.catch(() => fetch(input, init)) : fetch(input, init);
}
