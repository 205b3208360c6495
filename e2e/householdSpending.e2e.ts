import type { Browser, Page } from 'playwright-core';
import { inNarrowViews, launchBrowser, withPage, DESKTOP } from './support/browser';
import { apiAs, createUser, createVerifiedUser, openScreen, signInThroughUi } from './support/session';
import { calendarDay, expectAccessibleInBothThemes } from './support/screens';
import type { Household, Invitation } from '../src/shared/households';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Olive's household with Gus, who pays half of her $46.80 at Costco (Food). */
async function sharedGroceries() {
  const owner = await createUser('Olive Owner');
  const guest = await createVerifiedUser('Gus Guest');
  const flat = await apiAs<Household>(owner, 'POST', '/api/households', { name: 'Flat 4B' });
  const { link } = await apiAs<Invitation>(owner, 'POST', `/api/households/${flat._id}/invitations`, { email: guest.email });
  await apiAs(guest, 'POST', '/api/households/invitations/accept', { token: new URL(link).hash.slice(1) });
  await apiAs(owner, 'POST', '/receipts', { store: 'Costco', date: calendarDay(0), amount: 46.8, category: 'Food', household_id: flat._id });
  return { owner, guest, flat };
}

const table = (page: Page, caption: RegExp) => page.getByRole('table', { name: caption });
const row = (page: Page, caption: RegExp, name: string) => table(page, caption).getByRole('row', { name: new RegExp(`^${name}`) });

/** Both breakdowns are drawn as bars above their tables (the chart's chunk loads after the page). */
async function barsDrawn(page: Page) {
  for (const caption of [/by category, bar chart/, /each person’s shares, bar chart/]) await page.getByRole('img', { name: caption }).waitFor();
}

/** Nothing wider than the window: the page reflows (phone, 200% zoom). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

it('counts each person’s share on their dashboard and shows the household’s spending by category and person', async () => {
  const { owner, guest, flat } = await sharedGroceries();
  for (const person of [owner, guest]) {
    await withPage(browser, DESKTOP, async ({ page }) => {
      await signInThroughUi(page, person);
      await page.getByTestId('figure-Total Spent').getByText('$23.40').waitFor();
    });
  }
  await withPage(browser, DESKTOP, async ({ page }) => {
    await signInThroughUi(page, guest);
    await openScreen(page, `/households/${flat._id}`, 'Flat 4B');
    await row(page, /by category/, 'Food')
      .getByText('$46.80')
      .waitFor();
    await row(page, /each person’s shares/, 'Gus Guest')
      .getByText('$23.40')
      .waitFor();
    await barsDrawn(page);
    await page.getByRole('heading', { name: 'Spending' }).scrollIntoViewIfNeeded();
    await expectAccessibleInBothThemes(page, 'household-spending', 'desktop');
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByText(/^Nothing was shared in /).waitFor();
  });
  await inNarrowViews(browser, async (name, { page }) => {
    await signInThroughUi(page, owner);
    await openScreen(page, `/households/${flat._id}`, 'Flat 4B');
    await row(page, /each person’s shares/, 'Olive Owner')
      .getByText('$23.40')
      .waitFor();
    await barsDrawn(page);
    await expectNoSidewaysScroll(page);
    await expectAccessibleInBothThemes(page, 'household-spending', name);
  });
}, 180_000);
