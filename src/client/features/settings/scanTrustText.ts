import type { ScanTrust } from '../../../shared/scan';
import { TRUST_MIN_SCANS } from '../../../shared/constants/scan';

/**
 * The trust figure in words (issue 52): 'Totals right as read: 96 of 100', then dates and stores;
 * null until the person has saved a few scans, when a share would say nothing.
 */
export function trustLines(trust: ScanTrust | undefined): string[] | null {
  if (!trust || trust.scans < TRUST_MIN_SCANS) return null;
  const line = (what: string, right: number) => `${what} right as read: ${right} of ${trust.scans}`;
  return [line('Totals', trust.total_amount), line('Dates', trust.date), line('Stores', trust.store_name)];
}
