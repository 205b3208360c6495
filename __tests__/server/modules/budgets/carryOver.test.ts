import { budgetInMonth, carryOverInto, rolloverStart } from '../../../../src/server/modules/budgets/carryOver';
import { billDaysBetween, cumulativeByDay, monthEndForecast, pace, PRIOR_WEIGHT_DAYS } from '../../../../src/server/modules/budgets/forecast';
import { oneIntervalAfter } from '../../../../src/server/modules/recurring/reconcile';

describe('budgetInMonth', () => {
  const history = [
    { month: '1970-01-01', cents: 50_000 },
    { month: '2026-03-01', cents: 60_000 },
    { month: '2026-06-01', cents: null },
  ];
  it('takes the budget in force by the month, and none before the first was set', () => {
    expect(budgetInMonth(history, '2025-12-01')).toBe(50_000);
    expect(budgetInMonth(history, '2026-03-01')).toBe(60_000);
    expect(budgetInMonth(history, '2026-05-01')).toBe(60_000);
    expect(budgetInMonth(history, '2026-07-01')).toBeNull();
    expect(budgetInMonth(history.slice(1), '2026-02-01')).toBeNull();
    expect(budgetInMonth([], '2026-07-01')).toBeNull();
  });
});

describe('carryOverInto', () => {
  const spent: Record<string, number> = { '2026-01-01': 40_000, '2026-02-01': 52_000, '2026-03-01': 10_000 };
  const spentIn = (m: string) => spent[m] ?? 0;

  it('adds what was left and takes what was overspent, month after month', () => {
    // January: 500 − 400 = +100; February (28 days, overspent): 500 − 520 = −20.
    const fromJanuary = [{ month: '2026-01-01', cents: 50_000 }];
    expect(carryOverInto('2026-03-01', '2026-01-01', fromJanuary, spentIn)).toBe(8_000);
    expect(carryOverInto('2026-02-01', '2026-01-01', fromJanuary, spentIn)).toBe(10_000);
    expect(carryOverInto('2026-01-01', '2026-01-01', fromJanuary, spentIn)).toBe(0);
  });

  it('carries nothing from months before the budget was set, whatever was spent in them', () => {
    // Set in March, rollover from February (the month before it was turned on): February had no budget.
    expect(carryOverInto('2026-04-01', '2026-02-01', [{ month: '2026-03-01', cents: 50_000 }], spentIn)).toBe(40_000);
    expect(carryOverInto('2026-03-01', '2026-02-01', [{ month: '2026-03-01', cents: 50_000 }], spentIn)).toBe(0);
  });

  it('counts each month with the budget it had, skips months without one, and starts where rollover began', () => {
    const history = [
      { month: '1970-01-01', cents: 50_000 },
      { month: '2026-02-01', cents: null },
      { month: '2026-03-01', cents: 30_000 },
    ];
    expect(carryOverInto('2026-04-01', '2026-01-01', history, spentIn)).toBe(10_000 + 20_000);
    expect(carryOverInto('2026-04-01', '2026-03-01', history, spentIn)).toBe(20_000);
    expect(carryOverInto('2026-04-01', null, history, spentIn)).toBe(0);
  });

  it('starts with the month before rollover is turned on, across a year', () => {
    expect(rolloverStart('2026-01-01')).toBe('2025-12-01');
  });
});

describe('pace', () => {
  it('compares spending with an even line to the available amount', () => {
    expect(pace(5_000, 60_000, 5, 30)).toEqual({ expectedCents: 10_000, differenceCents: 5_000 });
    expect(pace(30_000, 28_000, 14, 28)).toEqual({ expectedCents: 14_000, differenceCents: -16_000 });
  });
});

describe('monthEndForecast', () => {
  const base = { spentCents: 5_000, billsSpentCents: 0, day: 5, daysInMonth: 30, priorDailyCents: null, billsToComeCents: 0 };
  it('goes on at this month’s day-to-day rate without history', () => {
    expect(monthEndForecast(base)).toBe(30_000);
  });
  it('steadies the rate with earlier months', () => {
    // (5000 + 2000 × 7) / 12 per day for 25 days.
    expect(monthEndForecast({ ...base, priorDailyCents: 2_000 })).toBe(
      Math.round(5_000 + ((5_000 + 2_000 * PRIOR_WEIGHT_DAYS) / (5 + PRIOR_WEIGHT_DAYS)) * 25),
    );
  });
  it('counts a bill once, not as a pace, and adds the bills to come', () => {
    expect(monthEndForecast({ ...base, spentCents: 6_549, billsSpentCents: 1_549, billsToComeCents: 999 })).toBe(6_549 + 25_000 + 999);
  });
  it('never forecasts less than what is spent when refunds outweigh spending', () => {
    expect(monthEndForecast({ ...base, spentCents: -2_000 })).toBe(-2_000);
  });
  it('is what was spent on the last day', () => {
    expect(monthEndForecast({ ...base, day: 30, billsToComeCents: 0 })).toBe(5_000);
  });
});

describe('billDaysBetween', () => {
  const monthly = (d: string) => oneIntervalAfter(d, 'monthly');
  const weekly = (d: string) => oneIntervalAfter(d, 'weekly');
  it('lists the bill days after today until the month’s end', () => {
    expect(billDaysBetween('2026-02-10', monthly, '2026-02-05', '2026-02-28')).toEqual(['2026-02-10']);
    expect(billDaysBetween('2026-02-03', weekly, '2026-02-05', '2026-02-28')).toEqual(['2026-02-10', '2026-02-17', '2026-02-24']);
    expect(billDaysBetween('2026-02-05', monthly, '2026-02-05', '2026-02-28')).toEqual([]);
  });
  it('keeps a month-end bill on the last day of a short month', () => {
    expect(oneIntervalAfter('2026-01-31', 'monthly')).toBe('2026-02-28');
    expect(oneIntervalAfter('2024-02-29', 'yearly')).toBe('2025-02-28');
  });
});

describe('cumulativeByDay', () => {
  it('sums day by day, days without receipts adding nothing', () => {
    expect(
      cumulativeByDay(
        '2026-02-01',
        4,
        new Map([
          ['2026-02-01', 100],
          ['2026-02-03', 250],
          ['2026-02-05', 999],
        ]),
      ),
    ).toEqual([100, 100, 350, 350]);
  });
});
