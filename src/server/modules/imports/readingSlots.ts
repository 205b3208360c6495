import { HttpError } from '../../errors';

/**
 * Statements read at once by this process; past it an upload is answered 503 at once, its body
 * let through unread. Reading a statement is memory (its bytes, then the database's copy) and
 * turns of the one event loop everyone shares: two side by side make each other's readers, and
 * every other person's requests, wait twice as long, and three uploads of 20 MB would hold 60 MB
 * and more. A person sends one file at a time; a second waits a few seconds.
 */
export const STATEMENTS_READ_AT_ONCE = 1;
/** Seconds a refused upload is told to wait (Retry-After): about one statement's reading. */
const RETRY_AFTER_SECONDS = 5;
export const BUSY_READING = 'Tally is reading other statements just now. Please try again in a few seconds.';

export class ReadingSlots {
  private busy = 0;

  constructor(private readonly size: number) {}

  /** Runs `read` in a slot, or throws the 503 when none is free (`refused` lets the upload go first). */
  async run<T>(read: () => Promise<T>, refused: () => void): Promise<T> {
    if (this.busy >= this.size) {
      refused();
      throw new HttpError(503, BUSY_READING, { 'retry-after': String(RETRY_AFTER_SECONDS) });
    }
    this.busy++;
    try {
      return await read();
    } finally {
      this.busy--;
    }
  }
}
