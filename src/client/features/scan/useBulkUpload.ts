import { useCallback, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../auth/sessionSlice';
import { api } from '../../api/api';
import { MAX_DRAFT_FILES } from '../../../shared/constants/drafts';
import { isImageFile, NOT_AN_IMAGE, preparePhoto } from './imageUpload';
import { UNREACHABLE, UPLOAD_FAILED, UploadError, uploadDraftPhoto } from './uploadDraft';
import { outbox } from './outbox/outbox';
import { OutboxUnavailable } from '../../entities/outbox/outboxStore';

/** Photos sent at once: enough to keep a phone's connection busy, few enough to show progress one by one. */
const UPLOADS_AT_ONCE = 3;
/** Tries of one photo the server asked to wait for (429, 503), each after the wait it named. */
const TRIES = 3;

export interface BulkItem {
  key: number;
  name: string;
  /** 0 to 1 while uploading. */
  progress: number;
  /** 'kept': the server could not be reached, so the photo waits in the outbox on this device. */
  state: 'waiting' | 'uploading' | 'uploaded' | 'kept' | 'failed';
  error?: string;
}

export interface BulkUpload {
  items: BulkItem[];
  /** Photos past MAX_DRAFT_FILES that were left out of this batch. */
  leftOut: number;
  done: boolean;
  start(files: File[]): void;
  clear(): void;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The photos of a batch uploaded as drafts, a few at a time, each with its own progress. */
export function useBulkUpload(): BulkUpload {
  const dispatch = useAppDispatch();
  const uid = useAppSelector(selectCurrentUser)?.uid ?? null;
  const [items, setItems] = useState<BulkItem[]>([]);
  const [leftOut, setLeftOut] = useState(0);
  const batch = useRef(0);

  const update = useCallback((key: number, change: Partial<BulkItem>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i))), []);

  const uploadOne = useCallback(
    async (file: File, key: number, current: () => boolean) => {
      if (!isImageFile(file)) return update(key, { state: 'failed', error: NOT_AN_IMAGE });
      update(key, { state: 'uploading' });
      const photo = await preparePhoto(file);
      // One id for every try, the outbox's too: the server makes one draft of it however often it arrives.
      const clientId = crypto.randomUUID();
      for (let tryNo = 1; ; tryNo++) {
        try {
          await uploadDraftPhoto(photo, file.name, { clientId }, (progress) => current() && update(key, { progress }));
          return current() && update(key, { state: 'uploaded', progress: 1 });
        } catch (err) {
          if (err instanceof UploadError && err.status === UNREACHABLE && uid) {
            const kept = await outbox.keep(uid, [{ id: clientId, name: file.name, blob: photo }]).then(
              () => null,
              (why: unknown) => (why instanceof OutboxUnavailable ? why.message : UPLOAD_FAILED),
            );
            return current() && update(key, kept === null ? { state: 'kept', progress: 0 } : { state: 'failed', error: kept });
          }
          const later = err instanceof UploadError && err.retryAfterSeconds !== null && tryNo < TRIES;
          if (!later) return current() && update(key, { state: 'failed', error: err instanceof Error ? err.message : UPLOAD_FAILED });
          await wait(err.retryAfterSeconds! * 1000);
        }
      }
    },
    [update, uid],
  );

  const start = useCallback(
    (files: File[]) => {
      const id = ++batch.current;
      const current = () => batch.current === id;
      const taken = files.slice(0, MAX_DRAFT_FILES);
      setLeftOut(files.length - taken.length);
      setItems(taken.map((f, key) => ({ key, name: f.name, progress: 0, state: 'waiting' })));
      let next = 0;
      const lane = async () => {
        while (current() && next < taken.length) {
          const key = next++;
          await uploadOne(taken[key], key, current);
        }
      };
      void Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, lane)).then(() => {
        // The review queue and the sidebar's badge learn of the new drafts.
        if (current()) dispatch(api.util.invalidateTags(['Draft']));
      });
    },
    [dispatch, uploadOne],
  );

  const clear = useCallback(() => {
    batch.current++;
    setItems([]);
    setLeftOut(0);
  }, []);

  const done = items.length > 0 && items.every((i) => i.state === 'uploaded' || i.state === 'kept' || i.state === 'failed');
  return { items, leftOut, done, start, clear };
}
