/**
 * Tally's service worker (built by workbox-webpack-plugin's InjectManifest in production only):
 * the app shell and every hashed asset of this build precached, so Tally opens offline; every
 * app route answered with index.html; the run-time configuration kept from the last time it was
 * fetched. A new version waits until the page says so (the 'A new version is ready' Reload), so
 * one page never runs two builds' code. The signed-in person's API answers are kept for reading
 * offline (savedAnswers.ts), with the receipt photos they opened (savedPhotos.ts), and files shared to Tally from another app go into the outbox
 * (shareTarget.ts).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { clientsClaim } from 'workbox-core';
import { SHARE_TARGET_PATH, SKIP_WAITING } from './messages';
import { networkFirstForReader, readerOf } from './savedAnswers';
import { isReceiptPhoto, networkFirstPhoto } from './savedPhotos';
import { receiveShare } from './shareTarget';

/** What this worker uses of its global scope (the DOM library, which the app is typed with, has no worker types). */
interface WorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'install', listener: (event: { waitUntil(done: Promise<unknown>): void }) => void): void;
}
declare const self: WorkerScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once (it has no other worker's code to mix with).
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html')));

/** The person whose API reads came last: a receipt photo's <img> carries no token, so its photo is kept as theirs. */
let lastReader: string | null = null;

// A signed-in person's API reads (they carry a bearer token): network first, else their last answer.
registerRoute(
  ({ request }) => readerOf(request) !== null,
  ({ request, event }) => {
    lastReader = readerOf(request);
    return networkFirstForReader(request, (saving) => event.waitUntil(saving));
  },
);

// Receipt photos by their signed links: network first, else the photo as last opened, whatever the link's expiry.
registerRoute(
  ({ url, request }) => isReceiptPhoto(url, request.method),
  ({ request, event }) => networkFirstPhoto(request, lastReader, (saving) => event.waitUntil(saving)),
);

// The manifest's share_target: the shared files into the outbox, then the scan screen.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === SHARE_TARGET_PATH,
  ({ request }) => receiveShare(request),
  'POST',
);

// The app reads /config.json before anything else: offline, last time's answer.
const CONFIG_PATH = '/config.json';
const CONFIG_CACHE = 'tally-config';
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === CONFIG_PATH,
  new NetworkFirst({ cacheName: CONFIG_CACHE, networkTimeoutSeconds: 3 }),
);
// Kept at install too: the page that installed this worker read it before the worker was there,
// and an app installed then opened offline must still start. A failed fetch never fails the install.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CONFIG_CACHE)
      .then((cache) => cache.add(CONFIG_PATH))
      .catch(() => undefined),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
