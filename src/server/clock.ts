/**
 * The API's "now", from one place: every rule that depends on the day (this month, the
 * forecast, bill reminders, a receipt's latest date) asks the clock it was handed, so a test
 * or a demo can set the day it means (FIXED_TIME) instead of getting the machine's.
 */
export type Clock = () => Date;

/** The machine's clock, or one that stands at `fixedTime` for the whole run. */
export function clockOf(fixedTime: Date | null): Clock {
  if (!fixedTime) return () => new Date();
  const ms = fixedTime.getTime();
  return () => new Date(ms);
}

/** FIXED_TIME: empty for the machine's clock, else an ISO moment ('2027-01-01T09:00:00Z'). */
export function parseFixedTime(raw: string): Date | null {
  if (raw === '') return null;
  const at = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(raw) || Number.isNaN(at.getTime())) {
    throw new Error(`FIXED_TIME must be an ISO moment such as 2027-01-01T09:00:00Z, got '${raw}'`);
  }
  return at;
}
