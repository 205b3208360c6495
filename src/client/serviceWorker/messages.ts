/** What the page tells the waiting service worker when the person chooses Reload (workbox-window's messageSkipWaiting sends it). */
export const SKIP_WAITING = 'SKIP_WAITING';

/** On an API answer the worker served from the device: when it was saved (ms since the epoch). */
export const SAVED_AT_HEADER = 'x-tally-saved-at';

/** The worker's caches of API answers, one per person: this prefix and their uid. */
export const SAVED_ANSWERS_PREFIX = 'tally-answers-';

/** Where the manifest's share_target posts the shared files, and the form field that carries them. */
export const SHARE_TARGET_PATH = '/share';
export const SHARE_FILES_FIELD = 'receipts';

/** The worker's caches of receipt photos, one per person: this prefix and their uid. */
export const SAVED_PHOTOS_PREFIX = 'tally-photos-';

/** Every cache that holds one person's data: emptied at sign-out, another person's sign-in and account deletion. */
export const PER_PERSON_CACHE_PREFIXES = [SAVED_ANSWERS_PREFIX, SAVED_PHOTOS_PREFIX] as const;
