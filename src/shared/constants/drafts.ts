/** A draft's life: waiting for a worker, being read, read and waiting for review, or not readable. */
export const DRAFT_STATUSES = ['queued', 'scanning', 'ready', 'failed'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

/** Photos one upload may carry. */
export const MAX_DRAFT_FILES = 50;
/** Drafts one person may have at once (not yet saved or discarded): a week's shoebox, not an archive. */
export const MAX_OPEN_DRAFTS = 200;
