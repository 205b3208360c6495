import { amountEvery, basedOnText, dueDateText, foundText, seriesSentence } from '../../../../src/client/features/recurring/recurringText';

describe('seriesSentence', () => {
  it('says about how much, how often and around when', () => {
    expect(seriesSentence({ amount: 15.49, interval: 'monthly', next_date: '2026-12-03' }, '2026-11-20')).toBe('About $15.49 every month, next around Dec 3');
    expect(seriesSentence({ amount: 4.5, interval: 'weekly', next_date: '2026-11-27' }, '2026-11-20')).toBe('About $4.50 every week, next around Nov 27');
    expect(seriesSentence({ amount: 1299, interval: 'yearly', next_date: '2026-03-01' }, '2026-01-02')).toBe('About $1,299.00 every year, next around Mar 1');
  });

  it('gives the year of a date in another year than the viewer’s', () => {
    expect(seriesSentence({ amount: 99, interval: 'yearly', next_date: '2027-01-04' }, '2026-12-30')).toBe('About $99.00 every year, next around Jan 4, 2027');
  });
});

describe('dueDateText', () => {
  it('leaves out this year only', () => {
    expect(dueDateText('2026-12-31', '2026-01-01')).toBe('Dec 31');
    expect(dueDateText('2025-12-31', '2026-01-01')).toBe('Dec 31, 2025');
  });

  it('shows what is not a date as it came', () => {
    expect(dueDateText('soon', '2026-01-01')).toBe('soon');
  });
});

it('writes what detection found, an amount per interval, and how many receipts a series rests on', () => {
  expect(foundText({ found_amount: 14.99, found_interval: 'monthly' })).toBe('found: $14.99 every month');
  expect(amountEvery(1234.5, 'weekly')).toBe('$1,234.50 every week');
  expect(basedOnText(3)).toBe('Based on 3 receipts');
  expect(basedOnText(1)).toBe('Based on 1 receipt');
});
