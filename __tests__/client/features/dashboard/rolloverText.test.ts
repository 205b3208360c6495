import { MONTH_NAMES, availableNote, budgetNotes, carryOverNote, previousMonthName } from '../../../../src/client/features/dashboard/rolloverText';

describe('previousMonthName', () => {
  it('names the month before, in full, across the turn of the year', () => {
    expect(previousMonthName('2026-11')).toBe('October');
    expect(previousMonthName('2026-03')).toBe('February');
    expect(previousMonthName('2027-01')).toBe('December');
  });

  it('writes every month as Intl’s en-US long month does', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
    expect(MONTH_NAMES).toEqual(Array.from({ length: 12 }, (_, m) => intl.format(Date.UTC(2026, m, 1))));
  });

  it('has no name for what is not a month', () => {
    expect(previousMonthName('2026-13')).toBeNull();
    expect(previousMonthName('November')).toBeNull();
  });
});

describe('carry-over notes', () => {
  it('says what carried over from which month, with its sign', () => {
    expect(carryOverNote('2026-11', 42.1)).toBe('Carried over from October: +$42.10');
    expect(carryOverNote('2026-11', -18)).toBe('Carried over from October: -$18.00');
    expect(carryOverNote('2026-11', 0)).toBe('Carried over from October: $0.00');
    expect(carryOverNote('soon', 5)).toBe('Carried over from last month: +$5.00');
  });

  it('says what that makes available', () => {
    expect(availableNote(1042.1)).toBe('Available this month: $1,042.10');
  });
});

describe('budgetNotes', () => {
  const month = { month: '2026-11', rollover: true };

  it('asks for a budget when there is none', () => {
    expect(budgetNotes({ ...month, budget: null, carry_over: null, available: null })).toEqual(['Use Set Budget to plan your month']);
  });

  it('says what carried over and what is available with rollover', () => {
    expect(budgetNotes({ ...month, budget: 1000, carry_over: 42.1, available: 1042.1 })).toEqual([
      'Carried over from October: +$42.10',
      'Available this month: $1,042.10',
    ]);
  });

  it('says nothing more without a carry-over', () => {
    expect(budgetNotes({ ...month, budget: 1000, carry_over: null, available: 1000 })).toEqual([]);
    expect(budgetNotes({ ...month, rollover: false, budget: 1000, carry_over: null, available: 1000 })).toEqual([]);
  });
});
