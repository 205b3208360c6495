import { currencyMarker, suggestedDateOrder } from '../../../../src/server/modules/scan/receiptHints';

describe('suggestedDateOrder', () => {
  it('a day above 12 in a numeric date decides', () => {
    expect(suggestedDateOrder('Date: 22/02/2018')).toBe('DMY');
    expect(suggestedDateOrder('Date: 02/22/2018 TOTAL $5.00')).toBe('MDY');
    // Another date on the receipt settles an ambiguous one.
    expect(suggestedDateOrder('03/04/2025\nvalid until 15-04-2025')).toBe('DMY');
  });

  it('a currency or tax word of a day-first place suggests day first', () => {
    expect(suggestedDateOrder('03/04/2025\nTOTAL RM 12.00')).toBe('DMY');
    expect(suggestedDateOrder('GST 6% 0.72\n03.04.2025')).toBe('DMY');
    expect(suggestedDateOrder('Total € 4,50')).toBe('DMY');
  });

  it('gives no suggestion without a sign', () => {
    expect(suggestedDateOrder('03/04/2025\nTOTAL 10.36')).toBeNull();
    expect(suggestedDateOrder('TOTAL $10.36\n2025-04-03')).toBeNull();
    expect(suggestedDateOrder('FORM 12 TERM')).toBeNull();
  });
});

describe('currencyMarker', () => {
  it('finds the marker printed on the receipt, the most specific first', () => {
    expect(currencyMarker('TOTAL RM63.80')).toBe('RM');
    expect(currencyMarker('TOTAL (RM) 63.80')).toBe('RM');
    expect(currencyMarker('TOTAL S$ 4.00')).toBe('S$');
    expect(currencyMarker('Summe 4,50 €')).toBe('€');
    expect(currencyMarker('TOTAL $10.36')).toBe('$');
  });

  it('is null when none is printed', () => {
    expect(currencyMarker('TOTAL 10.36\nTERM 1 FORM 2')).toBeNull();
  });
});
