import { ANALYTICS_RANGES } from '../../../../src/shared/analytics';
import {
  RANGE_LABELS,
  RANGE_ORDER,
  comparisonSentence,
  periodSummary,
  seriesCaption,
  breakdownCaption,
} from '../../../../src/client/features/analytics/analyticsText';

describe('comparisonSentence', () => {
  it('tells a change above 999% as a multiple', () => {
    expect(comparisonSentence('monthly', 1234.5)).toBe('more than 13× last month');
    expect(comparisonSentence('monthly', 1000.5)).toBe('more than 11× last month');
    expect(comparisonSentence('weekly', 1900)).toBe('20× last week');
  });

  it('says up or down by how much, against the previous period of the range', () => {
    expect(comparisonSentence('monthly', 12)).toBe('up 12% on last month');
    expect(comparisonSentence('weekly', -5)).toBe('down 5% on last week');
    expect(comparisonSentence('yearly', 250.5)).toBe('up 250.5% on last year');
    expect(comparisonSentence('weekly', -100)).toBe('down 100% on last week');
  });

  it('says "same" when nothing changed', () => {
    expect(comparisonSentence('yearly', 0)).toBe('same as last year');
    expect(comparisonSentence('monthly', -0)).toBe('same as last month');
  });

  it('says nothing when there is nothing to compare with', () => {
    expect(comparisonSentence('monthly', null)).toBeNull();
    expect(comparisonSentence('monthly', Number.POSITIVE_INFINITY)).toBeNull();
    expect(comparisonSentence('monthly', Number.NaN)).toBeNull();
  });

  it('keeps at most one decimal', () => {
    expect(comparisonSentence('weekly', 3.14159)).toBe('up 3.1% on last week');
    expect(comparisonSentence('weekly', 999)).toBe('up 999% on last week');
  });
});

describe('periodSummary', () => {
  it('gives the total in dollars and the comparison when there is one', () => {
    expect(periodSummary('weekly', 120, -5)).toBe('$120.00 this week, down 5% on last week.');
    expect(periodSummary('monthly', 1234.5, null)).toBe('$1,234.50 this month.');
    expect(periodSummary('yearly', 0, 0)).toBe('$0.00 this year, same as last year.');
  });
});

it('names the charts after the range', () => {
  expect(seriesCaption('weekly')).toBe('Spending per week');
  expect(seriesCaption('yearly')).toBe('Spending per year');
  expect(breakdownCaption('monthly')).toBe('Spending this month by category');
});

it('offers the ranges of the contract, weekly first, with the spec labels', () => {
  expect(RANGE_ORDER).toEqual([...ANALYTICS_RANGES]);
  expect(RANGE_ORDER.map((r) => RANGE_LABELS[r])).toEqual(['Weekly', 'Monthly', 'Yearly']);
});
