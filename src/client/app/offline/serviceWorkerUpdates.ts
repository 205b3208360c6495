import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (public /sw.js, built in production only) and tells `onWaiting`
 * when a new version has installed and waits, with the way to let it take over. The page
 * reloads whenever another version takes over from the worker it runs under (its own Reload, or
 * another tab's), so no page runs old code against the new version's files.
 */
export function registerServiceWorker(onWaiting: (reload: () => void) => void): void {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => onWaiting(() => wb.messageSkipWaiting()));
  // Not workbox's 'controlling' with the controller at load: a page the first install claimed
  // started without one, yet runs that version's code when the next one takes over.
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install takes the page without a reload: it has no other version's code to mix with.
    if (controlled) window.location.reload();
    controlled = true;
  });
  void wb.register().catch(() => undefined); // without a worker Tally still works online
}
