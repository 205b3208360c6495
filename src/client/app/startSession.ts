import type { ClientConfig } from '../../shared/clientConfig';
import { startIdentity } from '../auth/actions';
import { readStoredSession } from '../auth/storedSession';
import { prefetchFirstScreen } from './prefetchFirstScreen';
import { makeStore, type AppStore } from './store';

/**
 * The second step of start-up: the store, the session from the mirrored token, and, with a
 * usable session, the first screen's data requested at once (it arrives while React loads).
 */
export function startSession(config: ClientConfig, pathname: string): AppStore {
  const store = makeStore();
  startIdentity(config, store.dispatch);
  if (readStoredSession()) prefetchFirstScreen(store.dispatch, pathname);
  return store;
}
