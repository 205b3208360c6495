import { RateBook } from '../../../../src/server/modules/currency/rateBook';
import { homeCents, isKeptRate } from '../../../../src/shared/currency';

describe('RateBook', () => {
  const book = new RateBook('USD', [
    { currency: 'MYR', validFrom: '2026-03-01', rate: 0.22 },
    { currency: 'MYR', validFrom: '2026-01-01', rate: 0.21 },
    { currency: 'EUR', validFrom: '2026-02-01', rate: 1.1 },
  ]);

  it('answers the latest rate in force on the day, 1 at home, null before the first', () => {
    expect(book.rateOn('MYR', '2026-01-01')).toBe(0.21);
    expect(book.rateOn('MYR', '2026-02-28')).toBe(0.21);
    expect(book.rateOn('MYR', '2026-03-01')).toBe(0.22);
    expect(book.rateOn('MYR', '2025-12-31')).toBeNull();
    expect(book.rateOn('GBP', '2026-03-01')).toBeNull();
    expect(book.rateOn('USD', '1999-01-01')).toBe(1);
    expect(book.earliest('MYR')).toBe('2026-01-01');
    expect(book.earliest('GBP')).toBeNull();
  });
});

describe('homeCents', () => {
  it('counts in hundredths of the home currency, rounded once in its own minor units', () => {
    expect(homeCents(4560, 'MYR', 'USD', 0.213)).toBe(971);
    expect(homeCents(-4560, 'MYR', 'USD', 0.213)).toBe(-971);
    expect(homeCents(1234, 'USD', 'USD', null)).toBe(1234);
    // A home without decimals: whole yen, as hundredths.
    expect(homeCents(1001, 'USD', 'JPY', 150.33)).toBe(150500);
    expect(homeCents(1500, 'JPY', 'JPY', null)).toBe(150000);
    // A home with three: to the hundredth.
    expect(homeCents(1235, 'KWD', 'KWD', null)).toBe(124);
    expect(() => homeCents(100, 'EUR', 'USD', null)).toThrow(RangeError);
  });

  it('keeps rates of at most eight decimals', () => {
    expect(isKeptRate(0.21300001)).toBe(true);
    expect(isKeptRate(150.33)).toBe(true);
    expect(isKeptRate(1.123456789)).toBe(false);
    expect(isKeptRate(0)).toBe(false);
    expect(isKeptRate(Number.NaN)).toBe(false);
  });
});
