import { useCallback, useContext, useEffect, useLayoutEffect, useState } from 'react';
import { UnsavedChangesContext } from './UnsavedChangesProvider';

export interface UnsavedChangesGuard {
  /**
   * Runs `go` (a save that navigates when done, a Cancel that means discard) with no question for
   * the navigations it starts. For a promise, until it settles, so a failed save is guarded again.
   */
  leaveWithoutAsking: <T>(go: () => T) => T;
}

/**
 * While `dirty`, a navigation to another page asks first (UnsavedChangesProvider, above the
 * screens, asks), and reloading or closing the tab brings up the browser's own prompt.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const changes = useContext(UnsavedChangesContext);
  if (!changes) throw new Error('useUnsavedChangesGuard needs an UnsavedChangesProvider above it');
  const [form] = useState(() => Symbol('edited form'));
  // A layout effect: the edit counts from the commit that shows it, before any click can follow.
  useLayoutEffect(() => (dirty ? changes.edited(form) : undefined), [dirty, changes, form]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Chromium before 119 and Safari show the prompt only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const leaveWithoutAsking = useCallback(
    <T>(go: () => T): T => {
      const done = changes.letThrough();
      let result: T;
      try {
        result = go();
      } catch (err) {
        done();
        throw err;
      }
      if (result instanceof Promise) {
        void result.finally(done).catch(() => undefined);
      } else {
        done();
      }
      return result;
    },
    [changes],
  );

  return { leaveWithoutAsking };
}
