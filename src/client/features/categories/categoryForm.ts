import type { CategoryIcon, CategoryInput, CategoryWithSpending } from '../../../shared/categories';
import { DEFAULT_CATEGORY_COLOR, DEFAULT_CATEGORY_ICON, MAX_CATEGORY_NAME, nextCategoryColor } from '../../../shared/constants/categories';
import { amountInputError, optionalAmountValue } from '../../ui/amountInput';
import { moneyInputText } from '../../ui/money';

export interface CategoryFormValues {
  name: string;
  color: string;
  icon: CategoryIcon;
  /** As typed; empty means no budget. */
  budget: string;
  /** What is left of the budget carries into the next month (only with a budget). */
  rollover: boolean;
}

export type CategoryFormErrors = Partial<Record<keyof CategoryFormValues, string>>;

export const NEW_CATEGORY: CategoryFormValues = { name: '', color: DEFAULT_CATEGORY_COLOR, icon: DEFAULT_CATEGORY_ICON, budget: '', rollover: false };

/** A new category's form beside `existing`: in the colour the server would give it (the first of the palette none has), shown so it can be changed. */
export function newCategoryForm(existing: ReadonlyArray<Pick<CategoryWithSpending, 'color'>>): CategoryFormValues {
  return { ...NEW_CATEGORY, color: nextCategoryColor(existing.map((c) => c.color)) };
}

export function categoryFormValues(category: CategoryWithSpending): CategoryFormValues {
  return {
    name: category.name,
    color: category.color,
    icon: category.icon as CategoryIcon,
    budget: moneyInputText(category.budget),
    rollover: category.rollover,
  };
}

/** Carrying over needs a budget to carry over from: without one the choice is off and not sent as on. */
export function canRollOver(values: Pick<CategoryFormValues, 'budget'>): boolean {
  return values.budget.trim() !== '';
}

/** Spec §5: name required; budget numeric, min 0, two decimals at most. */
export function validateCategoryForm(values: CategoryFormValues): CategoryFormErrors {
  const errors: CategoryFormErrors = {};
  if (!values.name.trim()) errors.name = 'Name is required';
  else if (values.name.trim().length > MAX_CATEGORY_NAME) errors.name = `Name must be at most ${MAX_CATEGORY_NAME} characters`;
  const budgetError = amountInputError(values.budget, { label: 'Budget' });
  if (budgetError) errors.budget = budgetError;
  return errors;
}

/** The API body; an empty budget is sent as null (spec §5), and then without rollover. */
export function toCategoryInput(values: CategoryFormValues): CategoryInput {
  return {
    name: values.name.trim(),
    color: values.color,
    icon: values.icon,
    budget: optionalAmountValue(values.budget),
    rollover: canRollOver(values) && values.rollover,
  };
}
