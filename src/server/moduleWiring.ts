import type { ReceiptListener } from './modules/receipts/events';
import { updateTotalsOnReceiptChange } from './modules/analytics/totals-listener';
import { notifyOnReceiptChange, notifyWelcome, onBudgetChanged, onCategoryBudgetChanged } from './modules/notifications/triggers';
import { moveCategoryReceipts } from './modules/receipts/service';
import type { CategoryHooks } from './modules/categories/service';
import type { ProfileHooks } from './modules/profile/service';

/*
 * Where a change in one module runs work of modules that read it, inside the same transaction.
 * The readers import the changed module, so the changed module is handed this work instead of
 * importing it back.
 */

/** In order, for every receipt create, edit and delete: totals first, since the notification rules read them. */
export const receiptListeners: readonly ReceiptListener[] = [updateTotalsOnReceiptChange, notifyOnReceiptChange];

export const profileHooks: ProfileHooks = {
  created: notifyWelcome,
  budgetChanged: onBudgetChanged,
};

export const categoryHooks: CategoryHooks = {
  budgetChanged: onCategoryBudgetChanged,
  deleting: moveCategoryReceipts,
};
