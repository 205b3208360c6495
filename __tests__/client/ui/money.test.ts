import { formatMoney, formatMoneyAbs, moneyInputText, parseMoneyInput } from '../../../src/client/ui/money';

describe('formatMoney', () => {
  it('shows USD with two decimals and thousands separators', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$5.00');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
    expect(formatMoney(-42.1)).toBe('-$42.10');
  });

  it('never shows a negative zero', () => {
    expect(formatMoney(-0)).toBe('$0.00');
    expect(formatMoney(-0.001)).toBe('$0.00');
  });

  it('drops the sign for screens that show direction by colour', () => {
    expect(formatMoneyAbs(-12.5)).toBe('$12.50');
    expect(formatMoneyAbs(12.5)).toBe('$12.50');
  });
});

describe('money inputs', () => {
  it('reads typed text as a number, empty as null', () => {
    expect(parseMoneyInput(' 12.50 ')).toBe(12.5);
    expect(parseMoneyInput('')).toBeNull();
    expect(parseMoneyInput('   ')).toBeNull();
  });

  it('writes a number as two-decimal text, null as empty', () => {
    expect(moneyInputText(12.5)).toBe('12.50');
    expect(moneyInputText(0)).toBe('0.00');
    expect(moneyInputText(null)).toBe('');
    expect(moneyInputText(undefined)).toBe('');
  });
});
