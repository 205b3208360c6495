/**
 * The code of the screens a signed-in first load shows, as chunk loaders. Kept apart from the
 * routes (React, the router) so that start-up can ask for these downloads before evaluating those.
 */
export const loadShell = () => import(/* webpackChunkName: "shell" */ '../layout/Shell');
export const loadDashboard = () => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/DashboardPage');

/**
 * Starts downloading the signed-in frame (and the dashboard when that is the page) at once, while
 * the rest of start-up runs, instead of one chunk after the other once the session is known.
 * Settles when they are in (or failed: the routes load them again and show the failure).
 */
export function preloadSignedInScreens(pathname: string): Promise<void> {
  const chunks: Promise<unknown>[] = [loadShell()];
  if (pathname === '/') chunks.push(loadDashboard());
  return Promise.all(chunks).then(
    () => undefined,
    () => undefined,
  );
}
