import { categorySpend, deleteCategoryMessage, isFallbackCategory } from '../../../../src/client/features/categories/selectors';
import { NEW_CATEGORY, categoryFormValues, toCategoryInput, validateCategoryForm } from '../../../../src/client/features/categories/categoryForm';

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
});

it('knows Other, which cannot be deleted', () => {
  expect(isFallbackCategory({ is_fallback: true })).toBe(true);
  expect(isFallbackCategory({ is_fallback: false })).toBe(false);
});

describe('category form', () => {
  it('starts with the spec defaults: colour #3B82F6, icon tag, no budget', () => {
    expect(NEW_CATEGORY).toEqual({ name: '', color: '#3B82F6', icon: 'tag', budget: '' });
  });

  it('requires a name and a budget of 0 or more with two decimals at most', () => {
    expect(validateCategoryForm({ ...NEW_CATEGORY, name: '  ' })).toEqual({ name: 'Name is required' });
    expect(validateCategoryForm({ ...NEW_CATEGORY, name: 'Pets', budget: '-1' }).budget).toBeDefined();
    expect(validateCategoryForm({ ...NEW_CATEGORY, name: 'Pets', budget: '1.005' }).budget).toBeDefined();
    expect(validateCategoryForm({ ...NEW_CATEGORY, name: 'Pets', budget: '0' })).toEqual({});
    expect(validateCategoryForm({ ...NEW_CATEGORY, name: 'Pets', budget: '' })).toEqual({});
  });

  it('sends an empty budget as null and trims the name', () => {
    expect(toCategoryInput({ name: ' Pets ', color: '#112233', icon: 'gift', budget: '' })).toEqual({
      name: 'Pets',
      color: '#112233',
      icon: 'gift',
      budget: null,
    });
    expect(toCategoryInput({ name: 'Pets', color: '#112233', icon: 'gift', budget: '25.5' }).budget).toBe(25.5);
  });

  it('fills the edit form from a category', () => {
    expect(categoryFormValues({ _id: 'c', name: 'Food', color: '#22C55E', icon: 'utensils', budget: 300, spent: 12, is_fallback: false })).toEqual({
      name: 'Food',
      color: '#22C55E',
      icon: 'utensils',
      budget: '300.00',
    });
    expect(categoryFormValues({ _id: 'c', name: 'Food', color: '#22C55E', icon: 'utensils', budget: null, spent: 0, is_fallback: false }).budget).toBe('');
  });
});
