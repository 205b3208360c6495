import { publishReceiptBatch, type BulkChangeHook, type ReceiptListener } from './modules/receipts/events';
import { updateTotalsOnReceipts } from './modules/analytics/totalsListener';
import { detectOnReceipts } from './modules/recurring/listener';
import { notifyOnReceipts, notifyWelcome, onBudgetChanged, onCategoryBudgetChanged, remindBillIfDue } from './modules/notifications/triggers';
import { convertReceiptsToHome, moveCategoryReceipts } from './modules/receipts/service';
import { keepSwitchRate } from './modules/currency/service';
import type { SettingsHooks } from './modules/settings/service';
import { noteBudgetChange } from './modules/budgets/service';
import type { CategoryHooks } from './modules/categories/service';
import type { ProfileHooks } from './modules/profile/service';
import type { RecurringHooks } from './modules/recurring/service';
import type { DraftTaker } from './modules/receipts/service';
import { takeDraft as takeDraftOfDrafts } from './modules/drafts/service';
import { recountSharesInHome } from './modules/households/service';

/*
 * Where a change in one module runs work of modules that read it, inside the same transaction.
 * The readers import the changed module, so the changed module is handed this work instead of
 * importing it back.
 */

/**
 * Told of every receipt write, one batch per write, in order: totals first, then the recurring
 * bills, since the notification rules (budget thresholds and forecast) read both. A single save,
 * edit or delete is a batch of one; a write of many receipts lists none (see UnlistedReceipts).
 * A new listener joins here, once.
 */
export const receiptListeners: readonly ReceiptListener[] = [updateTotalsOnReceipts, detectOnReceipts, notifyOnReceipts];

/** Many receipts written at once: the listeners told of their stores, and to count totals and thresholds again. */
export const receiptsChangedInBulk: BulkChangeHook = (trx, userId, stores, at) =>
  publishReceiptBatch(trx, { userId, at, changes: [], unlisted: { stores, recount: true } }, receiptListeners);

/** A part of such a write (a long import, a few stores at a time): the listeners told of its stores; receiptsChangedInBulk recounts once at its end. */
export const storesChangedInBulk: BulkChangeHook = (trx, userId, stores, at) =>
  publishReceiptBatch(trx, { userId, at, changes: [], unlisted: { stores, recount: false } }, receiptListeners);

export const settingsHooks: SettingsHooks = {
  homeCurrencyChanging: async (trx, userId, from, to, rate, now) => {
    if (rate !== undefined) await keepSwitchRate(trx, userId, from, to, rate);
    const storeKeys = await convertReceiptsToHome(trx, userId, from, to);
    await recountSharesInHome(trx, userId, to);
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
