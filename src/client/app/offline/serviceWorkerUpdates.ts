import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (public /sw.js, built in production only) and tells `onWaiting`
 * when a new version has installed and waits, with the way to let it take over. The page
 * reloads when another version takes over from the one it started with, so no page runs old
 * code against the new version's files.
 */
export function registerServiceWorker(onWaiting: (reload: () => void) => void): void {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js');
  // None at the start: this is the first install, which takes the page without a reload.
  const hadController = Boolean(navigator.serviceWorker.controller);
  wb.addEventListener('waiting', () => onWaiting(() => wb.messageSkipWaiting()));
  wb.addEventListener('controlling', () => {
    if (hadController) window.location.reload();
  });
  void wb.register().catch(() => undefined); // without a worker Tally still works online
}
