import { userTimeZone } from '../../ui/dates';

/**
 * The dashboard's request for the viewer's calendar month. Free of RTK Query: the entry sends it
 * before the libraries have loaded (app/earlyData.ts), and the endpoint asks with the same.
 */
export function dashboardRequest(): { url: string; params: Record<string, string> } {
  return { url: '/dashboard', params: { tz: userTimeZone() } };
}
