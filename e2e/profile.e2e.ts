import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, withPage, DESKTOP, SCREEN_SIZES } from './support/browser';
import { apiAs, createUser, signInThroughUi, webUrl, withSignedInPage, openScreen } from './support/session';
import { emulatorSignUp, uniqueEmail } from '../scripts/testEmulator';
import { seriousA11yViolations } from './support/axe';
import type { Profile } from '../src/shared/profile';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();

/** The src of the header's avatar once it shows a picture (not the initial). */
async function headerAvatarSrc(page: Page): Promise<string | null> {
  return page
    .getByRole('button', { name: 'Open user menu' })
    .locator('img')
    .getAttribute('src', { timeout: 1000 })
    .catch(() => null);
}

it('creates the profile of an account whose registration call never reached the API', async () => {
  // An identity account alone, as when the browser closed between sign-up and POST /api/auth/register.
  const email = uniqueEmail('heal');
  const { uid, token } = await emulatorSignUp(email, 'secret-pass-1', 'Hana Heal');
  const user = { uid, email, password: 'secret-pass-1', displayName: 'Hana Heal', token };
  const missing = await fetch(`${process.env.E2E_API_URL}/api/profile/`, { headers: { authorization: `Bearer ${token}` } });
  expect(missing.status).toBe(404);

  await withPage(browser, DESKTOP, async ({ page }) => {
    // The shell checks /profile/ once the page has loaded and creates the missing profile.
    const created = page.waitForResponse((r) => r.url().endsWith('/profile/') && r.request().method() === 'POST' && r.status() === 201);
    await signInThroughUi(page, user);
    await created;
    expect(await apiAs<Profile>(user, 'GET', '/api/profile/')).toMatchObject({ user_id: uid, email, display_name: 'Hana Heal' });
  });
});

describe.each(SCREEN_SIZES)('profile on %s', (label, viewport) => {
  it('edits the profile with validation, and the dashboard shows the same budget', async () => {
    const user = await createUser('Robin Profile');
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      await openScreen(page, '/profile', 'Profile');
      await page.getByLabel('Display Name').waitFor();
      expect(await page.getByLabel('Display Name').inputValue()).toBe('Robin Profile');
      expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
      expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
      await page.getByText('Email cannot be changed').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `profile-${label}`);

      // Validation before anything is sent.
      await page.getByLabel('Display Name').fill('');
      await page.getByLabel('Monthly Budget').fill('12.345');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Display name is required').waitFor();
      await page.getByText('Monthly budget must be a number of 0 or more with at most two decimals').waitFor();
      await screenshot(page, `profile-validation-${label}`);
      expect((await apiAs<Profile>(user, 'GET', '/api/profile/')).display_name).toBe('Robin Profile');

      await page.getByLabel('Display Name').fill('Robin Edited');
      await page.getByLabel('First Name').fill('Robin');
      await page.getByLabel('Last Name').fill('Tester');
      await page.getByLabel('Monthly Budget').fill('1234.56');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await toast(page, 'Profile updated successfully');
      expect(await apiAs<Profile>(user, 'GET', '/api/profile/')).toMatchObject({
        display_name: 'Robin Edited',
        first_name: 'Robin',
        last_name: 'Tester',
        monthly_budget: 1234.56,
      });

      // The same budget on the dashboard.
      await page.goto(webUrl('/'));
      await page.getByTestId('figure-Monthly Budget').getByText('$1,234.56').waitFor();

      // Reload: the saved values come back.
      await page.goto(webUrl('/profile'));
      await page.getByLabel('Display Name').waitFor();
      expect(await page.getByLabel('Display Name').inputValue()).toBe('Robin Edited');
      expect(await page.getByLabel('Monthly Budget').inputValue()).toBe('1234.56');
    });
  });

  it('changes the avatar: the header and the profile show it at once', async () => {
    const user = await createUser('Avery Avatar');
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      await page.goto(webUrl('/profile'));
      await page.getByRole('button', { name: 'Change avatar' }).waitFor();
      expect(await headerAvatarSrc(page)).toBeNull();

      // Not a picture: refused before upload.
      const input = page.getByTestId('avatar-input');
      await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await page.getByRole('alert').filter({ hasText: 'Please select a JPG or PNG image' }).waitFor();

      const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 160, b: 120 } } })
        .png()
        .toBuffer();
      await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      await toast(page, 'Avatar updated successfully');

      const profileImg = page.getByTestId('profile-avatar').locator('img');
      await profileImg.waitFor();
      const src = await profileImg.getAttribute('src');
      expect(src).toMatch(/^http:\/\/localhost:\d+\/static\/avatars\/[0-9a-f]{32}\.webp$/);
      await page.waitForFunction((s) => {
        const img = document.querySelector('header img, [aria-label="Open user menu"] img') as HTMLImageElement | null;
        return img?.src === s && img.complete && img.naturalWidth === 256;
      }, src);
      expect(await headerAvatarSrc(page)).toBe(src);
      expect((await apiAs<Profile>(user, 'GET', '/api/profile/')).avatar).toBe(src!.replace(/^http:\/\/localhost:\d+\//, ''));
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `profile-avatar-${label}`);
    });
  });
});
