import type { Browser, Locator, Page } from 'playwright-core';
import path from 'node:path';
import { launchBrowser, withPage, SCREENSHOT_DIR, SCREEN_SIZES } from './support/browser';
import { apiAs, createUser, signInThroughUi, webUrl, openScreen } from './support/session';
import type { Receipt } from '../src/shared/receipts';

/**
 * Keyboard only (Tab, Shift+Tab, Enter, Space, arrows; never the mouse): sign in, add a receipt
 * by hand, open it, delete it, change the analytics range and sign out. Every element the
 * keyboard lands on must show that it has the focus.
 */
// A focus check that fails once on a loaded CI machine and passes again is logged with its step
// (see expectVisibleFocus) and tried once more; failing twice fails the run.
jest.retryTimes(1, { logErrorsBeforeRetry: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * How the focused element shows its focus, or null when it does not: an outline or a box shadow
 * on it (or on the MUI control it belongs to, which carries Mui-focusVisible), or, for a text
 * field, the thicker coloured border MUI draws around the focused field.
 */
function focusIndicator(page: Page): Promise<{ element: string; shown: string | null }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { element: 'nothing', shown: null };
    const element = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const drawn = (e: Element | null) => {
      if (!e) return null;
      const s = getComputedStyle(e);
      if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) return `outline ${s.outlineWidth} ${s.outlineStyle}`;
      if (s.boxShadow !== 'none') return `box-shadow ${s.boxShadow}`;
      return null;
    };
    const own = drawn(el) ?? drawn(el.closest('.Mui-focusVisible'));
    if (own) return { element, shown: own };
    const field = el.closest('.MuiInputBase-root.Mui-focused');
    const border = field?.querySelector('.MuiOutlinedInput-notchedOutline');
    if (border && parseFloat(getComputedStyle(border).borderTopWidth) >= 2) return { element, shown: 'focused field border' };
    return { element, shown: null };
  });
}

/** `step` names where the test was, so that a failure says which press lost the focus. */
async function expectVisibleFocus(page: Page, step = ''): Promise<void> {
  const focus = await focusIndicator(page);
  expect({ step, element: focus.element, visible: focus.shown !== null }).toEqual({ step, element: focus.element, visible: true });
}

/**
 * A screenshot as the page is now. Not the shared screenshot(): it waits for animations to end,
 * and MUI's keyboard focus ripple pulses for as long as the focus stays.
 */
const screenshot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Presses Tab (or Shift+Tab) until the target has the focus, checking the focus is visible at every stop. */
async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page, `${back ? 'Shift+Tab' : 'Tab'} ${i + 1} towards ${target} on ${page.url()}`);
    if (await isFocused(target)) return;
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target}`);
}

describe.each(SCREEN_SIZES)('keyboard only on %s', (label, viewport) => {
  const phone = label === 'phone';

  it('signs in, adds a receipt, opens and deletes it, changes the analytics range and signs out', async () => {
    const user = await createUser('Kai Keyboard');
    await withPage(browser, viewport, async ({ page }) => {
      // A step that cannot happen fails at once, naming the step, rather than at the test's time limit.
      page.setDefaultTimeout(15_000);

      // Sign in: the email field has the focus on arrival.
      await openScreen(page, '/login', 'Sign in to your account');
      expect(await isFocused(page.getByLabel('Email address'))).toBe(true);
      await expectVisibleFocus(page);
      await page.keyboard.type(user.email);
      await tabTo(page, page.getByLabel('Password'));
      await page.keyboard.type(user.password);
      await tabTo(page, page.getByRole('button', { name: 'Sign in', exact: true }));
      await screenshot(page, `keyboard-login-${label}`);
      await page.keyboard.press('Enter');
      await page.waitForURL(webUrl('/'));
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

      // Add a receipt by hand from the dashboard's quick actions, once they are there.
      const add = page.getByRole('link', { name: 'Add Transaction' });
      await add.waitFor();
      await tabTo(page, add);
      await screenshot(page, `keyboard-dashboard-${label}`);
      await page.keyboard.press('Enter');
      await page.waitForURL(webUrl('/receipts/add'));
      await page.getByRole('heading', { level: 1, name: 'Add Transaction' }).waitFor();
      await tabTo(page, page.getByLabel('Store'));
      await page.keyboard.type('Keyboard Cafe');
      await tabTo(page, page.getByLabel('Amount'));
      await page.keyboard.type('7.25');
      // The category menu: open with the arrow key, move with arrows, choose with Enter.
      await tabTo(page, page.getByRole('combobox', { name: 'Category', exact: true }));
      await page.keyboard.press('ArrowDown');
      const listbox = page.getByRole('listbox');
      await listbox.waitFor();
      await expectVisibleFocus(page);
      await listbox.getByRole('option', { name: 'Food', exact: true }).waitFor();
      // The menu opens on the chosen one (Other, the last); Food is above it.
      for (let i = 0; i < 10 && !(await isFocused(listbox.getByRole('option', { name: 'Food', exact: true }))); i++) {
        await page.keyboard.press('ArrowUp');
        await expectVisibleFocus(page);
      }
      await screenshot(page, `keyboard-category-menu-${label}`);
      await page.keyboard.press('Enter');
      await listbox.waitFor({ state: 'hidden' });
      await expectVisibleFocus(page);
      await page.getByRole('combobox', { name: 'Category', exact: true }).getByText('Food').waitFor();
      await tabTo(page, page.getByRole('button', { name: 'Save Receipt' }));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/receipts\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { level: 1, name: 'Keyboard Cafe' }).waitFor();
      const id = page.url().split('/').pop()!;
      expect(await apiAs<Receipt>(user, 'GET', `/receipts/${id}`)).toMatchObject({ store: 'Keyboard Cafe', amount: 7.25, category: 'Food' });

      // Back to the list, and open it from there. The focus is on the new screen's heading; the back link is above it.
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      await tabTo(page, page.getByRole('link', { name: 'Back to receipts' }), { back: true });
      await page.keyboard.press('Enter');
      await page.waitForURL(webUrl('/receipts'));
      const view = page.getByRole('link', { name: /^View Keyboard Cafe receipt/ });
      await view.waitFor();
      await tabTo(page, view);
      await screenshot(page, `keyboard-receipts-${label}`);
      await page.keyboard.press('Enter');
      await page.waitForURL(webUrl(`/receipts/${id}`));
      await page.getByRole('heading', { level: 1, name: 'Keyboard Cafe' }).waitFor();

      // Delete it: the question takes the focus; Shift+Tab and Tab move inside it; Space confirms.
      await tabTo(page, page.getByRole('button', { name: 'Delete' }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Delete receipt?' });
      await dialog.waitFor();
      const confirm = dialog.getByRole('button', { name: 'Delete' });
      await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
      await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }), { back: true, max: 5 });
      await tabTo(page, confirm, { max: 5 });
      await screenshot(page, `keyboard-delete-dialog-${label}`);
      await page.keyboard.press('Space');
      await page.waitForURL(webUrl('/receipts'));
      await page.getByText("You haven't added any receipts yet.").waitFor();
      expect((await apiAs<Receipt[]>(user, 'GET', '/receipts')).length).toBe(0);

      // To the dashboard through the navigation (a drawer on a phone), then to the reports.
      if (phone) {
        await tabTo(page, page.getByRole('button', { name: 'Open navigation' }), { back: true });
        await page.keyboard.press('Enter');
        await page.getByRole('navigation', { name: 'Main' }).waitFor();
      }
      await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }), { back: !phone });
      await screenshot(page, `keyboard-navigation-${label}`);
      await page.keyboard.press('Enter');
      await page.waitForURL(webUrl('/'));
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      // The focus moves to the new screen's heading; Tab goes on from there.
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === 'Dashboard');
      // The heading comes before the figures; Tab waits, as a person would, until the screen has loaded.
      const reports = page.getByRole('link', { name: 'View Reports' });
      await reports.waitFor();
      await tabTo(page, reports);
      await page.keyboard.press('Enter');
      await page.waitForURL(webUrl('/analytics'));
      await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
      expect(await page.getByRole('button', { name: 'Weekly', pressed: true }).count()).toBe(1);
      await tabTo(page, page.getByRole('button', { name: 'Monthly' }));
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: 'Monthly', pressed: true }).waitFor();
      await expectVisibleFocus(page);
      await tabTo(page, page.getByRole('button', { name: 'Yearly' }));
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Yearly', pressed: true }).waitFor();
      await screenshot(page, `keyboard-analytics-${label}`);

      // Sign out from the user menu: arrows move through it, Enter chooses.
      await tabTo(page, page.getByRole('button', { name: 'Open user menu' }), { back: true });
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const logout = menu.getByRole('menuitem', { name: 'Logout' });
      for (let i = 0; i < 6 && !(await isFocused(logout)); i++) {
        await page.keyboard.press('ArrowDown');
        await expectVisibleFocus(page);
      }
      expect(await isFocused(logout)).toBe(true);
      await screenshot(page, `keyboard-user-menu-${label}`);
      await page.keyboard.press('Enter');
      await page.waitForURL(webUrl('/login'));
      await page.getByRole('heading', { level: 1, name: 'Sign in to your account' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('tally.token'))).toBeNull();
    });
  }, 120_000);
});

const focusedHeading = (page: Page) => page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null));

describe.each(SCREEN_SIZES)('focus on %s', (label, viewport) => {
  it('skips to the content, lands on the heading after every navigation, and Add item enters the new row', async () => {
    const user = await createUser('Skip Link');
    await withPage(browser, viewport, async ({ page }) => {
      page.setDefaultTimeout(15_000);
      await signInThroughUi(page, user);
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

      // The first Tab stop is the skip link, shown while focused; Enter lands on the screen's heading.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      expect(await isFocused(skip)).toBe(true);
      await expectVisibleFocus(page);
      expect(await skip.evaluate((el) => el.getBoundingClientRect().top >= 0)).toBe(true);
      await screenshot(page, `keyboard-skip-link-${label}`);
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      expect(await focusedHeading(page)).toBe('Dashboard');

      // Through the navigation to Receipts, Reports and Settings: each time the focus is on the new heading.
      for (const [link, heading] of [
        ['Receipts', 'Receipts'],
        ['Reports', 'Analytics'],
        ['Settings', 'Settings'],
      ]) {
        if (phone(viewport)) {
          await page.getByRole('button', { name: 'Open navigation' }).focus();
          await page.keyboard.press('Enter');
        }
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).focus();
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.waitForFunction((h) => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === h, heading);
      }

      // Add item puts the focus in the new row's name.
      await page.goto(webUrl('/receipts/add'));
      await page.getByRole('button', { name: 'Add item' }).focus();
      await page.keyboard.press('Enter');
      expect(await isFocused(page.getByRole('group', { name: 'Item 1' }).getByLabel('Item name'))).toBe(true);
      await page.keyboard.type('Bread');
      expect(await page.getByRole('group', { name: 'Item 1' }).getByLabel('Item name').inputValue()).toBe('Bread');

      // In dark mode the native date picker is drawn for a dark page (its icon stays visible).
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForFunction(() => getComputedStyle(document.documentElement).colorScheme === 'dark');
      expect(await page.getByLabel('Date').evaluate((el) => getComputedStyle(el).colorScheme)).toBe('dark');
      await screenshot(page, `keyboard-add-receipt-dark-${label}`);
    });
  }, 120_000);
});

function phone(viewport: { width: number }): boolean {
  return viewport.width < 900;
}
