import type { CategoryWithSpending } from '../../../shared/categories';

export interface CategorySpend {
  /** Spent as a percentage of the budget (may exceed 100); null without a budget. */
  percent: number | null;
  /** The progress bar's fill, 0–100. */
  barValue: number;
  overBudget: boolean;
}

/** This month's spending against the category's budget. A budget of 0 is over as soon as anything is spent. */
export function categorySpend({ budget, spent }: Pick<CategoryWithSpending, 'budget' | 'spent'>): CategorySpend {
  if (budget === null) return { percent: null, barValue: 0, overBudget: false };
  if (budget === 0) return { percent: spent > 0 ? 100 : 0, barValue: spent > 0 ? 100 : 0, overBudget: spent > 0 };
  const percent = Math.round((spent / budget) * 1000) / 10;
  return { percent, barValue: Math.max(0, Math.min(100, percent)), overBudget: spent > budget };
}

/** The category that receives the receipts of deleted ones and cannot itself be deleted (even renamed). */
export function isFallbackCategory(category: Pick<CategoryWithSpending, 'is_fallback'>): boolean {
  return category.is_fallback;
}
