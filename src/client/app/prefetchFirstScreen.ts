import type { AppDispatch } from './store';
import { dashboardApi } from '../features/dashboard/dashboardApi';

/**
 * With a usable stored session, asks for the dashboard's figures at start-up on its page, while
 * the screen's code is still loading: the entry has sent the request already (earlyData.ts), and
 * this puts its answer in the cache before the first render instead of after it. The frame's own
 * data (settings, profile, unread count) is asked for by its parts as they render, after the
 * figures. Nothing is asked without a session, so no request can fail for want of one.
 */
export function prefetchFirstScreen(dispatch: AppDispatch, pathname: string): void {
  if (pathname === '/') dispatch(dashboardApi.util.prefetch('getDashboard', undefined, {}));
}
