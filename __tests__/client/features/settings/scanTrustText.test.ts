import { trustLines } from '../../../../src/client/features/settings/scanTrustText';
import { TRUST_MIN_SCANS } from '../../../../src/shared/constants/scan';

describe('trustLines', () => {
  it('says how often each field was saved as read', () => {
    expect(trustLines({ scans: 100, total_amount: 96, date: 91, store_name: 70 })).toEqual([
      'Totals right as read: 96 of 100',
      'Dates right as read: 91 of 100',
      'Stores right as read: 70 of 100',
    ]);
  });

  it('says nothing until there are a few scans, or before the figure arrives', () => {
    expect(trustLines({ scans: TRUST_MIN_SCANS - 1, total_amount: 1, date: 1, store_name: 1 })).toBeNull();
    expect(trustLines(undefined)).toBeNull();
    expect(trustLines({ scans: TRUST_MIN_SCANS, total_amount: 5, date: 4, store_name: 0 })).toContain(`Stores right as read: 0 of ${TRUST_MIN_SCANS}`);
  });
});
