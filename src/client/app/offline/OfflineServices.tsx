import { useEffect, useState } from 'react';
import { registerServiceWorker } from './serviceWorkerUpdates';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * What keeps Tally working without the server, loaded after the first screen (never in an entry
 * chunk): the service worker and its update prompt.
 */
export default function OfflineServices() {
  // Set when a new version waits: lets it take over (the page then reloads).
  const [reload, setReload] = useState<(() => void) | null>(null);
  useEffect(() => {
    // The worker exists only in a production build (webpack.config.js).
    if (process.env.NODE_ENV === 'production') registerServiceWorker((takeOver) => setReload(() => takeOver));
  }, []);
  return reload ? <UpdatePrompt onReload={reload} /> : null;
}
