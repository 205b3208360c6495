import type { Executor } from '../../db/schema';
import type { ReceiptChange } from '../receipts/events';
import { findCategory } from '../categories/service';
import { findProfile } from '../profile/service';
import { addMarks, firedMarks, insertNotifications, monthSpending, previousReceiptSavedAt, removeMarks } from './repository';
import {
  budgetChanges,
  categoryChanges,
  currentMonths,
  gapTip,
  monthOf,
  receiptSaved,
  welcomeTip,
  type MarkChanges,
  type Month,
  type NewNotification,
} from './rules';

/**
 * The changes that create notifications. Each runs inside the transaction of the change that
 * causes it, so a notification exists exactly when its cause was committed.
 */

/** Records the rules' marks; answers the notifications whose key this transaction recorded. */
async function applyMarks(trx: Executor, userId: string, month: Month, changes: MarkChanges): Promise<NewNotification[]> {
  await removeMarks(trx, userId, month, changes.unmark);
  const recorded = await addMarks(trx, userId, month, changes.mark);
  return changes.notify.filter((n) => recorded.has(n.key)).map((n) => n.notification);
}

async function checkBudget(trx: Executor, userId: string, month: Month, rearm: boolean): Promise<NewNotification[]> {
  // One after another: a transaction is one connection.
  const budgetCents = (await findProfile(trx, userId))?.monthly_budget_cents ?? null;
  const spentCents = await monthSpending(trx, userId, month);
  const fired = await firedMarks(trx, userId, month);
  return applyMarks(trx, userId, month, budgetChanges({ month, spentCents, budgetCents, fired }, { rearm }));
}

async function checkCategory(trx: Executor, userId: string, month: Month, categoryId: string, rearm: boolean): Promise<NewNotification[]> {
  const category = await findCategory(trx, userId, categoryId);
  if (!category || (category.budget_cents === null && !rearm)) return [];
  const spentCents = await monthSpending(trx, userId, month, categoryId);
  const fired = await firedMarks(trx, userId, month);
  const state = { month, categoryId, name: category.name, spentCents, budgetCents: category.budget_cents, fired };
  return applyMarks(trx, userId, month, categoryChanges(state, { rearm }));
}

/**
 * Receipt listener (runs after the totals listener, so totals include the change). A receipt
 * saved from a scan is announced (one typed by hand is not: the person is looking at it); a new or edited one may cross this month's thresholds. Deleting or
 * editing never takes back what was already sent.
 */
export async function notifyOnReceiptChange(trx: Executor, { userId, before, after, announce }: ReceiptChange, now: Date = new Date()): Promise<void> {
  if (!after) return;
  const created = before === null;
  const out: NewNotification[] = created && announce ? [receiptSaved(after)] : [];
  const month = monthOf(after.date);
  if (currentMonths(now).includes(month)) {
    out.push(...(await checkCategory(trx, userId, month, after.categoryId, false)));
    out.push(...(await checkBudget(trx, userId, month, false)));
  }
  if (created) {
    const tip = gapTip(await previousReceiptSavedAt(trx, userId, after.id), now);
    if (tip) out.push(tip);
  }
  await insertNotifications(trx, userId, out);
}

/**
 * Call inside the transaction that changed the user's monthly budget: thresholds no longer
 * crossed are re-armed, and ones the new budget crosses fire now.
 */
export async function onBudgetChanged(trx: Executor, userId: string, now: Date = new Date()): Promise<void> {
  for (const month of currentMonths(now)) {
    await insertNotifications(trx, userId, await checkBudget(trx, userId, month, true));
  }
}

/**
 * Call inside the transaction that changed a category's budget: its alert is re-armed when the
 * category is no longer over, or fires now when the new budget is crossed.
 */
export async function onCategoryBudgetChanged(trx: Executor, userId: string, categoryId: string, now: Date = new Date()): Promise<void> {
  for (const month of currentMonths(now)) {
    await insertNotifications(trx, userId, await checkCategory(trx, userId, month, categoryId, true));
  }
}

/** Call inside the transaction that created the user's profile. */
export async function notifyWelcome(trx: Executor, userId: string): Promise<void> {
  await insertNotifications(trx, userId, [welcomeTip()]);
}
