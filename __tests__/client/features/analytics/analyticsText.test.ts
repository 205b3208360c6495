import { ANALYTICS_RANGES } from '../../../../src/shared/analytics';
import {
  RANGE_LABELS,
  RANGE_ORDER,
  comparedSpan,
  comparisonSentence,
  periodSummary,
  previousFigures,
  previousPeriodName,
  seriesCaption,
  breakdownCaption,
  type PeriodComparison,
} from '../../../../src/client/features/analytics/analyticsText';

/** A breakdown's comparison: this week so far (Tuesday) against last Monday and Tuesday unless changed. */
const comparison = (change: Partial<PeriodComparison> = {}): PeriodComparison => ({
  period: 'Nov 30',
  total: 120,
  previous_period: 'Nov 23',
  previous_total: 100,
  previous_days: 2,
  previous_period_total: 1304.75,
  previous_period_days: 7,
  change_pct: 20,
  ...change,
});

describe('comparedSpan', () => {
  it('names the days compared, one day singular', () => {
    expect(comparedSpan('weekly', comparison())).toBe('the same 2 days last week');
    expect(comparedSpan('monthly', comparison({ previous_days: 1, previous_period_days: 30 }))).toBe('the same 1 day last month');
    expect(comparedSpan('yearly', comparison({ previous_days: 335, previous_period_days: 365 }))).toBe('the same 335 days last year');
  });

  it('names the whole previous period when the same days are all of it', () => {
    expect(comparedSpan('weekly', comparison({ previous_days: 7 }))).toBe('last week');
    expect(comparedSpan('monthly', comparison({ previous_days: 28, previous_period_days: 28 }))).toBe('last month');
  });
});

describe('comparisonSentence', () => {
  it('says up or down by how much, and against which days', () => {
    expect(comparisonSentence('monthly', comparison({ change_pct: 12, previous_days: 5, previous_period_days: 30 }))).toBe(
      'up 12% on the same 5 days last month',
    );
    expect(comparisonSentence('weekly', comparison({ change_pct: -5 }))).toBe('down 5% on the same 2 days last week');
    expect(comparisonSentence('yearly', comparison({ change_pct: 250.5, previous_days: 365, previous_period_days: 365 }))).toBe('up 250.5% on last year');
    expect(comparisonSentence('weekly', comparison({ change_pct: -100, previous_days: 1 }))).toBe('down 100% on the same 1 day last week');
    expect(comparisonSentence('weekly', comparison({ change_pct: 900 }))).toBe('up 900% on the same 2 days last week');
  });

  it('says "unchanged" when nothing changed', () => {
    expect(comparisonSentence('yearly', comparison({ change_pct: 0, previous_days: 365, previous_period_days: 365 }))).toBe('unchanged from last year');
    expect(comparisonSentence('monthly', comparison({ change_pct: -0, previous_days: 3, previous_period_days: 31 }))).toBe(
      'unchanged from the same 3 days last month',
    );
  });

  it('says nothing when the API gives no percentage', () => {
    expect(comparisonSentence('monthly', comparison({ change_pct: null }))).toBeNull();
    expect(comparisonSentence('monthly', comparison({ change_pct: Number.POSITIVE_INFINITY }))).toBeNull();
    expect(comparisonSentence('monthly', comparison({ change_pct: Number.NaN }))).toBeNull();
  });

  it('keeps at most one decimal', () => {
    expect(comparisonSentence('weekly', comparison({ change_pct: 3.14159 }))).toBe('up 3.1% on the same 2 days last week');
  });
});

describe('previousPeriodName', () => {
  it('calls the previous period by the name a person uses', () => {
    expect(previousPeriodName('weekly', 'Nov 23')).toBe('Last week');
    expect(previousPeriodName('monthly', 'Nov 2026')).toBe('November');
    expect(previousPeriodName('monthly', 'Dec 2025')).toBe('December');
    expect(previousPeriodName('yearly', '2025')).toBe('2025');
  });

  it('keeps a label it cannot read as it is', () => {
    expect(previousPeriodName('monthly', 'Month 13')).toBe('Month 13');
    expect(previousPeriodName('monthly', 'Nov')).toBe('Nov');
  });
});

describe('previousFigures', () => {
  it('gives the same days and the whole previous period', () => {
    expect(previousFigures('weekly', comparison({ previous_total: 1021.3 }))).toEqual(['vs the same 2 days last week: $1,021.30', 'Last week: $1,304.75']);
    expect(
      previousFigures(
        'monthly',
        comparison({ previous_period: 'Nov 2026', previous_total: 120, previous_days: 1, previous_period_total: 3046.71, previous_period_days: 30 }),
      ),
    ).toEqual(['vs the same 1 day last month: $120.00', 'November: $3,046.71']);
    expect(
      previousFigures(
        'yearly',
        comparison({ previous_period: '2025', previous_total: 2000, previous_days: 335, previous_period_total: 2500, previous_period_days: 365 }),
      ),
    ).toEqual(['vs the same 335 days last year: $2,000.00', '2025: $2,500.00']);
  });

  it('shows a negative base as it is', () => {
    expect(previousFigures('weekly', comparison({ previous_total: -15.84, change_pct: null }))).toEqual([
      'vs the same 2 days last week: -$15.84',
      'Last week: $1,304.75',
    ]);
  });

  it('gives the whole previous period once when the same days are all of it', () => {
    expect(previousFigures('weekly', comparison({ previous_days: 7, previous_total: 1304.75 }))).toEqual(['Last week: $1,304.75']);
  });
});

describe('periodSummary', () => {
  it('gives the total in dollars and the comparison when there is one', () => {
    expect(periodSummary('weekly', comparison({ change_pct: -5 }))).toBe('$120.00 this week, down 5% on the same 2 days last week.');
    expect(periodSummary('monthly', comparison({ total: 1234.5, change_pct: null }))).toBe('$1,234.50 this month.');
    expect(periodSummary('yearly', comparison({ total: 0, change_pct: 0, previous_days: 366, previous_period_days: 366 }))).toBe(
      '$0.00 this year, unchanged from last year.',
    );
  });

  it('gives no percentage on a refund-sized base, only the total', () => {
    expect(periodSummary('weekly', comparison({ total: 54.82, previous_total: -15.84, change_pct: null }))).toBe('$54.82 this week.');
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
