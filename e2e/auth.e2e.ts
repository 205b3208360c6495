import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, withContext, withPage, DESKTOP, SCREEN_SIZES } from './support/browser';
import { createUser, signInThroughUi, webUrl } from './support/session';
import { seriousA11yViolations } from './support/axe';
import { emulatorMail, uniqueEmail } from '../scripts/testEmulator';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function expectOnLogin(page: Page) {
  await page.waitForURL(webUrl('/login'));
  await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
}

async function openUserMenuAndLogout(page: Page) {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

describe.each(SCREEN_SIZES)('on %s', (label, viewport) => {
  it('registers, stays signed in across reloads and tabs, and signs out everywhere', async () => {
    await withPage(browser, viewport, async ({ context, page }) => {
      await page.goto(webUrl('/register'));
      await page.getByRole('heading', { name: 'Create your account' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `auth-register-${label}`);

      // Empty fields and a short password are caught before calling the provider.
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Please fill in all fields').waitFor();
      const email = uniqueEmail('reg');
      await page.getByLabel('Display Name').fill('Dana Register');
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill('12345');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Failed to create an account: The password must be at least 6 characters long.').waitFor();

      await page.getByLabel('Password').fill('secret-pass-1');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(webUrl('/'));
      await page.getByRole('button', { name: 'Open user menu' }).waitFor();
      await screenshot(page, `auth-dashboard-after-register-${label}`);

      // The same email cannot register twice.
      const openOther = async () => {
        const other = await context.browser()!.newContext({ viewport });
        return { context: other, page: await other.newPage() };
      };
      await withContext(openOther(), async ({ page: otherPage }) => {
        await otherPage.goto(webUrl('/register'));
        await otherPage.getByLabel('Display Name').fill('Dup');
        await otherPage.getByLabel('Email address').fill(email);
        await otherPage.getByLabel('Password').fill('secret-pass-1');
        await otherPage.getByRole('button', { name: 'Create account' }).click();
        await otherPage.getByText('Failed to create an account: An account with this email address already exists.').waitFor();
      });

      // Reload: still signed in.
      await page.reload();
      await page.getByRole('button', { name: 'Open user menu' }).waitFor();
      expect(page.url()).toBe(webUrl('/'));
      expect(await page.evaluate(() => localStorage.getItem('tally.token'))).toBeTruthy();

      // A second tab is signed in too; signing out in one signs out the other.
      const second = await context.newPage();
      await second.goto(webUrl('/'));
      await second.getByRole('button', { name: 'Open user menu' }).waitFor();
      await second.getByRole('button', { name: 'Open user menu' }).click();
      await second.getByTestId('user-menu-email').getByText(email).waitFor();
      await second.keyboard.press('Escape');

      // Signing out where the person is looking: the first tab comes to the front, as a click
      // there would bring it (a background tab's timers and frames are held back).
      await page.bringToFront();
      await openUserMenuAndLogout(page);
      await expectOnLogin(page);
      expect(await page.evaluate(() => localStorage.getItem('tally.token'))).toBeNull();
      await expectOnLogin(second);
    });
  });

  it('signs in, rejects bad credentials in plain words, and signs out from the sidebar', async () => {
    const user = await createUser('Sam Signin');
    await withPage(browser, viewport, async ({ page }) => {
      await page.goto(webUrl('/receipts'));
      await expectOnLogin(page); // the guard
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `auth-login-${label}`);

      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Please fill in all fields').waitFor();

      await page.getByLabel('Email address').fill(user.email);
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByLabel('Remember me').check();
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Failed to sign in. Please check your credentials.').waitFor();
      await screenshot(page, `auth-login-error-${label}`);

      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      // Sent back to where the guard stopped them.
      await page.waitForURL(webUrl('/receipts'));

      if (label === 'phone') {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await screenshot(page, `auth-drawer-open-${label}`);
      }
      await page.getByRole('button', { name: 'Logout' }).click();
      await expectOnLogin(page);
      await page.goto(webUrl('/'));
      await expectOnLogin(page);
    });
  });
});

it('starts the session from the stored token without the identity provider, which has the last word', async () => {
  const user = await createUser('Tess Token');
  await withPage(browser, DESKTOP, async ({ page }) => {
    const providerCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('identitytoolkit') || req.url().includes('securetoken')) providerCalls.push(req.url());
    });

    // Unreadable or expired tokens in the mirror are never taken for a session: the provider
    // decides, and here it knows of none.
    await page.goto(webUrl('/login'));
    await page.evaluate(() => localStorage.setItem('tally.token', 'not-a-token'));
    await page.goto(webUrl('/receipts'));
    await expectOnLogin(page);
    expect(await page.evaluate(() => localStorage.getItem('tally.token'))).toBeNull();

    // Signed in (and back where the guard stopped them), a reload shows the screen and its data
    // from the stored token without calling the provider at all.
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(webUrl('/receipts'));
    await page.goto(webUrl('/'));
    await page.getByText(`Welcome back, ${user.displayName}`).waitFor();
    providerCalls.length = 0;
    await page.reload();
    await page.getByText(`Welcome back, ${user.displayName}`).waitFor();
    await page.getByText('No transactions yet.').waitFor();
    await page.waitForLoadState('networkidle');
    expect(providerCalls).toEqual([]);

    // Signing out brings the provider in, and ends the session in the provider and the mirror.
    await openUserMenuAndLogout(page);
    await expectOnLogin(page);
    expect(await page.evaluate(() => localStorage.getItem('tally.token'))).toBeNull();
    await page.goto(webUrl('/'));
    await expectOnLogin(page);
  });
});

it('resets a forgotten password through the emailed link', async () => {
  const user = await createUser('Pat Reset');
  await withPage(browser, DESKTOP, async ({ context, page }) => {
    await page.goto(webUrl('/login'));
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByText('Please enter your email address to reset your password').waitFor();

    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByText('Password reset email sent! Please check your inbox.').waitFor();
    await screenshot(page, 'auth-reset-sent');

    // The emulator catches the mail; its code opens Tally's own reset page.
    const mail = await emulatorMail(user.email, 'PASSWORD_RESET');
    expect(mail).toBeDefined();
    const resetPage = await context.newPage();
    await resetPage.goto(webUrl(`/reset-password?mode=resetPassword&oobCode=${mail!.oobCode}`));
    await resetPage.getByText(`For ${user.email}`).waitFor();
    expect(await seriousA11yViolations(resetPage)).toEqual([]);
    await resetPage.getByLabel('New password', { exact: true }).fill('brand-new-pass');
    await resetPage.getByLabel('Confirm new password').fill('brand-new-pasX');
    await resetPage.getByRole('button', { name: 'Save new password' }).click();
    await resetPage.getByText('The two passwords do not match.').waitFor();
    await resetPage.getByLabel('Confirm new password').fill('brand-new-pass');
    await resetPage.getByRole('button', { name: 'Save new password' }).click();
    await resetPage.getByText('Your password has been changed. You can now sign in with it.').waitFor();
    await screenshot(resetPage, 'auth-reset-done');

    // The link works once only.
    await resetPage.goto(webUrl(`/reset-password?mode=resetPassword&oobCode=${mail!.oobCode}`));
    await resetPage.getByText('This password reset link has expired or was already used. Please request a new one.').waitFor();

    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Failed to sign in. Please check your credentials.').waitFor();
    await signInThroughUi(page, { email: user.email, password: 'brand-new-pass' });
  });
});
