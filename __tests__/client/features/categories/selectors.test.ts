import { category } from '../../ui/builders';
import {
  budgetUseCaption,
  carryOverCaption,
  categoryLimit,
  categorySpend,
  deleteCategoryMessage,
  isFallbackCategory,
} from '../../../../src/client/features/categories/selectors';
import {
  NEW_CATEGORY,
  canRollOver,
  categoryFormValues,
  newCategoryForm,
  toCategoryInput,
  validateCategoryForm,
} from '../../../../src/client/features/categories/categoryForm';
import { CATEGORY_PALETTE, DEFAULT_CATEGORIES, nextCategoryColor } from '../../../../src/shared/constants/categories';

const food = category({ _id: 'c', name: 'Food', color: '#22C55E', icon: 'utensils', budget: 300, spent: 12 });

it('says in the delete confirmation how many receipts move to Other', () => {
  expect(deleteCategoryMessage({ receipt_count: 0 }, 'Other')).toBe('Are you sure you want to delete this category? It has no receipts.');
  expect(deleteCategoryMessage({ receipt_count: 1 }, 'Other')).toBe('Are you sure you want to delete this category? Its receipt moves to Other.');
  expect(deleteCategoryMessage({ receipt_count: 12 }, 'Misc')).toBe('Are you sure you want to delete this category? Its 12 receipts move to Misc.');
});

describe('categorySpend', () => {
  it('is the share of the budget spent, one decimal', () => {
    expect(categorySpend({ budget: 200, spent: 50 })).toEqual({ percent: 25, overBudget: false });
    expect(categorySpend({ budget: 300, spent: 100 })).toEqual({ percent: 33.3, overBudget: false });
    expect(categorySpend({ budget: 100, spent: 100 })).toEqual({ percent: 100, overBudget: false });
  });

  it('is over budget above 100%', () => {
    expect(categorySpend({ budget: 100, spent: 150 })).toEqual({ percent: 150, overBudget: true });
  });

  it('is negative when refunds outweigh spending', () => {
    expect(categorySpend({ budget: 100, spent: -10 })).toEqual({ percent: -10, overBudget: false });
  });

  it('has no share without a budget, and a zero budget is over once anything is spent', () => {
    expect(categorySpend({ budget: null, spent: 80 })).toEqual({ percent: null, overBudget: false });
    expect(categorySpend({ budget: 0, spent: 0 })).toEqual({ percent: 0, overBudget: false });
    expect(categorySpend({ budget: 0, spent: 1 })).toEqual({ percent: 100, overBudget: true });
  });

  it('is over already when an overspent month carried what may be spent below 0', () => {
    expect(categorySpend({ budget: -20, spent: 0 })).toEqual({ percent: 100, overBudget: true });
    expect(categorySpend({ budget: -20, spent: -25 })).toEqual({ percent: 0, overBudget: false });
  });
});

describe('carry-over', () => {
  it('measures against what is available when something carried over, else against the budget', () => {
    expect(categoryLimit({ budget: 100, carry_over: 12, available: 112 })).toBe(112);
    expect(categoryLimit({ budget: 100, carry_over: -30, available: 70 })).toBe(70);
    expect(categoryLimit({ budget: 100, carry_over: null, available: 100 })).toBe(100);
    expect(categoryLimit({ budget: null, carry_over: null, available: null })).toBeNull();
  });

  it('says what carried over, with its sign', () => {
    expect(carryOverCaption({ carry_over: 12 })).toBe('Carried over: +$12.00');
    expect(carryOverCaption({ carry_over: -18 })).toBe('Carried over: -$18.00');
    expect(carryOverCaption({ carry_over: 0 })).toBe('Carried over: $0.00');
    expect(carryOverCaption({ carry_over: null })).toBeNull();
  });

  it('says how much of the budget, or of what is available, is used, or by how much it is over', () => {
    expect(budgetUseCaption({ ...food, budget: 200, available: 200, spent: 50 })).toBe('25% of budget used');
    expect(budgetUseCaption({ ...food, budget: 100, carry_over: 12, available: 112, spent: 56 })).toBe('50% of $112.00 available used');
    expect(budgetUseCaption({ ...food, budget: 100, carry_over: -30, available: 70, spent: 80 })).toBe('Over budget by $10.00');
    expect(budgetUseCaption({ ...food, budget: null, available: null })).toBeNull();
  });
});

it('knows Other, which cannot be deleted', () => {
  expect(isFallbackCategory({ is_fallback: true })).toBe(true);
  expect(isFallbackCategory({ is_fallback: false })).toBe(false);
});

describe('category form', () => {
  it('starts with the spec defaults: colour #3B82F6, icon tag, no budget, no rollover', () => {
    expect(NEW_CATEGORY).toEqual({ name: '', color: '#3B82F6', icon: 'tag', budget: '', rollover: false });
  });

  it('starts a new category in the first colour of the palette none of the others has', () => {
    const defaults = DEFAULT_CATEGORIES.map((c) => c.color);
    expect(newCategoryForm([])).toEqual(NEW_CATEGORY);
    expect(newCategoryForm(defaults.map((color) => ({ color }))).color).toBe('#3B82F6');
    // Colours are told apart in any case; a default category's colour is free again once it is gone.
    expect(nextCategoryColor([...defaults, '#3b82f6'])).toBe('#EF4444');
    expect(nextCategoryColor(CATEGORY_PALETTE.filter((c) => c !== '#22C55E'))).toBe('#22C55E');
    // Every colour taken: the first of those fewest categories have.
    expect(nextCategoryColor([...CATEGORY_PALETTE, '#3B82F6', '#EF4444'])).toBe('#14B8A6');
    expect(new Set(CATEGORY_PALETTE).size).toBe(CATEGORY_PALETTE.length);
  });

  it('requires a name and a budget of 0 or more with two decimals at most', () => {
    expect(validateCategoryForm({ ...NEW_CATEGORY, name: '  ' })).toEqual({ name: 'Name is required' });
    expect(validateCategoryForm({ ...NEW_CATEGORY, name: 'Pets', budget: '-1' }).budget).toBeDefined();
    expect(validateCategoryForm({ ...NEW_CATEGORY, name: 'Pets', budget: '1.005' }).budget).toBeDefined();
    expect(validateCategoryForm({ ...NEW_CATEGORY, name: 'Pets', budget: '0' })).toEqual({});
    expect(validateCategoryForm({ ...NEW_CATEGORY, name: 'Pets', budget: '' })).toEqual({});
    // Letters are refused, never read as no budget.
    expect(validateCategoryForm({ ...NEW_CATEGORY, name: 'Pets', budget: '12abc' }).budget).toBe(
      'Budget must be a number of 0 or more with at most two decimals',
    );
    expect(validateCategoryForm({ ...NEW_CATEGORY, name: 'Pets', budget: 'abc' }).budget).toBe(
      'Budget must be a number of 0 or more with at most two decimals',
    );
  });

  it('sends an empty budget as null and trims the name', () => {
    expect(toCategoryInput({ name: ' Pets ', color: '#112233', icon: 'gift', budget: '', rollover: false })).toEqual({
      name: 'Pets',
      color: '#112233',
      icon: 'gift',
      budget: null,
      rollover: false,
    });
    expect(toCategoryInput({ name: 'Pets', color: '#112233', icon: 'gift', budget: '25.5', rollover: false }).budget).toBe(25.5);
  });

  it('sends rollover only with a budget to carry over', () => {
    const pets = { name: 'Pets', color: '#112233', icon: 'gift', rollover: true } as const;
    expect(toCategoryInput({ ...pets, budget: '25' }).rollover).toBe(true);
    expect(toCategoryInput({ ...pets, budget: ' ' }).rollover).toBe(false);
    expect(canRollOver({ budget: '0' })).toBe(true);
    expect(canRollOver({ budget: '' })).toBe(false);
  });

  it('fills the edit form from a category', () => {
    expect(categoryFormValues(food)).toEqual({ name: 'Food', color: '#22C55E', icon: 'utensils', budget: '300.00', rollover: false });
    expect(categoryFormValues({ ...food, budget: null, available: null }).budget).toBe('');
    expect(categoryFormValues({ ...food, rollover: true }).rollover).toBe(true);
  });
});
