import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';

export interface UnsavedChangesGuard {
  /** An in-app navigation is waiting for the person's answer. */
  asking: boolean;
  /** Keeps the edits: the navigation is dropped. */
  stay: () => void;
  /** Drops the edits: the navigation goes ahead. */
  leave: () => void;
  /**
   * Runs `go` (a save that navigates when done, a Cancel that means discard) with no question for
   * the navigations it starts. For a promise, until it settles, so a failed save is guarded again.
   */
  leaveWithoutAsking: <T>(go: () => T) => T;
}

/**
 * While `dirty`, a navigation to another page asks first (the caller shows UnsavedChangesDialog),
 * and reloading or closing the tab brings up the browser's own prompt.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  // Refs, not the render's values: a save navigates before React has re-rendered the form.
  const dirtyRef = useRef(dirty);
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const passes = useRef(0);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => dirtyRef.current && passes.current === 0 && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);

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

  const leaveWithoutAsking = useCallback(<T>(go: () => T): T => {
    passes.current++;
    let result: T;
    try {
      result = go();
    } catch (err) {
      passes.current--;
      throw err;
    }
    if (result instanceof Promise) {
      void result.finally(() => passes.current--).catch(() => undefined);
    } else {
      passes.current--;
    }
    return result;
  }, []);

  return {
    asking: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
    leaveWithoutAsking,
  };
}
