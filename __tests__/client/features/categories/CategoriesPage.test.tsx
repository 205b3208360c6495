import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATEGORY_ICONS } from '../../../../src/shared/categories';
import { makeStore } from '../../../../src/client/app/store';
import { makeTheme } from '../../../../src/client/app/theme';
import { categoriesApi } from '../../../../src/client/features/categories/categoriesApi';
import CategoriesPage from '../../../../src/client/features/categories/CategoriesPage';
import { mutationCount, NO_SERVER, recordRequests, renderScreen, useClosedApiPort } from '../../ui/renderScreen';
import { expectRevealed, watchScrolling } from '../../ui/revealed';
import { category } from '../../ui/builders';

beforeAll(useClosedApiPort);
afterEach(() => jest.restoreAllMocks());

const list = [
  category({ _id: 'c1', name: 'Food', color: '#22C55E', icon: 'utensils', budget: 200, spent: 50 }),
  category({ _id: 'c2', name: 'Fun', color: '#8B5CF6', icon: 'gamepad', budget: 100, spent: 130, receipt_count: 4 }),
  category({ _id: 'c3', name: 'Other', spent: 5, is_fallback: true }),
];
/** Rolling over: $12 left of October's $100, and $30 overspent of October's $100. */
const rolling = [
  category({ _id: 'c4', name: 'Books', color: '#0EA5E9', icon: 'book', budget: 100, spent: 56, rollover: true, carry_over: 12, available: 112 }),
  category({ _id: 'c5', name: 'Travel', color: '#F97316', icon: 'suitcase', budget: 100, spent: 80, rollover: true, carry_over: -30, available: 70 }),
];

async function seeded(categories = list) {
  const store = makeStore();
  await store.dispatch(categoriesApi.util.upsertQueryData('getCategories', undefined, categories));
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
  expect(screen.queryByTestId('category-carry-over')).not.toBeInTheDocument();
});

it('shows what carried over into a category and measures its spending against what that makes available', async () => {
  await seeded(rolling);
  const books = card('Books');
  expect(within(books).getByTestId('category-carry-over')).toHaveTextContent('Carried over: +$12.00');
  expect(books).toHaveTextContent('Budget $100.00');
  expect(within(books).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'); // 56 of 112
  expect(books).toHaveTextContent('50% of $112.00 available used');

  const travel = card('Travel');
  expect(within(travel).getByTestId('category-carry-over')).toHaveTextContent('Carried over: -$30.00');
  expect(within(travel).getByRole('progressbar')).toHaveAttribute('data-level', 'exceeded'); // 80 of 70
  expect(within(travel).getByText('Over budget by $10.00')).toHaveStyle({ color: makeTheme('light').palette.error.main });
});

it('adds in a dialog with the defaults, requires a name, and reports a failed save', async () => {
  const { store } = await seeded();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add Category' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Category' });
  expect(within(dialog).getByLabelText('Color')).toHaveValue('#3b82f6');
  expect(within(dialog).getByRole('combobox', { name: 'Icon' })).toHaveTextContent('Tag');
  // A text field with the decimal keypad: what is typed is read (and refused) as typed, never dropped.
  expect(within(dialog).getByLabelText('Monthly budget')).toHaveAttribute('type', 'text');
  expect(within(dialog).getByLabelText('Monthly budget')).toHaveAttribute('inputmode', 'decimal');

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

it('edits in the same dialog, filled with the category, and sends the rollover choice', async () => {
  await seeded();
  const sent = recordRequests();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Edit Food' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Category' });
  expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Food');
  expect(within(dialog).getByLabelText('Monthly budget')).toHaveValue('200.00');
  expect(within(dialog).getByRole('combobox', { name: 'Icon' })).toHaveTextContent('Food');
  const rollover = within(dialog).getByRole('switch', { name: 'Carry over what is left to next month' });
  expect(rollover).toBeEnabled();
  expect(rollover).not.toBeChecked();

  await user.click(rollover);
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await within(dialog).findByText(/^Failed to update category/)).toBeInTheDocument();
  expect(sent).toEqual([{ method: 'PUT', path: '/categories/c1', body: { name: 'Food', color: '#22C55E', icon: 'utensils', budget: 200, rollover: true } }]);
});

it('offers rollover only with a budget, and sends it off without one', async () => {
  await seeded(rolling);
  const sent = recordRequests();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Edit Books' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit Category' });
  const rollover = within(dialog).getByRole('switch', { name: 'Carry over what is left to next month' });
  expect(rollover).toBeChecked();

  await user.clear(within(dialog).getByLabelText('Monthly budget'));
  expect(rollover).toBeDisabled();
  expect(rollover).not.toBeChecked();
  expect(rollover).toHaveAccessibleDescription('Set a budget to carry over what is left.');

  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  expect(await within(dialog).findByText(/^Failed to update category/)).toBeInTheDocument();
  expect(sent.map((r) => r.body)).toEqual([{ name: 'Books', color: '#0EA5E9', icon: 'book', budget: null, rollover: false }]);
});

it('starts a new category without rollover, which a budget makes available', async () => {
  await seeded();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add Category' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Category' });
  const rollover = within(dialog).getByRole('switch', { name: 'Carry over what is left to next month' });
  expect(rollover).toBeDisabled();
  await user.type(within(dialog).getByLabelText('Monthly budget'), '50');
  expect(rollover).toBeEnabled();
  expect(rollover).not.toBeChecked();
});

it.each(['12abc', 'abc', '1e3'])('refuses a budget of %p with a message, and sends nothing', async (typed) => {
  const { store } = await seeded();
  const watch = watchScrolling();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add Category' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Category' });
  await user.type(within(dialog).getByLabelText(/Name/), 'Pets');
  await user.type(within(dialog).getByLabelText('Monthly budget'), typed);
  expect(within(dialog).getByLabelText('Monthly budget')).toHaveValue(typed);
  await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
  const budget = within(dialog).getByLabelText('Monthly budget');
  expect(budget).toHaveAccessibleDescription('Budget must be a number of 0 or more with at most two decimals');
  await waitFor(() => expectRevealed(budget, watch));
  expect(mutationCount(store)).toBe(0);
});

it('brings a refused save’s message into view and gives it the focus', async () => {
  await seeded();
  const watch = watchScrolling();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add Category' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Category' });
  await user.type(within(dialog).getByLabelText(/Name/), 'Pets');
  await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent(`Failed to create category: ${NO_SERVER}`);
  await waitFor(() => expectRevealed(alert, watch));
});

it('gives a new category the first colour of the palette none of the categories has, and sends it', async () => {
  await seeded([...list, { ...list[0], _id: 'c9', name: 'Blue', color: '#3b82f6' }]);
  const sent = recordRequests();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add Category' }));
  const dialog = screen.getByRole('dialog', { name: 'Add Category' });
  expect(within(dialog).getByLabelText('Color')).toHaveValue('#ef4444');
  await user.type(within(dialog).getByLabelText(/Name/), 'Pets');
  await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
  await within(dialog).findByRole('alert');
  expect(sent.map((r) => r.body)).toEqual([expect.objectContaining({ name: 'Pets', color: '#EF4444' })]);
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
