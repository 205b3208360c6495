import type { WarrantyEntry } from '../../../shared/warranties';
import { daysBetween } from '../../../shared/calendar';
import { formatDate } from '../../ui/dates';

/** What the entry is: the item, or the receipt's store for the whole receipt. */
export function entryName(entry: WarrantyEntry): string {
  return entry.item ?? entry.store;
}

/** Where and when it was bought: 'Best Buy, Mar 14, 2026' for an item, the day alone for a whole receipt. */
export function boughtText(entry: WarrantyEntry): string {
  return entry.item ? `${entry.store}, ${formatDate(entry.date)}` : formatDate(entry.date);
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} left`;

/**
 * How long is left, from the viewer's today: days for two months ('Last day today', '24 days
 * left'), then whole months for two years, then whole years, as a warranty is thought of.
 */
export function daysLeftText(until: string, today: string): string {
  const days = daysBetween(today, until);
  if (days <= 0) return 'Last day today';
  if (days <= 60) return plural(days, 'day');
  if (days <= 730) return plural(Math.floor(days / 30.44), 'month');
  return plural(Math.floor(days / 365.25), 'year');
}

export const NOTHING_TO_RETURN = 'Nothing can be returned right now. Choose ‘Return by’ when you add a receipt to see it here.';
export const NOTHING_UNDER_WARRANTY = 'Nothing is under warranty. Choose ‘Warranty until’ on a receipt or an item to keep track of it here.';
