import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireAuth, RedirectIfSignedIn } from '../auth/RequireAuth';
import { INVITATION_PATH } from '../../shared/constants/households';
import { loadDashboard, loadShell } from './screenChunks';

// Every screen is its own chunk: the first load carries only what /login or / needs.
const LoginPage = lazy(() => import(/* webpackChunkName: "login" */ '../auth/LoginPage'));
const RegisterPage = lazy(() => import(/* webpackChunkName: "register" */ '../auth/RegisterPage'));
const ResetPasswordPage = lazy(() => import(/* webpackChunkName: "reset-password" */ '../auth/ResetPasswordPage'));
const DashboardPage = lazy(loadDashboard);
// The signed-in frame (app bar, drawer, menus) is a chunk of its own: /login never loads it.
const Shell = lazy(() => loadShell().then((m) => ({ default: m.Shell })));

/** Spec §2 routes. Public: /login, /register. Everything else inside the guarded shell. */
export const routes: RouteObject[] = [
  {
    element: <RedirectIfSignedIn />,
    children: [{ path: '/login', element: <LoginPage /> }],
  },
  { path: '/register', element: <RegisterPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <DashboardPage /> },
          { path: '/receipts', Component: lazy(() => import(/* webpackChunkName: "receipts" */ '../features/receipts/ReceiptListPage')) },
          { path: '/receipts/add', Component: lazy(() => import(/* webpackChunkName: "receipt-add" */ '../features/receipts/AddReceiptPage')) },
          { path: '/receipts/scan', Component: lazy(() => import(/* webpackChunkName: "receipt-scan" */ '../features/scan/ScanReceiptPage')) },
          { path: '/receipts/review', Component: lazy(() => import(/* webpackChunkName: "receipt-review" */ '../features/scan/ReviewQueuePage')) },
          { path: '/receipts/:id', Component: lazy(() => import(/* webpackChunkName: "receipt-detail" */ '../features/receipts/ReceiptDetailPage')) },
          { path: '/receipts/:id/edit', Component: lazy(() => import(/* webpackChunkName: "receipt-edit" */ '../features/receipts/EditReceiptPage')) },
          { path: '/categories', Component: lazy(() => import(/* webpackChunkName: "categories" */ '../features/categories/CategoriesPage')) },
          { path: '/recurring', Component: lazy(() => import(/* webpackChunkName: "recurring" */ '../features/recurring/RecurringPage')) },
          { path: '/analytics', Component: lazy(() => import(/* webpackChunkName: "analytics" */ '../features/analytics/AnalyticsPage')) },
          { path: '/prices', Component: lazy(() => import(/* webpackChunkName: "prices" */ '../features/prices/PricesPage')) },
          { path: '/warranties', Component: lazy(() => import(/* webpackChunkName: "warranties" */ '../features/warranties/WarrantiesPage')) },
          { path: '/notifications', Component: lazy(() => import(/* webpackChunkName: "notifications" */ '../features/notifications/NotificationsPage')) },
          { path: '/profile', Component: lazy(() => import(/* webpackChunkName: "profile" */ '../features/profile/ProfilePage')) },
          { path: '/settings', Component: lazy(() => import(/* webpackChunkName: "settings" */ '../features/settings/SettingsPage')) },
          { path: '/import', Component: lazy(() => import(/* webpackChunkName: "import" */ '../features/imports/ImportPage')) },
          { path: '/households', Component: lazy(() => import(/* webpackChunkName: "households" */ '../features/households/HouseholdsPage')) },
          { path: INVITATION_PATH, Component: lazy(() => import(/* webpackChunkName: "household-join" */ '../features/households/JoinHouseholdPage')) },
          { path: '/households/:id', Component: lazy(() => import(/* webpackChunkName: "household" */ '../features/households/HouseholdPage')) },
          { path: '*', Component: lazy(() => import(/* webpackChunkName: "not-found" */ '../ui/NotFoundPage')) },
        ],
      },
    ],
  },
];

/**
 * The data router (not the declarative BrowserRouter): only it can block a navigation, which is
 * how an edited form asks before its edits are lost. Tally uses no loaders or actions; screens
 * stay React.lazy components, so their chunks load as before.
 */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
