import { useState } from 'react';

/**
 * True from the first time `open` is true. A dialog or menu loaded on demand is mounted then and
 * stays mounted, so that closing it can still animate.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true); // adjusting state while rendering, as React documents
  return opened || open;
}
