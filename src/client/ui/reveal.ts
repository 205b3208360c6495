import { useEffect, useRef } from 'react';

/**
 * Why a save did not happen must be seen where the person is looking: on a phone a form's
 * message (or its first wrong field) is often above or below the screen, and Save then seems to
 * do nothing. The one way every form brings a problem into view and gives it the focus.
 */

/** Centred, so a fixed app bar never covers it and a field's message below it shows too; then focused, without a second scroll. */
export function reveal(element: HTMLElement): void {
  // jsdom (the screen tests) has no layout and no scrollIntoView; every browser has it.
  if (typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'center' });
  element.focus({ preventScroll: true });
}

/** A marked field, not the hidden input a select keeps beside its button (that one cannot take the focus). */
const INVALID_FIELD = '[aria-invalid="true"]:not([aria-hidden="true"])';

/**
 * After a submit refused for wrong fields: the first one in `form`, with its message, once the
 * render that marks the fields has run.
 */
export function revealFirstInvalid(form: EventTarget | null): void {
  if (!(form instanceof HTMLElement)) return;
  requestAnimationFrame(() => {
    const field = form.querySelector<HTMLElement>(INVALID_FIELD);
    if (field) reveal(field);
  });
}

/** A ref for the element showing `message`: each time a message appears (or another replaces it), it is revealed. */
export function useRevealed<T extends HTMLElement>(message: string | null | undefined, enabled = true) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled && message && ref.current) reveal(ref.current);
  }, [message, enabled]);
  return ref;
}
