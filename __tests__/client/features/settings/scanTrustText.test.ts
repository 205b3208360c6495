import { learnedLine, trustLines } from '../../../../src/client/features/settings/scanTrustText';
import { PERSONAL_PICKER_MIN_SCANS, TRUST_MIN_SCANS } from '../../../../src/shared/constants/scan';
import type { LearnedField, ScanLearned } from '../../../../src/shared/scan';

const learned: ScanLearned = { state: 'too_few_scans', scans: 0, min_scans: PERSONAL_PICKER_MIN_SCANS };

describe('trustLines', () => {
  it('says how often each field was saved as read', () => {
    expect(trustLines({ scans: 100, total_amount: 96, date: 91, store_name: 70, learned })).toEqual([
      'Totals right as read: 96 of 100',
      'Dates right as read: 91 of 100',
      'Stores right as read: 70 of 100',
    ]);
  });

  it('says nothing until there are a few scans, or before the figure arrives', () => {
    expect(trustLines({ scans: TRUST_MIN_SCANS - 1, total_amount: 1, date: 1, store_name: 1, learned })).toBeNull();
    expect(trustLines(undefined)).toBeNull();
    expect(trustLines({ scans: TRUST_MIN_SCANS, total_amount: 5, date: 4, store_name: 0, learned })).toContain(`Stores right as read: 0 of ${TRUST_MIN_SCANS}`);
  });
});

describe('learnedLine', () => {
  const field = (on: boolean, with_corrections: number, before: number, scans = 15): LearnedField => ({ on, scans, with_corrections, before });
  const fields = { total_amount: field(true, 14, 11), date: field(false, 15, 15), store_name: field(true, 9, 6, 12) };

  it("names each field picked the person's way, with and without their corrections", () => {
    expect(learnedLine({ state: 'on', scans: 40, min_scans: PERSONAL_PICKER_MIN_SCANS, fields })).toBe(
      'Scanning has learned from your corrections: totals right 14 of 15 with your corrections, 11 of 15 before; stores right 9 of 12 with your corrections, 6 of 12 before',
    );
  });

  it('says why it is off: too few saved scans, no gain, or an update to learn again from', () => {
    expect(learnedLine({ state: 'too_few_scans', scans: 7, min_scans: PERSONAL_PICKER_MIN_SCANS })).toBe(
      `Scanning learns from your corrections once you have saved enough scans: 7 of ${PERSONAL_PICKER_MIN_SCANS} so far`,
    );
    expect(learnedLine({ state: 'no_gain', scans: 30, min_scans: PERSONAL_PICKER_MIN_SCANS, fields })).toBe(
      'Scanning does not use your corrections yet: on your saved scans they did not make it read better',
    );
    expect(learnedLine({ state: 'relearning', scans: 30, min_scans: PERSONAL_PICKER_MIN_SCANS, fields })).toBe(
      'Scanning is learning from your corrections again since it was updated',
    );
    expect(learnedLine(undefined)).toBeNull();
  });
});
