import type { CategoryWithSpending } from '../../../shared/categories';
import { formatMoney, formatSignedMoney } from '../../ui/money';

export interface CategorySpend {
  /** Spent as a percentage of the budget (may exceed 100); null without a budget. */
  percent: number | null;
  overBudget: boolean;
}

/**
 * What the category may spend this month: its budget, with what carried over into it when its
 * budget rolls over. Null without a budget.
 */
export function categoryLimit({ budget, carry_over, available }: Pick<CategoryWithSpending, 'budget' | 'carry_over' | 'available'>): number | null {
  return carry_over !== null && available !== null ? available : budget;
}

/**
 * This month's spending against what the category may spend (`budget`: its budget or, with a
 * carry-over, what is available). A budget of 0 is over as soon as anything is spent; one that
 * an overspent month carried below 0 is over already.
 */
export function categorySpend({ budget, spent }: Pick<CategoryWithSpending, 'budget' | 'spent'>): CategorySpend {
  if (budget === null) return { percent: null, overBudget: false };
  if (budget <= 0) {
    const over = spent > budget;
    return { percent: over ? 100 : 0, overBudget: over };
  }
  const percent = Math.round((spent / budget) * 1000) / 10;
  return { percent, overBudget: spent > budget };
}

/** Under the budget bar: how much of it is used, or by how much it is over. */
export function budgetUseCaption(category: Pick<CategoryWithSpending, 'budget' | 'spent' | 'carry_over' | 'available'>): string | null {
  const limit = categoryLimit(category);
  if (limit === null) return null;
  const { percent, overBudget } = categorySpend({ budget: limit, spent: category.spent });
  if (overBudget) return `Over budget by ${formatMoney(category.spent - limit)}`;
  return category.carry_over === null ? `${percent}% of budget used` : `${percent}% of ${formatMoney(limit)} available used`;
}

/** 'Carried over: +$12.00' (negative when last month was overspent), or null when nothing carries over. */
export function carryOverCaption({ carry_over }: Pick<CategoryWithSpending, 'carry_over'>): string | null {
  return carry_over === null ? null : `Carried over: ${formatSignedMoney(carry_over)}`;
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
