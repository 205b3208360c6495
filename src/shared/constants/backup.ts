/** Backup constants of the API contract without its schemas: what the client imports. */

/** What a backup's manifest.json says it is, and the one format version this Tally reads and writes. */
export const BACKUP_FORMAT = 'tally-backup';
export const BACKUP_VERSION = 1;

/** The largest backup file a restore takes. */
export const BACKUP_MAX_UPLOAD_BYTES = 512 * 1024 * 1024;
/** At most this many files in a backup (manifest, data and the originals). */
export const BACKUP_MAX_ENTRIES = 50_000;
/** No file in a backup may unpack to more than this (data.json is the largest). */
export const BACKUP_MAX_ENTRY_BYTES = 128 * 1024 * 1024;
/** Nor all of them together to more than this. */
export const BACKUP_MAX_TOTAL_BYTES = 1024 * 1024 * 1024;
/** A file above BACKUP_RATIO_FLOOR_BYTES may unpack to at most this many times its packed size: more is a zip bomb. */
export const BACKUP_MAX_RATIO = 200;
export const BACKUP_RATIO_FLOOR_BYTES = 1024 * 1024;
