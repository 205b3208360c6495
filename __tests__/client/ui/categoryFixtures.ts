import type { CategoryWithSpending } from '../../../src/shared/categories';

/** A new account's fallback category as GET /categories answers it: the one the forms file receipts under. */
export const OTHER_CATEGORY: CategoryWithSpending = {
  _id: 'c-other',
  name: 'Other',
  color: '#64748B',
  icon: 'tag',
  budget: null,
  spent: 0,
  is_fallback: true,
  rollover: false,
  carry_over: null,
  available: null,
};
