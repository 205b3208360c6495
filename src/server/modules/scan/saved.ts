/** What a save of a scan says of its fields: the trust figure and the person's own picker compare a read with it alike. */

/** What was saved from a scan: the store, the date and the total as sent. */
export interface SavedFields {
  store: string;
  date: string;
  total: number;
}

/** A name saved as read: the same words, whatever the case or spacing. */
export const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
