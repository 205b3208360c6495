import { dashboardRequest } from '../features/dashboard/dashboardRequest';

/**
 * The API paths a signed-in first load of the page at `pathname` sends from the entry (see
 * api/earlyAnswers.ts): what its first screen draws, the dashboard's figures on its page. The
 * frame's own data (settings, profile, unread count) is asked for as it renders, after them:
 * each cross-origin request costs a preflight too, and on a slow network every one of them
 * shares the bandwidth the code and the figures are waiting for.
 */
export function earlyDataPaths(pathname: string): string[] {
  if (pathname !== '/') return [];
  const { url, params } = dashboardRequest();
  return [`${url}?${new URLSearchParams(params)}`];
}
