/** What the page tells the waiting service worker when the person chooses Reload (workbox-window's messageSkipWaiting sends it). */
export const SKIP_WAITING = 'SKIP_WAITING';
