import fc from 'fast-check';
import {
  DISPLAY_CURRENCY_STORAGE_KEY,
  currencySymbol,
  formatMoney,
  formatMoneyAbs,
  formatSignedMoney,
  formatWholeMoney,
  moneyInputText,
  setDisplayCurrency,
} from '../../../src/client/ui/money';

const intlUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** What the screens showed with Intl: the reference the written-out format must match. */
const intlMoney = (amount: number) => intlUsd.format(Math.abs(amount) < 0.005 ? 0 : amount);

describe('formatMoney', () => {
  it('shows USD with two decimals and thousands separators', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$5.00');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
    expect(formatMoney(-42.1)).toBe('-$42.10');
  });

  it('rounds like Intl: the shortest decimal, half away from zero', () => {
    expect(formatMoney(1.005)).toBe('$1.01');
    expect(formatMoney(2.675)).toBe('$2.68');
    expect(formatMoney(-9999999.995)).toBe('-$10,000,000.00');
    expect(formatMoney(0.995)).toBe('$1.00');
  });

  it("writes every amount exactly as Intl's en-US currency format does", () => {
    const cents = fc.integer({ min: -1e11, max: 1e11 }).map((c) => c / 100);
    const sums = fc.array(cents, { maxLength: 20 }).map((xs) => xs.reduce((a, b) => a + b, 0));
    const halves = fc.integer({ min: -1e9, max: 1e9 }).map((m) => m / 1000 + 0.0005);
    const anyDouble = fc.double({ min: -1e12, max: 1e12, noNaN: true });
    fc.assert(
      fc.property(fc.oneof(cents, sums, halves, anyDouble), (amount) => formatMoney(amount) === intlMoney(amount)),
      { numRuns: 20_000 },
    );
    for (const edge of [1e9, -1e9, 1e9 - 0.005, 1e21, Number.MAX_VALUE, 5e-324]) expect(formatMoney(edge)).toBe(intlMoney(edge));
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

describe('formatSignedMoney', () => {
  it('marks what comes in with + and what goes out with the same - as formatMoney', () => {
    expect(formatSignedMoney(42.1)).toBe('+$42.10');
    expect(formatSignedMoney(-18)).toBe('-$18.00');
    expect(formatSignedMoney(1234.5)).toBe('+$1,234.50');
  });

  it('gives nothing a sign', () => {
    expect(formatSignedMoney(0)).toBe('$0.00');
    expect(formatSignedMoney(0.004)).toBe('$0.00');
    expect(formatSignedMoney(-0.004)).toBe('$0.00');
    expect(formatSignedMoney(0.005)).toBe('+$0.01');
  });
});

describe('formatWholeMoney', () => {
  it('rounds to whole dollars with thousands separators', () => {
    expect(formatWholeMoney(1239.6)).toBe('$1,240');
    expect(formatWholeMoney(1240.49)).toBe('$1,240');
    expect(formatWholeMoney(0.4)).toBe('$0');
    expect(formatWholeMoney(-120.5)).toBe('-$120');
    expect(formatWholeMoney(2e9)).toBe('$2,000,000,000');
  });
});

describe('money inputs', () => {
  it('writes a number as two-decimal text, null as empty', () => {
    expect(moneyInputText(12.5)).toBe('12.50');
    expect(moneyInputText(0)).toBe('0.00');
    expect(moneyInputText(null)).toBe('');
    expect(moneyInputText(undefined)).toBe('');
  });
});

describe('in the home currency', () => {
  afterEach(() => setDisplayCurrency('USD'));

  it("formats sums in the person's home currency with its own minor units", () => {
    expect(setDisplayCurrency('EUR')).toBe(true);
    expect(setDisplayCurrency('EUR')).toBe(false);
    expect(formatMoney(1234.5)).toBe('€1,234.50');
    expect(formatMoney(-0.001)).toBe('€0.00');
    setDisplayCurrency('JPY');
    expect(formatMoney(1500.4)).toBe('¥1,500');
    expect(formatSignedMoney(0.4)).toBe('¥0');
    expect(formatSignedMoney(12)).toBe('+¥12');
    expect(formatWholeMoney(1239.6)).toBe('¥1,240');
    expect(moneyInputText(1500)).toBe('1500');
    setDisplayCurrency('KWD');
    expect(formatMoney(1.2345)).toBe('KWD\u00a01.235');
    expect(formatWholeMoney(1239.6)).toBe('KWD\u00a01,240');
    expect(formatMoneyAbs(-2.5)).toBe('KWD\u00a02.500');
    expect(moneyInputText(2.5)).toBe('2.500');
  });

  it('formats any currency on request, the display one unchanged', () => {
    expect(formatMoney(45.6, 'MYR')).toBe('RM\u00a045.60');
    expect(formatMoney(45.6)).toBe('$45.60');
    expect(moneyInputText(12.5, 'JPY')).toBe('13');
  });

  it("keeps a copy on the device, so the next visit's first screen shows it", () => {
    setDisplayCurrency('GBP');
    expect(localStorage.getItem(DISPLAY_CURRENCY_STORAGE_KEY)).toBe('GBP');
  });

  it('names the sign an amount field shows', () => {
    expect(currencySymbol()).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('MYR')).toBe('RM');
    expect(currencySymbol('')).toBe('');
  });
});

it('ignores a display currency that is not a code, set or stored', () => {
  expect(setDisplayCurrency('purple')).toBe(false);
  expect(formatMoney(1)).toBe('$1.00');
});
