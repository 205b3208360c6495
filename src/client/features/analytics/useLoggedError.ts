import { useEffect } from 'react';

/** Spec §8: an analytics failure is shown and also logged, once per message. */
export function useLoggedError(message: string | null): void {
  useEffect(() => {
    if (message) console.error(message);
  }, [message]);
}
