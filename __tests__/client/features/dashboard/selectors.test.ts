import type { DashboardTransaction } from '../../../../src/shared/dashboard';
import { monthLimit, recentTransactions, remainingBudget } from '../../../../src/client/features/dashboard/selectors';
import { BUDGET_REQUIRED, parseBudgetInput } from '../../../../src/client/features/dashboard/budgetInput';

describe('remainingBudget', () => {
  const budget = (amount: number | null, total_spent: number) => ({ budget: amount, available: amount, total_spent });

  it('is the budget minus this month’s spending, to the cent', () => {
    expect(remainingBudget(budget(1000, 250.25))).toBe(749.75);
    expect(remainingBudget(budget(100.1, 0.2))).toBe(99.9);
    expect(remainingBudget(budget(0, 0))).toBe(0);
  });

  it('goes negative when over budget', () => {
    expect(remainingBudget(budget(100, 130.5))).toBe(-30.5);
  });

  it('grows when refunds outweigh spending', () => {
    expect(remainingBudget(budget(100, -20))).toBe(120);
  });

  it('is unknown while no budget is set', () => {
    expect(remainingBudget(budget(null, 40))).toBeNull();
  });

  it('counts what carried over: what is available this month minus its spending', () => {
    expect(remainingBudget({ budget: 1000, available: 1042.1, total_spent: 480 })).toBe(562.1);
    expect(remainingBudget({ budget: 1000, available: 982, total_spent: 990 })).toBe(-8);
  });
});

describe('monthLimit', () => {
  it('is what is available, else the budget, else nothing', () => {
    expect(monthLimit({ budget: 1000, available: 1042.1 })).toBe(1042.1);
    expect(monthLimit({ budget: 1000, available: null })).toBe(1000);
    expect(monthLimit({ budget: null, available: null })).toBeNull();
  });
});

describe('recentTransactions', () => {
  const tx = (id: string, date: string, amount = -1): DashboardTransaction => ({ _id: id, store: id, description: id, category: 'Food', date, amount });

  it('lists the five newest, newest first', () => {
    const list = [
      tx('a', '2026-11-01'),
      tx('b', '2026-11-20'),
      tx('c', '2026-10-05'),
      tx('d', '2026-11-15'),
      tx('e', '2026-11-02'),
      tx('f', '2026-11-21'),
      tx('g', '2026-09-01'),
    ];
    expect(recentTransactions(list).map((t) => t._id)).toEqual(['f', 'b', 'd', 'e', 'a']);
  });

  it('keeps the API order for the same day and returns fewer when there are fewer', () => {
    expect(recentTransactions([tx('x', '2026-11-01'), tx('y', '2026-11-01'), tx('z', '2026-11-02')]).map((t) => t._id)).toEqual(['z', 'x', 'y']);
    expect(recentTransactions([])).toEqual([]);
  });

  it('does not reorder the list it was given', () => {
    const list = [tx('a', '2026-01-01'), tx('b', '2026-02-01')];
    recentTransactions(list);
    expect(list.map((t) => t._id)).toEqual(['a', 'b']);
  });
});

describe('parseBudgetInput', () => {
  it('accepts amounts of 0 or more with at most two decimals, with or without $ and commas', () => {
    expect(parseBudgetInput('1500')).toEqual({ amount: 1500 });
    expect(parseBudgetInput(' 1500.5 ')).toEqual({ amount: 1500.5 });
    expect(parseBudgetInput('$1,500.25')).toEqual({ amount: 1500.25 });
    expect(parseBudgetInput('0')).toEqual({ amount: 0 });
  });

  it('refuses anything else with a clear message', () => {
    expect(parseBudgetInput(' ')).toEqual({ error: BUDGET_REQUIRED });
    for (const text of ['abc', '-5', '12.345', '1e3', '12,5.3.1']) {
      expect(parseBudgetInput(text)).toEqual({ error: 'Budget must be a number of 0 or more with at most two decimals' });
    }
    expect(parseBudgetInput('100000000')).toEqual({ error: 'Budget must be at most $10,000,000.00' });
  });
});
