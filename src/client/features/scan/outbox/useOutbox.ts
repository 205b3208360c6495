import { useSyncExternalStore } from 'react';
import { outbox, type OutboxState } from './outbox';

/** The signed-in person's outbox as it changes. */
export function useOutbox(): OutboxState {
  return useSyncExternalStore(outbox.subscribe, outbox.snapshot);
}
