import { addDays, addYears, isCalendarDate } from '../../../shared/calendar';
import { RETURN_PICK_DAYS, WARRANTY_PICK_YEARS } from '../../../shared/constants/warranties';

/**
 * A receipt's (or an item's) return window and warranty in the forms: the quick picks, counted
 * from the receipt's date, their rules and their part of the save payload.
 */

/** As typed: a 'YYYY-MM-DD' date; '' cleared; left out: never set. */
export interface DeadlineValues {
  returnBy?: string;
  warrantyUntil?: string;
}

export type DeadlineField = keyof DeadlineValues;

export interface DeadlinePick {
  key: string;
  label: string;
  /** The pick's last day, from the receipt's date. */
  from: (receiptDate: string) => string;
}

export const DEADLINE_PICKS: Record<DeadlineField, readonly DeadlinePick[]> = {
  returnBy: RETURN_PICK_DAYS.map((days) => ({ key: `${days}d`, label: `${days} days`, from: (day: string) => addDays(day, days) })),
  warrantyUntil: WARRANTY_PICK_YEARS.map((years) => ({
    key: `${years}y`,
    label: years === 1 ? '1 year' : `${years} years`,
    from: (day: string) => addYears(day, years),
  })),
};

/** The pick that gives this date from the receipt's date, if one does. */
export function pickOf(field: DeadlineField, value: string | undefined, receiptDate: string): DeadlinePick | undefined {
  if (!value || !isCalendarDate(receiptDate)) return undefined;
  return DEADLINE_PICKS[field].find((p) => p.from(receiptDate) === value);
}

export const DEADLINE_LABELS: Record<DeadlineField, string> = { returnBy: 'Return by', warrantyUntil: 'Warranty until' };

/** Why a typed deadline is not one: a real date after the receipt's (the API also bounds how far ahead). */
export function deadlineError(field: DeadlineField, value: string | undefined, receiptDate: string): string | undefined {
  if (!value) return undefined;
  if (!isCalendarDate(value)) return 'Enter a valid date';
  if (isCalendarDate(receiptDate) && value <= receiptDate) return `${DEADLINE_LABELS[field]} must be after the receipt's date`;
  return undefined;
}

export type DeadlineErrors = Partial<Record<DeadlineField, string>>;

export function deadlineErrors(values: DeadlineValues, receiptDate: string): DeadlineErrors {
  const errors: DeadlineErrors = {};
  for (const field of ['returnBy', 'warrantyUntil'] as const) {
    const error = deadlineError(field, values[field], receiptDate);
    if (error) errors[field] = error;
  }
  return errors;
}

/**
 * The payload's return_by and warranty_until: a date when set; null when cleared (`clearable`:
 * the receipt's own, which an edit would otherwise keep); left out otherwise, so a person who
 * uses none of this sends today's payload.
 */
export function deadlineBody(values: DeadlineValues, clearable: boolean): { return_by?: string | null; warranty_until?: string | null } {
  const one = (value: string | undefined) => (value ? value : value === '' && clearable ? null : undefined);
  const [return_by, warranty_until] = [one(values.returnBy), one(values.warrantyUntil)];
  return { ...(return_by !== undefined && { return_by }), ...(warranty_until !== undefined && { warranty_until }) };
}

/** The form values of a saved receipt's or item's deadlines (only those it has). */
export function deadlineValues(saved: { return_by?: string; warranty_until?: string }): DeadlineValues {
  return { ...(saved.return_by && { returnBy: saved.return_by }), ...(saved.warranty_until && { warrantyUntil: saved.warranty_until }) };
}
