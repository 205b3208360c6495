import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RequireAuth, RedirectIfSignedIn } from '../auth/RequireAuth';
import { Shell } from '../layout/Shell';
import { NotFoundPage } from '../ui/NotFoundPage';

// Every screen is its own chunk: the first load carries only what /login or / needs.
const LoginPage = lazy(() => import(/* webpackChunkName: "login" */ '../auth/LoginPage'));
const RegisterPage = lazy(() => import(/* webpackChunkName: "register" */ '../auth/RegisterPage'));
const ResetPasswordPage = lazy(() => import(/* webpackChunkName: "reset-password" */ '../auth/ResetPasswordPage'));
const DashboardPage = lazy(() => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/DashboardPage'));

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
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function makeRouter() {
  return createBrowserRouter(routes);
}
