import type { CategoryWithSpending } from '../../../shared/categories';

export interface CategorySpend {
  /** Spent as a percentage of the budget (may exceed 100); null without a budget. */
  percent: number | null;
  overBudget: boolean;
}

/** This month's spending against the category's budget. A budget of 0 is over as soon as anything is spent. */
export function categorySpend({ budget, spent }: Pick<CategoryWithSpending, 'budget' | 'spent'>): CategorySpend {
  if (budget === null) return { percent: null, overBudget: false };
  if (budget === 0) return { percent: spent > 0 ? 100 : 0, overBudget: spent > 0 };
  const percent = Math.round((spent / budget) * 1000) / 10;
  return { percent, overBudget: spent > budget };
}

/** The category that receives the receipts of deleted ones and cannot itself be deleted (even renamed). */
export function isFallbackCategory(category: Pick<CategoryWithSpending, 'is_fallback'>): boolean {
  return category.is_fallback;
}

/** The delete confirmation (spec §5), with what happens to the category's receipts. */
export function deleteCategoryMessage(category: Pick<CategoryWithSpending, 'receipt_count'> | null, fallbackName: string): string {
  const question = 'Are you sure you want to delete this category?';
  const count = category?.receipt_count ?? 0;
  if (count === 0) return `${question} It has no receipts.`;
  return `${question} Its ${count === 1 ? 'receipt moves' : `${count} receipts move`} to ${fallbackName}.`;
}
