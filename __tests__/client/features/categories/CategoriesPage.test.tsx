import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATEGORY_ICONS, type CategoryWithSpending } from '../../../../src/shared/categories';
import { makeStore } from '../../../../src/client/app/store';
import { makeTheme } from '../../../../src/client/app/theme';
import { categoriesApi } from '../../../../src/client/features/categories/categoriesApi';
import CategoriesPage from '../../../../src/client/features/categories/CategoriesPage';
import { mutationCount, renderScreen, useClosedApiPort } from '../../ui/renderScreen';

beforeAll(useClosedApiPort);

const list: CategoryWithSpending[] = [
  { _id: 'c1', name: 'Food', color: '#22C55E', icon: 'utensils', budget: 200, spent: 50, is_fallback: false },
  { _id: 'c2', name: 'Fun', color: '#8B5CF6', icon: 'gamepad', budget: 100, spent: 130, is_fallback: false, receipt_count: 4 },
  { _id: 'c3', name: 'Other', color: '#64748B', icon: 'tag', budget: null, spent: 5, is_fallback: true },
];

async function seeded() {
  const store = makeStore();
  await store.dispatch(categoriesApi.util.upsertQueryData('getCategories', undefined, list));
  return renderScreen(<CategoriesPage />, { route: '/categories', store });
}

const card = (name: string) => screen.getAllByTestId('category-card').find((c) => within(c).queryByRole('heading', { name }))!;

it('lists each category with its colour, budget and this month’s spending; over budget in red', async () => {
  await seeded();
  expect(screen.getByRole('heading', { level: 1, name: 'Categories' })).toBeInTheDocument();
  expect(screen.getAllByTestId('category-card')).toHaveLength(3);

  const food = card('Food');
  expect(within(food).getByTestId('category-swatch')).toHaveStyle({ backgroundColor: '#22C55E' });
  expect(food).toHaveTextContent('$50.00 spent this month');
  expect(food).toHaveTextContent('Budget $200.00');
  expect(within(food).getByRole('progressbar', { name: 'Food spending against budget' })).toHaveAttribute('aria-valuenow', '25');
  expect(food).toHaveTextContent('25% of budget used');

  const fun = card('Fun');
  expect(within(fun).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  expect(within(fun).getByText('Over budget by $30.00')).toHaveStyle({ color: makeTheme('light').palette.error.main });

  const other = card('Other');
  expect(other).toHaveTextContent('No budget');
  expect(within(other).queryByRole('progressbar')).not.toBeInTheDocument();
  expect(within(other).queryByRole('button', { name: 'Delete Other' })).not.toBeInTheDocument();
  expect(other).toHaveTextContent('cannot be deleted');
  expect(within(food).getByRole('button', { name: 'Delete Food' })).toBeInTheDocument();
});

it('adds in a dialog with the defaults, requires a name, and reports a failed save', async () => {
  const { store } = await seeded();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add Category' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Category' });
  expect(within(dialog).getByLabelText('Color')).toHaveValue('#3b82f6');
  expect(within(dialog).getByRole('combobox', { name: 'Icon' })).toHaveTextContent('Tag');
  expect(within(dialog).getByLabelText('Monthly budget')).toHaveAttribute('step', '0.01');
  expect(within(dialog).getByLabelText('Monthly budget')).toHaveAttribute('min', '0');

  await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
  expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
  expect(mutationCount(store)).toBe(0);

  await user.click(within(dialog).getByRole('combobox', { name: 'Icon' }));
  const options = screen.getAllByRole('option');
  expect(options.map((o) => o.textContent)).toEqual(CATEGORY_ICONS.map((i) => i.label));
  await user.click(screen.getByRole('option', { name: 'Gifts' }));

  await user.type(within(dialog).getByLabelText(/Name/), 'Presents');
  await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
  expect(await within(dialog).findByText('Failed to create category: Cannot reach the Tally server. Check your connection.')).toBeInTheDocument();
  expect(mutationCount(store)).toBe(1);
});

it('edits in the same dialog, filled with the category', async () => {
  await seeded();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Edit Food' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Category' });
  expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Food');
  expect(within(dialog).getByLabelText('Monthly budget')).toHaveValue(200);
  expect(within(dialog).getByRole('combobox', { name: 'Icon' })).toHaveTextContent('Food');
});

it('asks before deleting', async () => {
  await seeded();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete Fun' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete Fun?' });
  expect(dialog).toHaveTextContent('Are you sure you want to delete this category? Its 4 receipts move to Other.');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
});

it('says when the categories cannot be loaded', async () => {
  renderScreen(<CategoriesPage />, { route: '/categories' });
  expect(await screen.findByText('Failed to load categories')).toBeInTheDocument();
});
