import type { Browser, Page } from 'playwright-core';
import { inNarrowViews, launchBrowser, screenshot, withPage, DESKTOP, SCREEN_SIZES } from './support/browser';
import { apiAs, createUser, createVerifiedUser, openScreen, signInThroughUi, webUrl, withSignedInPage, type E2EUser } from './support/session';
import { calendarDay, expectAccessibleInBothThemes, expectNoA11yViolations } from './support/screens';
import { emulatorMail, uniqueEmail } from '../scripts/testEmulator';
import { INVITATION_PATH } from '../src/shared/constants/households';
import type { Household, Invitation } from '../src/shared/households';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const members = (page: Page) => page.getByRole('list', { name: 'Members' });
const memberRow = (page: Page, name: string) => members(page).getByRole('listitem').filter({ hasText: name });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const listRow = (page: Page, list: string, text: string) => page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });
const balanceLine = (page: Page, text: string) => listRow(page, 'Balances', text);

/** Olive's household with Gus as a signed-in member, joined through the API with his own token. */
async function twoMembers() {
  const owner = await createUser('Olive Owner');
  const guest = await createVerifiedUser('Gus Guest');
  const flat = await apiAs<Household>(owner, 'POST', '/api/households', { name: 'Flat 4B' });
  const { link } = await apiAs<Invitation>(owner, 'POST', `/api/households/${flat._id}/invitations`, { email: guest.email });
  await apiAs(guest, 'POST', '/api/households/invitations/accept', { token: new URL(link).hash.slice(1) });
  return { owner, guest, flat };
}

/** Olive pays $46.80 at Costco and shares it with the household: Gus owes her half. */
const shareCostco = (owner: E2EUser, householdId: string) =>
  apiAs(owner, 'POST', '/receipts', { store: 'Costco', date: calendarDay(0), amount: 46.8, household_id: householdId });

/** Nothing wider than the window: the page reflows (phone, 200% zoom). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** The sign-in form, from wherever the app sent a signed-out person. */
async function signInHere(page: Page, user: E2EUser) {
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

it('lets two people share a household: create, add a placeholder, invite, join, leave', async () => {
  const owner = await createUser('Olive Owner');
  const guest = await createVerifiedUser('Gus Guest');

  await withPage(browser, DESKTOP, async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInThroughUi(page, owner);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Households', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Households' }).waitFor();
    await page.getByText(/You are in no household yet\. A household is for money you share/).waitFor();
    await expectAccessibleInBothThemes(page, 'households-empty', 'desktop');

    await page.getByRole('button', { name: 'New household' }).click();
    await dialog(page, 'New household').getByLabel('Household name').fill('Flat 4B');
    await dialog(page, 'New household').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: 'Flat 4B' }).waitFor();
    await memberRow(page, 'Olive Owner (you)').getByText('Owner', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Add a person' }).click();
    await dialog(page, 'Add a person').getByLabel('Name').fill('Mia');
    await dialog(page, 'Add a person').getByRole('button', { name: 'Add' }).click();
    await memberRow(page, 'Mia').getByText('Placeholder · does not sign in').waitFor();

    await page.getByRole('button', { name: 'Invite by e-mail' }).click();
    await dialog(page, 'Invite by e-mail').getByLabel('E-mail address').fill(guest.email);
    await dialog(page, 'Invite by e-mail').getByRole('button', { name: 'Create link' }).click();
    const shown = dialog(page, 'Invitation link');
    await shown.getByRole('button', { name: 'Copy link' }).click();
    await shown.getByText('Link copied.').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(await shown.getByLabel('Link').inputValue());
    expect(link.startsWith(webUrl(`${INVITATION_PATH}#`))).toBe(true);
    await expectNoA11yViolations(page);
    await screenshot(page, 'household-invitation-desktop');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });

    await withPage(browser, DESKTOP, async (other) => {
      // Signed out: the link sends the guest to sign in, and back to the link with its token.
      await other.page.goto(link);
      await other.page.waitForURL(webUrl('/login'));
      await signInHere(other.page, guest);
      await other.page.getByRole('heading', { level: 1, name: 'Join a household' }).waitFor();
      expect(other.page.url()).toBe(link);
      // The invitation names its household and who sent it before it is answered.
      await other.page.getByRole('heading', { level: 2, name: 'Join Flat 4B' }).waitFor();
      await other.page.getByText(`Olive Owner invited you, as ${guest.email}.`).waitFor();
      await expectAccessibleInBothThemes(other.page, 'household-join', 'desktop');

      await other.page.getByRole('button', { name: 'Accept' }).click();
      await other.page.getByRole('heading', { level: 1, name: 'Flat 4B' }).waitFor();
      await memberRow(other.page, 'Gus Guest (you)').getByText('Member', { exact: true }).waitFor();
      await memberRow(other.page, 'Olive Owner').getByText('Owner', { exact: true }).waitFor();
      await memberRow(other.page, 'Mia').waitFor();
      // A member invites and adds people, but neither renames, deletes nor removes.
      expect(await other.page.getByRole('button', { name: 'Rename' }).count()).toBe(0);
      expect(await other.page.getByRole('button', { name: /^Remove / }).count()).toBe(0);

      // The link works once: opened again, the API's refusal is shown as it words it, with nothing to answer.
      await other.page.goto(link);
      await other.page.getByRole('alert').filter({ hasText: 'Could not open the invitation: This invitation has already been answered.' }).waitFor();
      expect(await other.page.getByRole('button', { name: 'Accept' }).count()).toBe(0);

      await page.reload();
      await memberRow(page, 'Gus Guest').getByText('Member', { exact: true }).waitFor();
      await expectAccessibleInBothThemes(page, 'household', 'desktop');

      await openScreen(other.page, '/households', 'Households');
      await other.page.getByRole('link', { name: /Flat 4B\s*Member · 3 members/ }).click();
      await other.page.getByRole('button', { name: 'Leave' }).click();
      const leave = dialog(other.page, 'Leave Flat 4B?');
      await leave.getByText(/stay with the household under your name as a former member, so nobody's balance changes/).waitFor();
      await expectNoA11yViolations(other.page);
      await screenshot(other.page, 'household-leave-desktop');
      await leave.getByRole('button', { name: 'Leave' }).click();
      await other.page.getByRole('heading', { level: 1, name: 'Households' }).waitFor();
      await other.page.getByText(/You are in no household yet/).waitFor();
    });

    await page.reload();
    await memberRow(page, 'Gus Guest')
      .getByText(/^Former member · left /)
      .waitFor();
    expect(await memberRow(page, 'Gus Guest').getByRole('button', { name: 'Remove Gus Guest' }).count()).toBe(0);
    await screenshot(page, 'household-former-desktop');
  });
  // Two people, each in a browser of their own, through every step: a loaded machine needs the time.
}, 180_000);

it.each(SCREEN_SIZES)(
  'lets a person who registered in the app verify their address and join (%s)',
  async (label, viewport) => {
    const owner = await createUser('Olive Owner');
    const flat = await apiAs<Household>(owner, 'POST', '/api/households', { name: 'Flat 4B' });
    const email = uniqueEmail('e2e');
    const { link } = await apiAs<Invitation>(owner, 'POST', `/api/households/${flat._id}/invitations`, { email });

    await withPage(browser, viewport, async ({ page }) => {
      await page.goto(webUrl('/register'));
      await page.getByLabel('Display Name').fill('Nora New');
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password').fill('secret-pass-1');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(webUrl('/'));

      // A new account's address is not verified: the API refuses to read the invitation, and the page says what to do.
      await page.goto(link);
      await page.getByRole('heading', { level: 2, name: 'Verify your e-mail' }).waitFor();
      await page.getByRole('button', { name: 'Send verification e-mail' }).click();
      await page.getByText(`Verification e-mail sent to ${email}.`).waitFor();
      await expectNoSidewaysScroll(page);
      await expectAccessibleInBothThemes(page, 'household-verify', label);

      // The emulator catches the mail; its link verifies the address and names the invitation to come back to.
      const mail = await emulatorMail(email, 'VERIFY_EMAIL');
      expect(mail).toBeDefined();
      expect(new URL(mail!.oobLink).searchParams.get('continueUrl')).toBe(link);
      expect((await fetch(mail!.oobLink)).ok).toBe(true);

      await page.getByRole('button', { name: 'I have verified it' }).click();
      await page.getByRole('heading', { level: 1, name: 'Flat 4B' }).waitFor();
      await memberRow(page, 'Nora New (you)').getByText('Member', { exact: true }).waitFor();
    });
  },
  120_000,
);

it('reflows a household on a phone and at 200% zoom, in both themes, with a confirmation open', async () => {
  const owner = await createUser('Olive Owner');
  const flat = await apiAs<Household>(owner, 'POST', '/api/households', { name: 'Flat 4B' });
  await apiAs(owner, 'POST', `/api/households/${flat._id}/members`, { display_name: 'Mia' });
  await inNarrowViews(browser, async (name, { page }) => {
    await signInThroughUi(page, owner);
    await openScreen(page, '/households', 'Households');
    await expectNoSidewaysScroll(page);
    await page.getByRole('link', { name: /Flat 4B/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Flat 4B' }).waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessibleInBothThemes(page, 'household', name);
    await page.getByRole('button', { name: 'Remove Mia' }).click();
    await dialog(page, 'Remove Mia from Flat 4B?').waitFor();
    await expectNoA11yViolations(page);
    await screenshot(page, `household-remove-${name}`);
  });
});

it('shows both members the balance of a shared receipt, and records a part payment for both to see', async () => {
  const { owner, guest, flat } = await twoMembers();
  await shareCostco(owner, flat._id);
  const screenPath = `/households/${flat._id}`;

  await withSignedInPage(browser, owner, DESKTOP, async ({ page }) => {
    await openScreen(page, screenPath, 'Flat 4B');
    await balanceLine(page, 'Gus Guest owes you $23.40').waitFor();
    expect(await balanceLine(page, 'Gus Guest owes you $23.40').getByRole('button', { name: 'Settle up' }).count()).toBe(1);
    await listRow(page, 'Shared receipts', 'Costco')
      .getByText(/Paid by you · Your share \$23\.40/)
      .waitFor();
    await listRow(page, 'History', 'You paid $46.80 at Costco').waitFor();

    await withSignedInPage(browser, guest, DESKTOP, async (other) => {
      await openScreen(other.page, screenPath, 'Flat 4B');
      const line = balanceLine(other.page, 'You owe Olive Owner $23.40');
      await line.waitFor();
      await listRow(other.page, 'Shared receipts', 'Costco')
        .getByText(/Paid by Olive Owner · Your share \$23\.40/)
        .waitFor();
      await expectAccessibleInBothThemes(other.page, 'household-balances', 'desktop');

      await line.getByRole('button', { name: 'Settle up' }).click();
      const settle = dialog(other.page, 'Settle up with Olive Owner');
      const amount = settle.getByLabel('Amount paid');
      expect(await amount.inputValue()).toBe('23.40');
      await expectAccessibleInBothThemes(other.page, 'household-settle-up', 'desktop');

      // More than is owed is refused in the dialog, with the server's rule.
      await amount.fill('30');
      await settle.getByRole('button', { name: 'Record payment' }).click();
      await settle.getByText('You owe Olive Owner $23.40: record at most that.').waitFor();
      await amount.fill('10');
      await settle.getByRole('button', { name: 'Record payment' }).click();
      await settle.waitFor({ state: 'hidden' });
      await balanceLine(other.page, 'You owe Olive Owner $13.40').waitFor();
      await listRow(other.page, 'History', 'You paid Olive Owner $10.00').waitFor();
    });

    await page.reload();
    await balanceLine(page, 'Gus Guest owes you $13.40').waitFor();
    await listRow(page, 'History', 'Gus Guest paid you $10.00').waitFor();
    // Newest first: the payment above the receipt it pays towards.
    expect(await page.getByRole('list', { name: 'History' }).getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('Gus Guest paid you $10.00'),
      expect.stringContaining('You paid $46.80 at Costco'),
    ]);
  });
}, 180_000);

it('reflows the balances and the settle-up dialog on a phone and at 200% zoom, in both themes', async () => {
  const { owner, guest, flat } = await twoMembers();
  await shareCostco(owner, flat._id);
  await inNarrowViews(browser, async (name, { page }) => {
    await signInThroughUi(page, guest);
    await openScreen(page, `/households/${flat._id}`, 'Flat 4B');
    const line = balanceLine(page, 'You owe Olive Owner $23.40');
    await line.waitFor();
    await listRow(page, 'History', 'Olive Owner paid $46.80 at Costco').waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessibleInBothThemes(page, 'household-balances', name);
    await line.getByRole('button', { name: 'Settle up' }).click();
    await dialog(page, 'Settle up with Olive Owner').getByLabel('Amount paid').waitFor();
    // The click scrolled to the button; a full-page capture would draw the fixed bar and backdrop halfway down.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessibleInBothThemes(page, 'household-settle-up', name);
  });
}, 120_000);

/** Picks an option of a select (a combobox) by its label. */
async function choose(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Add Transaction, typed in: the store, today, the amount, the tax and the items given (name, price). */
async function typeReceipt(page: Page, store: string, amount: string, tax: string, items: Array<[string, string]>) {
  await openScreen(page, '/receipts/add', 'Add Transaction');
  await page.getByLabel('Store').fill(store);
  await page.getByLabel('Date').fill(calendarDay(0));
  await page.getByLabel('Amount').fill(amount);
  if (tax) await page.getByLabel('Tax').fill(tax);
  for (const [i, [name, price]] of items.entries()) {
    await page.getByRole('button', { name: 'Add item' }).click();
    const row = page.getByRole('group', { name: `Item ${i + 1}` });
    await row.getByLabel('Item name').fill(name);
    await row.getByLabel('Price').fill(price);
  }
}

const shareLine = (page: Page, text: string) => listRow(page, "Each person's share", text);

it('lets one member split a receipt by its items in the form, and the other see their share and the balance', async () => {
  const { owner, guest, flat } = await twoMembers();

  await withSignedInPage(browser, owner, DESKTOP, async ({ page }) => {
    // Wine is Olive's; the bread is for both. The tax follows the items: 39.00 of 48.00 is hers.
    await typeReceipt(page, 'Costco', '50.40', '2.40', [
      ['Wine', '30.00'],
      ['Bread', '18.00'],
    ]);
    await choose(page, /^Shared with/, 'Flat 4B');
    await shareLine(page, 'Gus Guest').getByText('$25.20').waitFor();
    await choose(page, /^Wine is for/, 'Olive Owner (me)');
    await shareLine(page, 'Olive Owner (me)').getByText('$40.95').waitFor();
    await shareLine(page, 'Gus Guest').getByText('$9.45').waitFor();
    await page.getByRole('group', { name: 'Sharing' }).scrollIntoViewIfNeeded();
    await expectAccessibleInBothThemes(page, 'receipt-sharing-items', 'desktop');
    await page.getByRole('button', { name: 'Save Receipt' }).click();
    await page.waitForURL(/\/receipts\/[0-9a-f-]{36}$/);

    await withSignedInPage(browser, guest, DESKTOP, async (other) => {
      await openScreen(other.page, `/households/${flat._id}`, 'Flat 4B');
      await balanceLine(other.page, 'You owe Olive Owner $9.45').waitFor();
      await listRow(other.page, 'Shared receipts', 'Costco')
        .getByText(/Paid by Olive Owner · Your share \$9\.45/)
        .waitFor();
    });

    // Opened again, the edit form shows the split it was saved with.
    await page.goto(`${page.url()}/edit`);
    await page.getByRole('heading', { level: 1, name: 'Edit Receipt' }).waitFor();
    // The household's name arrives with its list, after the form: wait for it rather than read once.
    await page
      .getByRole('combobox', { name: /^Shared with/ })
      .filter({ hasText: /^Flat 4B$/ })
      .waitFor();
    await page
      .getByRole('combobox', { name: /^Wine is for/ })
      .filter({ hasText: /^Olive Owner \(me\)$/ })
      .waitFor();
    await shareLine(page, 'Gus Guest').getByText('$9.45').waitFor();
  });
}, 180_000);

it('reflows the sharing section on a phone and at 200% zoom, in both themes, with items and without', async () => {
  const { owner } = await twoMembers();
  await inNarrowViews(browser, async (name, { page }) => {
    // Leaving the first form for the second: its 'Leave this page?' is answered yes.
    page.on('dialog', (d) => void d.accept());
    await signInThroughUi(page, owner);
    await typeReceipt(page, 'Deli', '24.00', '', [
      ['Cheese', '15.00'],
      ['Olives', '9.00'],
    ]);
    await choose(page, /^Shared with/, 'Flat 4B');
    await choose(page, /^Olives is for/, 'Several people…');
    await page.getByRole('group', { name: 'Portions of Olives' }).getByLabel('Gus Guest').fill('2');
    await shareLine(page, 'Gus Guest').getByText('$13.50').waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessibleInBothThemes(page, 'receipt-sharing-items', name);

    await typeReceipt(page, 'Rent', '900.00', '', []);
    await choose(page, /^Shared with/, 'Flat 4B');
    await page.getByRole('radio', { name: 'Exact amounts' }).check();
    const amounts = page.getByRole('group', { name: 'Exact amounts' });
    await amounts.getByLabel('Olive Owner (me)').fill('500');
    await amounts.getByLabel('Gus Guest').fill('350');
    await page.getByText('The amounts add up to $850.00: $50.00 less than the total of $900.00.').waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessibleInBothThemes(page, 'receipt-sharing-amounts', name);
  });
}, 180_000);
