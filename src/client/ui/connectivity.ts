import { useSyncExternalStore } from 'react';

/**
 * Whether Tally is offline as the person sees it: the browser says so, or the screens show API
 * answers the service worker kept on this device (the server could not be reached). Kept here,
 * below the store, so the shared form buttons can turn saving off without reading the store.
 */
export interface Connectivity {
  offline: boolean;
  /** When the oldest answer on screen was saved (ms since the epoch); null when all came from the server. */
  savedAt: number | null;
}

/** Why a save is turned off while offline (capture is not: the outbox keeps its photos). */
export const OFFLINE_REASON = 'Offline: saving needs the Tally server.';

let browserOffline = false;
let savedAt: number | null = null;
let snapshot: Connectivity = { offline: false, savedAt: null };
const listeners = new Set<() => void>();

function publish(): void {
  const offline = browserOffline || savedAt !== null;
  if (offline === snapshot.offline && savedAt === snapshot.savedAt) return;
  snapshot = { offline, savedAt };
  for (const l of listeners) l();
}

/**
 * Called with every API answer: `saved` is when the worker saved it (it came from the device), or
 * null when the server answered, which means Tally can reach it again.
 */
export function noteAnswer(saved: number | null): void {
  savedAt = saved === null ? null : Math.min(savedAt ?? saved, saved);
  publish();
}

const followBrowser = () => {
  browserOffline = !navigator.onLine;
  publish();
};

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    followBrowser();
    window.addEventListener('online', followBrowser);
    window.addEventListener('offline', followBrowser);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', followBrowser);
      window.removeEventListener('offline', followBrowser);
    }
  };
}

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/** Whether Tally is offline at this moment, for code outside React (a request that just failed). */
export function isOfflineNow(): boolean {
  return !navigator.onLine || savedAt !== null;
}

/** The reason saving is off now, or null when the server can be asked. */
export function useOfflineReason(): string | null {
  return useConnectivity().offline ? OFFLINE_REASON : null;
}
