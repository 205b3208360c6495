import type { AppDispatch } from './store';
import { settingsApi } from '../features/settings/settingsApi';
import { profileApi } from '../features/profile/profileApi';
import { notificationsApi } from '../features/notifications/notificationsApi';
import { dashboardApi } from '../features/dashboard/dashboardApi';

/**
 * With a usable stored session, asks for the data of the signed-in frame (settings, profile,
 * unread count) and of the dashboard at start-up, while their code is still loading and
 * rendering: the screens' own queries then find it in the cache instead of starting only after
 * the first render. Nothing is asked without a session, so no request can fail for want of one.
 */
export function prefetchFirstScreen(dispatch: AppDispatch, pathname: string): void {
  dispatch(settingsApi.util.prefetch('getSettings', undefined, {}));
  dispatch(profileApi.util.prefetch('getProfile', undefined, {}));
  dispatch(notificationsApi.util.prefetch('getUnreadCount', undefined, {}));
  if (pathname === '/') dispatch(dashboardApi.util.prefetch('getDashboard', undefined, {}));
}
