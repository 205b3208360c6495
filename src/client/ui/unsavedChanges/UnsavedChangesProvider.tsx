import { createContext, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { lazyAfterLoad } from '../afterLoad';
import { useOpenedOnce } from '../useOpenedOnce';

// The question (and MUI's dialog with it) loads when first asked, or at idle after the page
// loaded: the signed-in frame paints without it.
const UnsavedChangesDialog = lazyAfterLoad(() =>
  import(/* webpackChunkName: "unsaved-changes" */ './UnsavedChangesDialog').then((m) => ({ default: m.UnsavedChangesDialog })),
);

/** The edited forms on screen and the navigations they let through (saves, Cancel). */
export interface UnsavedChanges {
  /** Counts a form as edited until the returned function is called. */
  edited(form: symbol): () => void;
  /** Lets navigations through without a question until the returned function is called. */
  letThrough(): () => void;
  /** Whether a navigation to another page should ask first. */
  asks(): boolean;
}

function unsavedChanges(): UnsavedChanges {
  const edited = new Set<symbol>();
  let passes = 0;
  return {
    edited(form) {
      edited.add(form);
      return () => void edited.delete(form);
    },
    letThrough() {
      passes++;
      return () => void passes--;
    },
    asks: () => edited.size > 0 && passes === 0,
  };
}

export const UnsavedChangesContext = createContext<UnsavedChanges | null>(null);

/**
 * The one navigation blocker of the signed-in screens (a router consults only one): asks before
 * a navigation to another page while any form below is edited. It is in place from the frame's
 * first render, so a form edited right after it appears is guarded at once; a blocker of the form's
 * own is registered by two effects after its first render, and a quick enough click got past it.
 */
export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [changes] = useState(unsavedChanges);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => changes.asks() && currentLocation.pathname !== nextLocation.pathname,
    [changes],
  );
  const blocker = useBlocker(shouldBlock);
  const asking = blocker.state === 'blocked';
  const asked = useOpenedOnce(asking);
  return (
    <UnsavedChangesContext.Provider value={changes}>
      {children}
      {asked && (
        <Suspense fallback={null}>
          <UnsavedChangesDialog asking={asking} stay={() => blocker.reset?.()} leave={() => blocker.proceed?.()} />
        </Suspense>
      )}
    </UnsavedChangesContext.Provider>
  );
}
