import type { Executor } from '../../db/schema';
import type { ReceiptBatch, ReceiptChange } from '../receipts/events';
import { findCategory } from '../categories/service';
import { categoryAvailability, forecastOn, monthlyAvailability } from '../budgets/service';
import { billAmountCents, confirmedDueBetween, findSeries, type SeriesRow } from '../recurring/service';
import { writeAsUser } from '../../db/accountGate';
import { findHomeCurrency } from '../currency/service';
import { HttpError } from '../../errors';
import type { Db } from '../../db';
import { addDays, endOfMonth, isTimeZone, monthContaining, todayIn, type CalendarDate } from '../../../shared/calendar';
import { findSettings } from '../settings/service';
import { BILL_REMINDER_DAYS } from '../../../shared/recurring';
import { RETURN_REMINDER_DAYS } from '../../../shared/constants/warranties';
import { formatMoney } from '../../../shared/currency';
import { returnsDueBetween, type DueReturn } from '../warranties/service';
import {
  addMarks,
  firedMarks,
  insertNotifications,
  monthSpending,
  receiptSavedTimes,
  removeMarks,
  retellMarks,
  withdrawMarks,
  type TellNotification,
} from './repository';
import {
  billKey,
  billReminder,
  budgetChanges,
  forecastChanges,
  forecastMatters,
  forecastOutlived,
  categoryChanges,
  currentMonths,
  gapTip,
  monthOf,
  receiptSaved,
  returnKey,
  returnReminder,
  welcomeTip,
  type MarkChanges,
  type Month,
} from './rules';

/**
 * The changes that create notifications. Each runs inside the transaction of the change that
 * causes it, so a notification exists exactly when its cause was committed.
 */

/**
 * Records the rules' marks, takes back and brings up to date what they say; answers the
 * notifications whose key this transaction recorded, each with its mark.
 */
async function applyMarks(trx: Executor, userId: string, month: Month, changes: MarkChanges): Promise<TellNotification[]> {
  await removeMarks(trx, userId, month, changes.unmark);
  await withdrawMarks(trx, userId, month, changes.withdraw);
  await retellMarks(trx, userId, month, changes.retell);
  const recorded = await addMarks(trx, userId, month, changes.mark);
  return changes.notify.filter((n) => recorded.has(n.key)).map((n) => ({ ...n.notification, mark: { month, key: n.key } }));
}

/** A month that is "this month" for the person, and the day its forecast is made on (null: not begun). */
interface PersonsMonth {
  month: Month;
  day: CalendarDate | null;
}

/**
 * The person's "this month" at `now`: in their own zone (settings, sent by their web app), so
 * the forecast is made on the day their dashboard makes it on. A zone not known yet: UTC, where
 * near a month's turn both months count, and a month's forecast waits until it begins in UTC.
 */
async function personsMonths(trx: Executor, userId: string, now: Date): Promise<PersonsMonth[]> {
  const zone = (await findSettings(trx, userId))?.time_zone;
  if (zone && isTimeZone(zone)) {
    const today = todayIn(zone, now);
    return [{ month: monthOf(today), day: today }];
  }
  const today = todayIn('UTC', now);
  return currentMonths(now).map((month) => {
    const { from, to } = monthContaining(`${month}-01`);
    return { month, day: today < from ? null : today > to ? to : today };
  });
}

/** The monthly budget's thresholds against what is available (budget ± carry-over), and its forecast. */
async function checkBudget(trx: Executor, userId: string, home: string, { month, day }: PersonsMonth, rearm: boolean): Promise<TellNotification[]> {
  // One after another: a transaction is one connection.
  const { availableCents: budgetCents, spentCents } = await monthlyAvailability(trx, userId, `${month}-01`);
  const fired = await firedMarks(trx, userId, month);
  const state = { month, spentCents, budgetCents, fired, home };
  const told = await applyMarks(trx, userId, month, budgetChanges(state, { rearm }));
  if (day === null) return told;
  // The same figures as the dashboard's on that day; none needed to take back a forecast with no budget left.
  const figures = forecastMatters(state)
    ? await forecastOn(trx, userId, day, spentCents)
    : forecastOutlived(state)
      ? { forecastCents: null, monthEnd: endOfMonth(day) }
      : null;
  if (!figures) return told;
  return [...told, ...(await applyMarks(trx, userId, month, forecastChanges({ ...state, ...figures })))];
}

async function checkCategory(trx: Executor, userId: string, home: string, month: Month, categoryId: string, rearm: boolean): Promise<TellNotification[]> {
  const category = await findCategory(trx, userId, categoryId);
  if (!category || (category.budget_cents === null && !rearm)) return [];
  const budgetCents = (await categoryAvailability(trx, userId, `${month}-01`)).get(categoryId)?.availableCents ?? category.budget_cents;
  const spentCents = await monthSpending(trx, userId, month, categoryId);
  const fired = await firedMarks(trx, userId, month);
  const state = { month, categoryId, name: category.name, spentCents, budgetCents, fired, home };
  return applyMarks(trx, userId, month, categoryChanges(state, { rearm }));
}

/**
 * Receipt listener (runs after the totals listener, so totals include the write). Each listed
 * change is told as below; receipts recounted in bulk have every month's budget thresholds
 * checked again (re-armed where no longer crossed), as a budget change does.
 */
export async function notifyOnReceipts(trx: Executor, { userId, at, changes, unlisted }: ReceiptBatch): Promise<void> {
  for (const change of changes) await notifyOnReceiptChange(trx, userId, at, change);
  if (unlisted?.recount) await onBudgetChanged(trx, userId, at);
}

/**
 * A receipt saved from a scan is announced (one typed by hand is not: the person is looking at
 * it); a new or edited one may cross this month's thresholds. Deleting or editing never takes
 * back what was already sent.
 */
async function notifyOnReceiptChange(trx: Executor, userId: string, now: Date, { before, after, announce }: ReceiptChange): Promise<void> {
  if (!after) return;
  const created = before === null;
  // Read once for every message this change may write (they name sums in it).
  const home = await findHomeCurrency(trx, userId);
  const out: TellNotification[] = created && announce ? [receiptSaved(after, home)] : [];
  const current = (await personsMonths(trx, userId, now)).find((m) => m.month === monthOf(after.date));
  if (current) {
    // Its items may count in categories of their own: each may cross its budget.
    const categories = new Set([after.categoryId, ...after.parts.filter((p) => p.cents > 0).map((p) => p.categoryId)]);
    for (const categoryId of [...categories].sort()) out.push(...(await checkCategory(trx, userId, home, current.month, categoryId, false)));
    out.push(...(await checkBudget(trx, userId, home, current, false)));
  }
  if (created) {
    const tip = gapTip(await receiptSavedTimes(trx, userId, after.id));
    if (tip) out.push(tip);
  }
  // A return window already closing within days is told at once, not at the next sweep.
  const { from, to } = returnWindow(now);
  out.push(...(await returnReminders(trx, userId, await returnsDueBetween(trx, from, to, { userId, receiptId: after.id }), from)));
  await insertNotifications(trx, userId, out);
}

/**
 * Call inside the transaction that changed what another person's shared receipt counts for this
 * person (their share of it, in these categories and days): this month's thresholds may be
 * crossed, as by a receipt of their own.
 */
export async function notifyOnCounted(
  trx: Executor,
  userId: string,
  now: Date,
  parts: ReadonlyArray<{ day: CalendarDate; categoryId: string }>,
): Promise<void> {
  const home = await findHomeCurrency(trx, userId);
  const out: TellNotification[] = [];
  for (const current of await personsMonths(trx, userId, now)) {
    const categories = new Set(parts.filter((p) => monthOf(p.day) === current.month).map((p) => p.categoryId));
    if (categories.size === 0) continue;
    for (const categoryId of [...categories].sort()) out.push(...(await checkCategory(trx, userId, home, current.month, categoryId, false)));
    out.push(...(await checkBudget(trx, userId, home, current, false)));
  }
  await insertNotifications(trx, userId, out);
}

/**
 * Call inside the transaction that changed the user's monthly budget: thresholds no longer
 * crossed are re-armed, and ones the new budget crosses fire now.
 */
export async function onBudgetChanged(trx: Executor, userId: string, now: Date): Promise<void> {
  const home = await findHomeCurrency(trx, userId);
  for (const month of await personsMonths(trx, userId, now)) {
    await insertNotifications(trx, userId, await checkBudget(trx, userId, home, month, true));
  }
}

/**
 * Call inside the transaction that changed a category's budget: its alert is re-armed when the
 * category is no longer over, or fires now when the new budget is crossed.
 */
export async function onCategoryBudgetChanged(trx: Executor, userId: string, categoryId: string, now: Date): Promise<void> {
  const home = await findHomeCurrency(trx, userId);
  for (const { month } of await personsMonths(trx, userId, now)) {
    await insertNotifications(trx, userId, await checkCategory(trx, userId, home, month, categoryId, true));
  }
}

/** Call inside the transaction that created the user's profile. */
export async function notifyWelcome(trx: Executor, userId: string): Promise<void> {
  await insertNotifications(trx, userId, [welcomeTip()]);
}

// ---------- reminders ----------

/** Today (UTC) and the last day `days` ahead: what counts as due soon. */
function windowAhead(now: Date, days: number): { from: string; to: string } {
  const from = now.toISOString().slice(0, 10);
  return { from, to: addDays(from, days) };
}

const reminderWindow = (now: Date) => windowAhead(now, BILL_REMINDER_DAYS);
const returnWindow = (now: Date) => windowAhead(now, RETURN_REMINDER_DAYS);

/** Tells each row's person, in a transaction of their own; a closed account (or one being deleted) is told nothing, the others still are. */
async function tellEach<T extends { user_id: string }>(db: Db, rows: readonly T[], tell: (trx: Executor, row: T) => Promise<void>): Promise<void> {
  for (const row of rows) {
    try {
      await writeAsUser(db, row.user_id, (trx) => tell(trx, row));
    } catch (err) {
      if (!(err instanceof HttpError && err.statusCode === 401)) throw err;
    }
  }
}

/** Reminds of the return windows not told yet (a mark per receipt or item and date), each with its mark. */
async function returnReminders(trx: Executor, userId: string, due: readonly DueReturn[], today: string): Promise<TellNotification[]> {
  const out: TellNotification[] = [];
  for (const d of due) {
    const month = monthOf(d.return_by);
    const key = returnKey(d.receipt_id, d.position, d.return_by);
    if (!(await addMarks(trx, userId, month, [key])).has(key)) continue;
    const amount = formatMoney(d.amount_minor, d.currency);
    out.push({ ...returnReminder({ receiptId: d.receipt_id, store: d.store, item: d.item, amount, date: d.return_by }, today), mark: { month, key } });
  }
  return out;
}

/** Tells every person of their return windows closing in the next few days (run now and then; each is told once). */
export async function remindDueReturns(db: Db, now: Date): Promise<void> {
  const { from, to } = returnWindow(now);
  const byPerson = new Map<string, DueReturn[]>();
  for (const due of await returnsDueBetween(db, from, to)) byPerson.set(due.user_id, [...(byPerson.get(due.user_id) ?? []), due]);
  const people = [...byPerson].map(([user_id, due]) => ({ user_id, due }));
  await tellEach(db, people, async (trx, { user_id, due }) => insertNotifications(trx, user_id, await returnReminders(trx, user_id, due, from)));
}

/** The periodic sweep (plugins/billReminders.ts): bills due and return windows closing soon. */
export async function remindDue(db: Db, now: Date): Promise<void> {
  await remindDueBills(db, now);
  await remindDueReturns(db, now);
}

// ---------- recurring bills ----------

/** Tells of a confirmed bill once per bill date, when that date is within the reminder window. */
async function remindBill(trx: Executor, series: SeriesRow, now: Date): Promise<void> {
  const { from, to } = reminderWindow(now);
  if (series.status !== 'confirmed' || series.next_date < from || series.next_date > to) return;
  const key = billKey(series.id, series.next_date);
  const recorded = await addMarks(trx, series.user_id, monthOf(series.next_date), [key]);
  if (recorded.has(key))
    await insertNotifications(trx, series.user_id, [
      billReminder({ store: series.store, amountCents: billAmountCents(series), date: series.next_date }, await findHomeCurrency(trx, series.user_id)),
    ]);
}

/** Call inside the transaction that confirmed or edited a bill: a bill due in the next few days is told at once. */
export async function remindBillIfDue(trx: Executor, userId: string, seriesId: string, now: Date): Promise<void> {
  const series = await findSeries(trx, userId, seriesId);
  if (series) await remindBill(trx, series, now);
}

/** Tells every person of their confirmed bills due in the next few days (run now and then; each bill date is told once). */
export async function remindDueBills(db: Db, now: Date): Promise<void> {
  const { from, to } = reminderWindow(now);
  await tellEach(db, await confirmedDueBetween(db, from, to), (trx, series) => remindBill(trx, series, now));
}
