import { useState } from 'react';

/**
 * Calls `onOpen` in the render where `open` turns true: a dialog kept mounted starts from fresh
 * fields each time it opens, without an effect and the extra render an effect would cost
 * (React's "adjusting state when a prop changes").
 */
export function useOnOpen(open: boolean, onOpen: () => void): void {
  // Starts closed, so a dialog mounted already open (loaded on its first opening) is filled too.
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) onOpen();
  }
}
