/** A draft's life: waiting for a worker, being read, read and waiting for review, or not readable. */
export const DRAFT_STATUSES = ['queued', 'scanning', 'ready', 'failed'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

/** Photos one upload may carry. */
export const MAX_DRAFT_FILES = 50;
/** Drafts one person may have at once (not yet saved or discarded): a week's shoebox, not an archive. */
export const MAX_OPEN_DRAFTS = 200;

/** A photo sent again under the id its device gave it, whose draft has since been saved or discarded. */
export const REVIEWED = 'reviewed';
/** What a device may call a photo it uploads (POST /receipts/drafts field client_id): a UUID fits. */
export const CLIENT_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
