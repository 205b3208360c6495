/**
 * jsdom has no layout, so whether a message is on screen cannot be seen: what can is that the
 * screen asked for it to be scrolled into view, and where the focus went. jsdom has no
 * scrollIntoView either: a stand-in is put on Element.prototype (once) and spied on. Undone by
 * jest.restoreAllMocks().
 */
export function watchScrolling() {
  if (!('scrollIntoView' in Element.prototype)) {
    Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, writable: true, value: () => undefined });
  }
  const spy = jest.spyOn(Element.prototype, 'scrollIntoView');
  return {
    /** The elements scrolled into view, oldest first. */
    scrolled: () => spy.mock.contexts as Element[],
  };
}

/** `element` was scrolled into view and has the focus: the person sees it where they are. */
export function expectRevealed(element: HTMLElement, watch: ReturnType<typeof watchScrolling>): void {
  expect(watch.scrolled()).toContain(element);
  expect(document.activeElement).toBe(element);
}
