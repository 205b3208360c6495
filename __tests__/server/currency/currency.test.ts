import { convertMinor, currencyOfMarker, formatMoney, fromMinor, isCurrencyCode, minorUnits, toMinor } from '../../../src/shared/currency';

describe("money in each currency's minor units", () => {
  it('knows the ISO 4217 codes in use and refuses anything else', () => {
    for (const code of ['USD', 'MYR', 'EUR', 'GBP', 'JPY', 'KWD', 'CHF']) expect(isCurrencyCode(code)).toBe(true);
    for (const code of ['usd', 'US', 'USDX', 'RM', '€', 'ABC', '']) expect(isCurrencyCode(code)).toBe(false);
  });

  it('counts in cents, yen and fils', () => {
    expect([minorUnits('USD'), minorUnits('MYR'), minorUnits('JPY'), minorUnits('KWD'), minorUnits('IDR')]).toEqual([2, 2, 0, 3, 2]);
    expect(toMinor(45.6, 'MYR')).toBe(4560);
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30);
    expect(toMinor(1500, 'JPY')).toBe(1500);
    expect(toMinor(1.234, 'KWD')).toBe(1234);
    expect(toMinor(-12.5, 'EUR')).toBe(-1250);
  });

  it('refuses more decimals than the currency has', () => {
    expect(toMinor(1.005, 'USD')).toBeNull();
    expect(toMinor(1500.5, 'JPY')).toBeNull();
    expect(toMinor(1.2345, 'KWD')).toBeNull();
    expect(toMinor(Number.NaN, 'USD')).toBeNull();
    expect(toMinor(Infinity, 'USD')).toBeNull();
  });

  it('turns minor units back into amounts', () => {
    expect(fromMinor(4560, 'MYR')).toBe(45.6);
    expect(fromMinor(1500, 'JPY')).toBe(1500);
    expect(fromMinor(1234, 'KWD')).toBe(1.234);
  });
});

describe('conversion to the home currency', () => {
  it('converts at the rate and rounds once, half away from zero', () => {
    expect(convertMinor(4560, 'MYR', 'USD', 0.213)).toBe(971); // 9.7128
    expect(convertMinor(1000, 'USD', 'USD', 3)).toBe(1000);
    expect(convertMinor(1, 'USD', 'EUR', 0.5)).toBe(1); // 0.5 cent → 1
    expect(convertMinor(-1, 'USD', 'EUR', 0.5)).toBe(-1); // a refund the size of its purchase
    expect(convertMinor(3, 'USD', 'EUR', 0.5)).toBe(2); // 1.5 → 2
  });

  it('moves between currencies with other minor units', () => {
    expect(convertMinor(150000, 'JPY', 'USD', 0.0067)).toBe(100500); // ¥150,000 → $1,005.00
    expect(convertMinor(1999, 'USD', 'JPY', 149.3)).toBe(2985); // $19.99 → ¥2,984.507
    expect(convertMinor(1234, 'KWD', 'USD', 3.25)).toBe(401); // 1.234 KWD → $4.0105
    expect(convertMinor(500, 'USD', 'KWD', 0.30765)).toBe(1538); // $5.00 → 1.53825 KWD
  });

  it('is exact where floating point is not', () => {
    // 0.1 + 0.2 style noise would turn 2.5 into 2.4999…: integers do not.
    expect(convertMinor(5, 'USD', 'EUR', 0.5)).toBe(3);
    expect(convertMinor(1_000_000_000, 'USD', 'JPY', 151.12345678)).toBe(1_511_234_568); // $10M → ¥1,511,234,567.8
  });

  it('refuses a rate that is not a positive number', () => {
    for (const rate of [0, -1, Number.NaN, Infinity]) expect(() => convertMinor(100, 'MYR', 'USD', rate)).toThrow(RangeError);
  });
});

describe('what a receipt prints', () => {
  it.each([
    ['RM', 'USD', 'MYR'],
    ['rm', 'USD', 'MYR'],
    ['MYR', 'USD', 'MYR'],
    ['€', 'USD', 'EUR'],
    ['£', 'EUR', 'GBP'],
    ['S$', 'USD', 'SGD'],
    ['$', 'USD', 'USD'],
    ['$', 'CAD', 'CAD'],
    ['$', 'EUR', 'USD'],
    ['¥', 'USD', 'JPY'],
    ['¥', 'CNY', 'CNY'],
    ['', 'USD', null],
    [null, 'USD', null],
    ['TOTAL', 'USD', null],
  ])('%p with home %p is %p', (marker, home, code) => {
    expect(currencyOfMarker(marker, home)).toBe(code);
  });

  it('shows amounts in their own sign and minor units', () => {
    // A no-break space keeps a letter sign with its amount.
    expect(formatMoney(4560, 'MYR')).toBe('RM\u00a045.60');
    expect(formatMoney(971, 'USD')).toBe('$9.71');
    expect(formatMoney(150000, 'JPY')).toBe('¥150,000');
    expect(formatMoney(1234, 'KWD')).toBe('KWD\u00a01.234');
    expect(formatMoney(123456, 'IDR')).toBe('Rp\u00a01,234.56');
    expect(formatMoney(-2500, 'EUR')).toBe('-€25.00');
  });
});
