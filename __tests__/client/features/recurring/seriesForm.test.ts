import { seriesChanges, seriesFormValues, validateSeriesForm } from '../../../../src/client/features/recurring/seriesForm';

describe('validateSeriesForm', () => {
  it('reads the amount like every money field: above 0, two decimals at most, at most $10M', () => {
    const check = (amount: string) => validateSeriesForm({ amount, interval: 'monthly' }).amount;
    expect(check('15.49')).toBeUndefined();
    expect(check('$1,234.50')).toBeUndefined();
    expect(check('')).toBe('Amount is required');
    expect(check('abc')).toBe('Amount must be a number with at most two decimals');
    expect(check('1.999')).toBe('Amount must be a number with at most two decimals');
    expect(check('0')).toBe('Amount must be more than $0.00');
    expect(check('-5')).toBe('Amount must be more than $0.00');
    expect(check('10000000.01')).toBe('Amount must be at most $10,000,000.00');
  });
});

describe('seriesChanges', () => {
  const series = { amount: 15.49, interval: 'monthly' as const };

  it('starts from the series', () => {
    expect(seriesFormValues(series)).toEqual({ amount: '15.49', interval: 'monthly' });
  });

  it('sends only what changed', () => {
    expect(seriesChanges(series, { amount: '15.49', interval: 'monthly' })).toEqual({});
    expect(seriesChanges(series, { amount: '16', interval: 'monthly' })).toEqual({ amount: 16 });
    expect(seriesChanges(series, { amount: '15.49', interval: 'yearly' })).toEqual({ interval: 'yearly' });
    expect(seriesChanges(series, { amount: '1,200', interval: 'weekly' })).toEqual({ amount: 1200, interval: 'weekly' });
  });
});
