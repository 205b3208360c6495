import type { Browser, Page } from 'playwright-core';
import { emulatorSignIn, emulatorSignUp, emulatorVerifyEmail, uniqueEmail } from '../../scripts/testEmulator';
import { withPage, type OpenedPage, type Viewport } from './browser';

export function webUrl(pathname = '/'): string {
  return `${process.env.E2E_WEB_URL}${pathname}`;
}

export function apiUrl(pathname = '/'): string {
  return `${process.env.E2E_API_URL}${pathname}`;
}

export interface E2EUser {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  token: string;
}

/** A registered user made without the browser (faster than the form), ready to sign in. */
export async function createUser(displayName = 'Robin Tester'): Promise<E2EUser> {
  const email = uniqueEmail('e2e');
  const password = 'secret-pass-1';
  const { uid, token } = await emulatorSignUp(email, password, displayName);
  const res = await fetch(apiUrl('/api/auth/register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ user_id: uid, email, display_name: displayName }),
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return { uid, email, password, displayName, token };
}

/** {@link createUser} whose address is verified (as accepting an invitation needs), with a token that says so. */
export async function createVerifiedUser(displayName?: string): Promise<E2EUser> {
  const user = await createUser(displayName);
  await emulatorVerifyEmail(user.uid);
  return { ...user, token: await emulatorSignIn(user.email, user.password) };
}

/** Calls the API as the user (for setting up data quickly). */
export async function apiAs<T = unknown>(user: E2EUser, method: string, pathname: string, body?: unknown): Promise<T> {
  const res = await fetch(apiUrl(pathname), {
    method,
    headers: { authorization: `Bearer ${user.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathname} failed: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** Signs in through the login form and waits for the dashboard. */
export async function signInThroughUi(page: Page, user: Pick<E2EUser, 'email' | 'password'>): Promise<void> {
  await page.goto(webUrl('/login'));
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(webUrl('/'));
  await page.getByRole('button', { name: 'Open user menu' }).waitFor();
}

/**
 * {@link withPage} signed in through the login form as the user: the context is closed in
 * `finally` even when the sign-in or a later step fails, so a failing test never leaks it.
 */
export function withSignedInPage<T>(browser: Browser, user: E2EUser, viewport: Viewport, use: (opened: OpenedPage) => Promise<T>): Promise<T> {
  return withPage(browser, viewport, async (opened) => {
    await signInThroughUi(opened.page, user);
    return use(opened);
  });
}

/** Goes to a screen of the app and waits for its heading. */
export async function openScreen(page: Page, pathname: string, heading: string): Promise<void> {
  await page.goto(webUrl(pathname));
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Signs in through the login form and opens Settings. */
export async function openSettings(page: Page, user: E2EUser): Promise<void> {
  await signInThroughUi(page, user);
  await openScreen(page, '/settings', 'Settings');
}
