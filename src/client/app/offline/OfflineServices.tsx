import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks';
import { api } from '../../api/api';
import { selectCurrentUser } from '../../auth/sessionSlice';
import { outbox } from '../../features/scan/outbox/outbox';
import { registerServiceWorker } from './serviceWorkerUpdates';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * What keeps Tally working without the server, loaded after the first screen (never in an entry
 * chunk): the service worker and its update prompt, and the outbox sending the photos taken
 * offline by the person signed in (at start, when the browser is online again, and after a wait).
 */
export default function OfflineServices() {
  const dispatch = useAppDispatch();
  const uid = useAppSelector(selectCurrentUser)?.uid ?? null;
  useEffect(() => {
    // The review queue and the sidebar's badge learn of the drafts the outbox sent.
    void outbox.signedInAs(uid, () => dispatch(api.util.invalidateTags(['Draft'])));
  }, [uid, dispatch]);
  useEffect(() => {
    window.addEventListener('online', outbox.retryNow);
    return () => window.removeEventListener('online', outbox.retryNow);
  }, []);

  // Set when a new version waits: lets it take over (the page then reloads).
  const [reload, setReload] = useState<(() => void) | null>(null);
  useEffect(() => {
    // The build this page runs, on <html data-build>: which version someone has open.
    document.documentElement.dataset.build = process.env.TALLY_BUILD_ID;
    // The worker exists only in a production build (webpack.config.js).
    if (process.env.NODE_ENV === 'production') registerServiceWorker((takeOver) => setReload(() => takeOver));
  }, []);
  return reload ? <UpdatePrompt onReload={reload} /> : null;
}
