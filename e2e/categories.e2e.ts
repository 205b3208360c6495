import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, SCREEN_SIZES } from './support/browser';
import { apiAs, createUser, type E2EUser, withSignedInPage, openScreen } from './support/session';
import { calendarDay, expectNoA11yViolations, useColorScheme } from './support/screens';
import type { CategoryWithSpending } from '../src/shared/categories';
import type { Receipt } from '../src/shared/receipts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const card = (page: Page, name: string) => page.getByTestId('category-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function categories(user: E2EUser) {
  return apiAs<CategoryWithSpending[]>(user, 'GET', '/categories');
}

describe.each(SCREEN_SIZES)('on %s', (label, viewport) => {
  it('adds, edits, refuses a duplicate name, and deletes a category whose receipts move to Other', async () => {
    const user = await createUser('Casey Categories');
    await withSignedInPage(browser, user, viewport, async ({ page }) => {
      await openScreen(page, '/categories', 'Categories');

      // A new user starts with the six default categories; Other cannot be deleted.
      await card(page, 'Other').waitFor();
      expect((await page.getByTestId('category-card').getByRole('heading').allTextContents()).sort()).toEqual([
        'Clothing',
        'Entertainment',
        'Food',
        'Other',
        'Transportation',
        'Utilities',
      ]);
      expect(await card(page, 'Other').getByRole('button', { name: 'Delete Other' }).count()).toBe(0);
      await card(page, 'Other').getByText('cannot be deleted').waitFor();
      await expectNoA11yViolations(page);
      await screenshot(page, `categories-list-${label}`);

      // Add: the dialog starts with the spec defaults and requires a name.
      await page.getByRole('button', { name: 'Add Category' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Category' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Color').inputValue()).toBe('#3b82f6');
      await dialog.getByRole('combobox', { name: 'Icon' }).getByText('Tag').waitFor();
      await expectNoA11yViolations(page);
      await screenshot(page, `categories-dialog-new-${label}`);
      await dialog.getByRole('button', { name: 'Add Category' }).click();
      await dialog.getByText('Name is required').waitFor();

      await dialog.getByLabel('Name').fill('Pets');
      await dialog.getByLabel('Color').fill('#aa3377');
      await dialog.getByRole('combobox', { name: 'Icon' }).click();
      await page.getByRole('option', { name: 'Gifts' }).click();
      await dialog.getByLabel('Monthly budget').fill('50');
      await dialog.getByRole('button', { name: 'Add Category' }).click();
      await page.getByText('Category created successfully').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await card(page, 'Pets').getByText('Budget $50.00').waitFor();
      const pets = (await categories(user)).find((c) => c.name === 'Pets')!;
      expect(pets).toMatchObject({ color: '#AA3377', icon: 'gift', budget: 50 });

      // Spending this month shows against the budget; over it, in red.
      const receipt = await apiAs<Receipt>(user, 'POST', '/receipts', { store: 'Pet Shop', date: calendarDay(0), amount: 60, category: 'Pets' });
      await page.reload();
      await card(page, 'Pets').getByText('Over budget by $10.00').waitFor();
      expect(await card(page, 'Pets').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
      await screenshot(page, `categories-over-budget-${label}`);
      await useColorScheme(page, 'dark');
      await expectNoA11yViolations(page);
      await screenshot(page, `categories-dark-${label}`);
      await useColorScheme(page, 'light');

      // A second category with the same name, in any case, is refused with a clear message.
      await page.getByRole('button', { name: 'Add Category' }).click();
      await dialog.getByLabel('Name').fill('food');
      await dialog.getByRole('button', { name: 'Add Category' }).click();
      await dialog.getByText('Failed to create category: A category named "food" already exists').waitFor();
      await expectNoA11yViolations(page);
      await screenshot(page, `categories-duplicate-${label}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // Edit in the same dialog: a taken name is refused, a free one renames and keeps the receipts.
      await card(page, 'Pets').getByRole('button', { name: 'Edit Pets' }).click();
      const editDialog = page.getByRole('dialog', { name: 'Edit Category' });
      expect(await editDialog.getByLabel('Name').inputValue()).toBe('Pets');
      expect(await editDialog.getByLabel('Monthly budget').inputValue()).toBe('50.00');
      await editDialog.getByLabel('Name').fill('FOOD');
      await editDialog.getByRole('button', { name: 'Save Changes' }).click();
      await editDialog.getByText('Failed to update category: A category named "FOOD" already exists').waitFor();
      await editDialog.getByLabel('Name').fill('Animals');
      await editDialog.getByLabel('Monthly budget').fill('');
      await editDialog.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText('Category updated successfully').waitFor();
      await card(page, 'Animals').getByText('No budget').waitFor();
      expect(await card(page, 'Pets').count()).toBe(0);
      expect((await apiAs<Receipt>(user, 'GET', `/receipts/${receipt.id}`)).category).toBe('Animals');
      expect((await categories(user)).find((c) => c.name === 'Animals')?.budget).toBeNull();

      // Delete asks first, saying how many receipts move to Other.
      await card(page, 'Animals').getByRole('button', { name: 'Delete Animals' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete Animals?' });
      await confirm.getByText('Are you sure you want to delete this category? Its receipt moves to Other.', { exact: true }).waitFor();
      await expectNoA11yViolations(page);
      await screenshot(page, `categories-delete-confirm-${label}`);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Category deleted successfully').waitFor();
      await card(page, 'Animals').waitFor({ state: 'detached' });
      await card(page, 'Other').getByText('$60.00 spent this month').waitFor();
      expect((await apiAs<Receipt>(user, 'GET', `/receipts/${receipt.id}`)).category).toBe('Other');

      // On a phone nothing spills sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  }, 180_000);
});
