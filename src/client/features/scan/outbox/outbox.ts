import { addToOutbox, claimShared, clearOutbox, listOutbox, markRefused, removeFromOutbox, type OutboxPhoto } from '../../../entities/outbox/outboxStore';
import { NotTheOwner, UNREACHABLE, UploadError, uploadDraftPhoto } from '../uploadDraft';

/** First wait before trying again once the server could not be reached; doubled each time, up to MAX_RETRY_MS. */
export const FIRST_RETRY_MS = 5_000;
export const MAX_RETRY_MS = 5 * 60_000;

export interface OutboxState {
  /** Whose outbox this is: the person signed in (null when nobody is). */
  uid: string | null;
  photos: OutboxPhoto[];
  /** The photo being uploaded and how much of it has gone (0 to 1). */
  sending: { id: string; progress: number } | null;
}

/**
 * The signed-in person's outbox and its sender: photos go up one at a time, each under its
 * client id, and leave the outbox once the server has them. When the server cannot be reached
 * the sender waits (5 s, doubling up to 5 min) and tries again; it also tries when the browser
 * says it is online again and when Tally starts. Photos of anyone else stay where they are.
 */
class Outbox {
  private state: OutboxState = { uid: null, photos: [], sending: null };
  private listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private delay = FIRST_RETRY_MS;
  private running = false;
  private onUploaded: () => void = () => undefined;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  snapshot = () => this.state;

  /** Starts sending this person's photos (at start-up and whenever someone signs in); null stops. */
  async signedInAs(uid: string | null, onUploaded: () => void): Promise<void> {
    this.onUploaded = onUploaded;
    if (uid === this.state.uid) return;
    this.stopTimer();
    this.delay = FIRST_RETRY_MS;
    this.set({ uid, photos: [], sending: null });
    if (uid) {
      await claimShared(uid);
      await this.reload(uid);
      void this.send();
    }
  }

  /** Keeps photos the server could not take now; they go up by themselves later. */
  async keep(uid: string, photos: Array<{ id: string; name: string; blob: Blob }>): Promise<void> {
    const now = Date.now();
    await addToOutbox(photos.map((p, i) => ({ ...p, uid, addedAt: now + i })));
    if (uid === this.state.uid) await this.reload(uid);
    this.later();
  }

  async remove(id: string): Promise<void> {
    const { uid } = this.state;
    if (!uid) return;
    await removeFromOutbox(uid, id);
    await this.reload(uid);
  }

  /** The person's account is gone: so are their waiting photos. */
  async clear(uid: string): Promise<void> {
    await clearOutbox(uid);
    if (uid === this.state.uid) await this.reload(uid);
  }

  /** Tries now (the browser is online again, or Tally started). */
  retryNow = () => {
    this.delay = FIRST_RETRY_MS;
    void this.send();
  };

  private async send(): Promise<void> {
    const uid = this.state.uid;
    if (this.running || !uid) return;
    this.running = true;
    this.stopTimer();
    let sent = 0;
    try {
      for (const photo of this.state.photos.filter((p) => !p.error)) {
        if (this.state.uid !== uid) return;
        this.set({ ...this.state, sending: { id: photo.id, progress: 0 } });
        try {
          await uploadDraftPhoto(photo.blob, photo.name, { clientId: photo.id, owner: uid }, (progress) => {
            if (this.state.sending?.id === photo.id) this.set({ ...this.state, sending: { id: photo.id, progress } });
          });
          await removeFromOutbox(uid, photo.id);
          sent++;
        } catch (err) {
          if (err instanceof NotTheOwner) return;
          if (err instanceof UploadError && (err.status === UNREACHABLE || err.status === 429 || err.status >= 500)) {
            this.later(err.retryAfterSeconds);
            return;
          }
          // Refused for what it is (not a picture, too large): sending it again will not help.
          await markRefused(uid, photo.id, err instanceof Error ? err.message : String(err));
        }
        await this.reload(uid);
      }
      this.delay = FIRST_RETRY_MS;
    } finally {
      this.running = false;
      if (this.state.uid === uid) {
        this.set({ ...this.state, sending: null });
        await this.reload(uid);
      }
      if (sent > 0) this.onUploaded();
    }
  }

  /** Tries again after the current wait (or the server's Retry-After), then waits twice as long next time. */
  private later(retryAfterSeconds: number | null = null): void {
    this.stopTimer();
    const wait = retryAfterSeconds ? retryAfterSeconds * 1000 : this.delay;
    this.delay = Math.min(this.delay * 2, MAX_RETRY_MS);
    this.timer = setTimeout(() => void this.send(), wait);
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async reload(uid: string): Promise<void> {
    const photos = await listOutbox(uid);
    if (this.state.uid === uid) this.set({ ...this.state, photos });
  }

  private set(next: OutboxState): void {
    this.state = next;
    for (const l of this.listeners) l();
  }
}

/** The one outbox of this page. */
export const outbox = new Outbox();
