/**
 * A step's card content: one column that may shrink below its widest child, so a wide table
 * scrolls inside its own container on a phone instead of widening the card past the screen.
 */
export const STEP_CONTENT_SX = { display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' } as const;
