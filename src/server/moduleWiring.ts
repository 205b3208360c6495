import type { BulkChangeHook, ReceiptListener } from './modules/receipts/events';
import type { Executor } from './db/schema';
import { updateTotalsOnReceiptChange } from './modules/analytics/totalsListener';
import { detectOnReceiptChange, redetectStore } from './modules/recurring/listener';
import { rebuildTotals } from './modules/analytics/service';
import { notifyOnReceiptChange, notifyWelcome, onBudgetChanged, onCategoryBudgetChanged, remindBillIfDue } from './modules/notifications/triggers';
import { convertReceiptsToHome, moveCategoryReceipts } from './modules/receipts/service';
import { keepSwitchRate } from './modules/currency/service';
import type { SettingsHooks } from './modules/settings/service';
import { noteBudgetChange } from './modules/budgets/service';
import type { CategoryHooks } from './modules/categories/service';
import type { ProfileHooks } from './modules/profile/service';
import type { RecurringHooks } from './modules/recurring/service';
import type { DraftTaker } from './modules/receipts/service';
import { takeDraft as takeDraftOfDrafts } from './modules/drafts/service';

/*
 * Where a change in one module runs work of modules that read it, inside the same transaction.
 * The readers import the changed module, so the changed module is handed this work instead of
 * importing it back.
 */

/**
 * In order, for every receipt create, edit and delete: totals first, then the recurring bills,
 * since the notification rules (budget thresholds and forecast) read both.
 */
export const receiptListeners: readonly ReceiptListener[] = [updateTotalsOnReceiptChange, detectOnReceiptChange, notifyOnReceiptChange];

/** After many receipts changed at once: totals rebuilt, the touched stores' bills found again, the month's thresholds checked, once. */
export const receiptsChangedInBulk: BulkChangeHook = async (trx, userId, storeKeys, now) => {
  await rebuildTotals(trx, userId);
  for (const key of storeKeys) await redetectStore(trx, userId, key);
  await onBudgetChanged(trx, userId, now);
};

/** The recurring bills of these stores found again, for a long import to do a few stores at a time before receiptsChangedInBulk does the rest once. */
export const storesChangedInBulk = async (trx: Executor, userId: string, storeKeys: ReadonlySet<string>): Promise<void> => {
  for (const key of storeKeys) await redetectStore(trx, userId, key);
};

export const settingsHooks: SettingsHooks = {
  homeCurrencyChanging: async (trx, userId, from, to, rate, now) => {
    if (rate !== undefined) await keepSwitchRate(trx, userId, from, to, rate);
    const storeKeys = await convertReceiptsToHome(trx, userId, from, to);
    await receiptsChangedInBulk(trx, userId, storeKeys, now);
  },
};

export const profileHooks: ProfileHooks = {
  created: notifyWelcome,
  budgetChanged: async (trx, userId, previousCents, now) => {
    await noteBudgetChange(trx, userId, null, previousCents, now);
    await onBudgetChanged(trx, userId, now);
  },
};

export const categoryHooks: CategoryHooks = {
  budgetChanged: async (trx, userId, categoryId, previousCents, now) => {
    await noteBudgetChange(trx, userId, categoryId, previousCents, now);
    await onCategoryBudgetChanged(trx, userId, categoryId, now);
  },
  deleting: moveCategoryReceipts,
};

export const recurringHooks: RecurringHooks = {
  billChanged: (trx, userId, seriesId, now) => remindBillIfDue(trx, userId, seriesId, now),
};

/** Saving a draft as a receipt takes the draft (drafts reads receipts to warn of duplicates, so it is handed in). */
export const takeDraft: DraftTaker = takeDraftOfDrafts;
