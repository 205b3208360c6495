import type { ScanLearned, ScanTrust } from '../../../shared/scan';
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

const FIELDS = [
  ['total_amount', 'totals'],
  ['date', 'dates'],
  ['store_name', 'stores'],
] as const;

/**
 * Whether scanning learned from the person's corrections, in words: on, with each field it picks
 * their way ('totals right 14 of 15 with your corrections, 11 of 15 before', judged on saved scans
 * held out of the learning), or why not.
 */
export function learnedLine(learned: ScanLearned | undefined): string | null {
  if (!learned) return null;
  switch (learned.state) {
    case 'on': {
      const on = FIELDS.flatMap(([key, name]) => {
        const f = learned.fields?.[key];
        return f?.on ? [`${name} right ${f.with_corrections} of ${f.scans} with your corrections, ${f.before} of ${f.scans} before`] : [];
      });
      return `Scanning has learned from your corrections: ${on.join('; ')}`;
    }
    case 'too_few_scans':
      return `Scanning learns from your corrections once you have saved enough scans: ${learned.scans} of ${learned.min_scans} so far`;
    case 'no_gain':
      return 'Scanning does not use your corrections yet: on your saved scans they did not make it read better';
    case 'relearning':
      return 'Scanning is learning from your corrections again since it was updated';
  }
}
