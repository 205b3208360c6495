import {
  BUDGET_FORECAST,
  forecastChanges,
  forecastMatters,
  forecastOutlived,
  BUDGET_EXCEEDED,
  BUDGET_WARNING,
  budgetChanges,
  categoryChanges,
  categoryKey,
  categoryWarningKey,
  currentMonths,
  gapTip,
  monthLabel,
  receiptSaved,
  welcomeTip,
} from '../../../../src/server/modules/notifications/rules';
import { budgetLevel } from '../../../../src/shared/budget';

const month = '2026-11';
const budget = (spentCents: number, budgetCents: number | null, fired: string[] = []) => ({ month, spentCents, budgetCents, fired: new Set(fired) });

describe('budgetLevel', () => {
  it.each([
    [0, 50_000, 'none'],
    [39_999, 50_000, 'none'],
    [40_000, 50_000, 'warning'],
    [49_999, 50_000, 'warning'],
    [50_000, 50_000, 'warning'], // reaching exactly 100% is a warning
    [50_001, 50_000, 'exceeded'],
    [10_000, null, 'none'],
    [0, 0, 'none'],
    [1, 0, 'exceeded'],
    [-500, 100, 'none'],
  ])('spent %d of %s → %s', (spent, b, level) => {
    expect(budgetLevel(spent, b)).toBe(level);
  });
});

describe('budgetChanges', () => {
  it('fires the warning once when 80% is crossed', () => {
    const first = budgetChanges(budget(42_000, 50_000));
    expect(first.mark).toEqual([BUDGET_WARNING]);
    expect(first.notify).toHaveLength(1);
    expect(first.notify[0].notification).toEqual({
      type: 'budget',
      title: 'Budget warning',
      message: "You've spent $420.00 of your $500.00 budget for November 2026 (84%).",
      link: '/',
    });
    const again = budgetChanges(budget(45_000, 50_000, [BUDGET_WARNING]));
    expect(again).toEqual({ mark: [], unmark: [], notify: [], withdraw: [], retell: [] });
  });

  it('tells exactly 100% as a warning and going over as exceeded, once', () => {
    expect(budgetChanges(budget(50_000, 50_000)).notify[0].notification.title).toBe('Budget warning');
    const over = budgetChanges(budget(52_000, 50_000, [BUDGET_WARNING]));
    expect(over.mark).toEqual([BUDGET_EXCEEDED]);
    expect(over.notify.map((n) => n.notification)).toEqual([
      { type: 'budget', title: 'Budget exceeded', message: "You've spent $520.00 of your $500.00 budget for November 2026: $20.00 over.", link: '/' },
    ]);
    expect(budgetChanges(budget(60_000, 50_000, [BUDGET_WARNING, BUDGET_EXCEEDED])).notify).toEqual([]);
  });

  it('jumping straight over the budget marks both thresholds and tells only that it is exceeded', () => {
    const jump = budgetChanges(budget(70_000, 50_000));
    expect(jump.mark).toEqual([BUDGET_WARNING, BUDGET_EXCEEDED]);
    expect(jump.notify.map((n) => [n.key, n.notification.title])).toEqual([[BUDGET_EXCEEDED, 'Budget exceeded']]);
  });

  it('re-arms, on a budget change only, thresholds no longer crossed', () => {
    const fired = [BUDGET_WARNING, BUDGET_EXCEEDED];
    // A receipt change never re-arms.
    expect(budgetChanges(budget(10_000, 100_000, fired)).unmark).toEqual([]);
    expect(budgetChanges(budget(10_000, 100_000, fired), { rearm: true })).toEqual({ mark: [], unmark: fired, notify: [], withdraw: [], retell: [] });
    expect(budgetChanges(budget(85_000, 100_000, fired), { rearm: true })).toEqual({
      mark: [],
      unmark: [BUDGET_EXCEEDED],
      notify: [],
      withdraw: [],
      retell: [],
    });
    expect(budgetChanges(budget(10_000, null, fired), { rearm: true }).unmark).toEqual(fired);
  });

  it('fires at once when a lowered budget is crossed', () => {
    const lowered = budgetChanges(budget(30_000, 35_000), { rearm: true });
    expect(lowered.mark).toEqual([BUDGET_WARNING]);
    expect(lowered.notify[0].notification.message).toBe("You've spent $300.00 of your $350.00 budget for November 2026 (85%).");
  });

  it('never fires without a budget', () => {
    expect(budgetChanges(budget(1_000_000, null))).toEqual({ mark: [], unmark: [], notify: [], withdraw: [], retell: [] });
  });
});

describe('categoryChanges', () => {
  const state = (spentCents: number, budgetCents: number | null, fired: string[] = []) => ({
    month,
    categoryId: 'c1',
    name: 'Food',
    spentCents,
    budgetCents,
    fired: new Set(fired),
  });

  const warned = categoryWarningKey('c1');
  const over = categoryKey('c1');

  it('warns once at 80% of the category budget', () => {
    expect(categoryChanges(state(7_999, 10_000)).notify).toEqual([]);
    const near = categoryChanges(state(9_000, 10_000));
    expect(near.mark).toEqual([warned]);
    expect(near.notify).toEqual([
      {
        key: warned,
        notification: {
          type: 'budget',
          title: 'Food is near its budget',
          message: "You've spent $90.00 of your $100.00 Food budget for November 2026 (90%).",
          link: '/categories',
        },
      },
    ]);
    expect(categoryChanges(state(10_000, 10_000)).notify[0].key).toBe(warned); // reaching is not going over
    expect(categoryChanges(state(9_500, 10_000, [warned]))).toEqual({ mark: [], unmark: [], notify: [], withdraw: [], retell: [] });
  });

  it('alerts once when the category goes over its budget, telling only the worse news', () => {
    const jump = categoryChanges(state(12_000, 10_000));
    expect(jump.mark).toEqual([warned, over]);
    expect(jump.notify.map((n) => n.notification)).toEqual([
      {
        type: 'alert',
        title: 'Food is over budget',
        message: "You've spent $120.00 on Food in November 2026, over its $100.00 budget.",
        link: '/categories',
      },
    ]);
    expect(categoryChanges(state(12_000, 10_000, [warned])).notify.map((n) => n.key)).toEqual([over]);
    expect(categoryChanges(state(15_000, 10_000, [warned, over]))).toEqual({ mark: [], unmark: [], notify: [], withdraw: [], retell: [] });
    // Another category's marks do not count for this one.
    expect(categoryChanges(state(15_000, 10_000, [categoryKey('c2'), categoryWarningKey('c2')])).mark).toEqual([warned, over]);
  });

  it('re-arms, on a category budget change only, thresholds no longer crossed', () => {
    const fired = [warned, over];
    expect(categoryChanges(state(5_000, 10_000, fired)).unmark).toEqual([]);
    expect(categoryChanges(state(5_000, 10_000, fired), { rearm: true })).toEqual({ mark: [], unmark: fired, notify: [], withdraw: [], retell: [] });
    expect(categoryChanges(state(9_000, 10_000, fired), { rearm: true }).unmark).toEqual([over]);
    expect(categoryChanges(state(5_000, null, fired), { rearm: true }).unmark).toEqual(fired);
    expect(categoryChanges(state(15_000, 10_000, fired), { rearm: true })).toEqual({ mark: [], unmark: [], notify: [], withdraw: [], retell: [] });
    expect(categoryChanges(state(15_000, 10_000), { rearm: true }).mark).toEqual(fired);
  });

  it('ignores categories without a budget', () => {
    expect(categoryChanges(state(99_999, null)).notify).toEqual([]);
  });
});

describe('receipts and tips', () => {
  it('announces a saved receipt with its store, amount and link', () => {
    expect(receiptSaved({ id: 'r1', store: 'Corner Shop', amountCents: 4250 })).toEqual({
      type: 'receipt',
      title: 'Receipt saved',
      message: 'Your receipt from Corner Shop for $42.50 was saved.',
      link: '/receipts/r1',
    });
  });

  it('welcomes with a tip to scan the first receipt', () => {
    expect(welcomeTip()).toMatchObject({ type: 'tip', link: '/receipts/scan', message: 'Scan your first receipt to start tracking your spending.' });
  });

  it('gives the gap tip only after a week or more without receipts', () => {
    const saved = new Date('2026-11-22T12:00:00Z');
    expect(gapTip({ previous: null, saved })).toBeNull();
    expect(gapTip({ previous: new Date('2026-11-15T12:00:01Z'), saved })).toBeNull();
    expect(gapTip({ previous: new Date('2026-11-15T12:00:00Z'), saved })).toMatchObject({ type: 'tip', title: 'Welcome back', link: '/receipts/scan' });
    expect(gapTip({ previous: new Date('2026-11-15T12:00:00Z'), saved: null })).toBeNull();
  });
});

describe('months', () => {
  it('names a month', () => {
    expect(monthLabel('2026-01')).toBe('January 2026');
  });

  it('counts both months as "this month" near the turn of a month', () => {
    expect(currentMonths(new Date('2026-11-15T12:00:00Z'))).toEqual(['2026-11']);
    expect(currentMonths(new Date('2026-11-30T20:00:00Z'))).toEqual(['2026-11', '2026-12']);
    expect(currentMonths(new Date('2026-12-01T03:00:00Z'))).toEqual(['2026-11', '2026-12']);
  });
});

describe('the budget forecast', () => {
  const state = { month: '2026-04', spentCents: 5_000, budgetCents: 25_000, fired: new Set<string>(), forecastCents: 31_549, monthEnd: '2026-04-30' };
  const fired = { ...state, fired: new Set([BUDGET_FORECAST]) };
  const none = { mark: [], unmark: [], notify: [], withdraw: [], retell: [] };

  it('is told once, while spending is under the warning', () => {
    const told = forecastChanges(state);
    expect(told.mark).toEqual([BUDGET_FORECAST]);
    expect(told.notify.map((n) => n.notification.message)).toEqual([
      'At this pace you will spend about $315.49 by Apr 30, $65.49 over your $250.00 budget for April 2026.',
    ]);
    expect(forecastChanges({ ...state, spentCents: 20_000 })).toEqual(none);
    expect(forecastChanges({ ...state, forecastCents: 25_000 })).toEqual(none);
    expect(forecastChanges({ ...state, forecastCents: null })).toEqual(none);
  });

  it('told, keeps to the figures: brought up to date while it holds, taken back once it does not', () => {
    const again = forecastChanges({ ...fired, forecastCents: 30_000 });
    expect(again).toMatchObject({ mark: [], notify: [], withdraw: [] });
    expect(again.retell.map((n) => n.notification.message)).toEqual([
      'At this pace you will spend about $300.00 by Apr 30, $50.00 over your $250.00 budget for April 2026.',
    ]);
    expect(forecastChanges({ ...fired, forecastCents: 24_000 })).toEqual({ ...none, withdraw: [BUDGET_FORECAST] });
    expect(forecastChanges({ ...fired, budgetCents: 40_000 })).toEqual({ ...none, withdraw: [BUDGET_FORECAST] });
    expect(forecastChanges({ ...fired, forecastCents: null })).toEqual({ ...none, withdraw: [BUDGET_FORECAST] });
    expect(forecastChanges({ ...fired, budgetCents: null })).toEqual({ ...none, withdraw: [BUDGET_FORECAST] });
    // Past the warning, the warning speaks: what the forecast told stands.
    expect(forecastChanges({ ...fired, spentCents: 20_000 })).toEqual(none);
  });

  it('is made while it could tell, update or take back something', () => {
    expect(forecastMatters(state)).toBe(true);
    expect(forecastMatters(fired)).toBe(true);
    expect(forecastMatters({ ...state, spentCents: 20_000 })).toBe(false); // the 80% warning says more
    expect(forecastMatters({ ...state, budgetCents: null })).toBe(false);
    expect(forecastOutlived({ ...fired, budgetCents: null })).toBe(true);
    expect(forecastOutlived({ ...state, budgetCents: null })).toBe(false);
    expect(forecastOutlived(fired)).toBe(false);
  });
});
