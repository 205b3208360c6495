import { amountInputError, amountInputValue, optionalAmountValue, optionalRateValue, rateInputError, rateInputText } from '../../../src/client/ui/amountInput';
import { setDisplayCurrency } from '../../../src/client/ui/money';

const price = { label: 'Price', allowNegative: true };
const budget = { label: 'Budget' };

describe('amountInputError', () => {
  it("accepts plain and grouped amounts with at most two decimals, and a leading '$'", () => {
    for (const text of ['0', '12', '12.5', '12.50', '1,234.56', '1,345,678', ' 1234.56 ', '$1,234.56']) {
      expect(amountInputError(text, budget)).toBeUndefined();
    }
    expect(amountInputError('-1,234.56', price)).toBeUndefined();
    expect(amountInputError('-$3.50', price)).toBeUndefined();
  });

  it('leaves an empty field to the form', () => {
    expect(amountInputError('  ', budget)).toBeUndefined();
  });

  it('names the field and its rule when the text is not an amount', () => {
    for (const text of ['abc', '12.345', '1,23.45', '1,2345', '1e3', '12,5.3.1', '--3', '$$3']) {
      expect(amountInputError(text, price)).toBe('Price must be a number with at most two decimals');
    }
    expect(amountInputError('-5', budget)).toBe('Budget must be a number of 0 or more with at most two decimals');
  });

  it('says when an amount is too large, with a message of its own', () => {
    expect(amountInputError('10,000,000.00', budget)).toBeUndefined();
    expect(amountInputError('10,000,000.01', budget)).toBe('Budget must be at most $10,000,000.00');
    expect(amountInputError('-99999999', price)).toBe('Price must be at most $10,000,000.00');
  });
});

describe('amountInputValue', () => {
  it('reads what amountInputError accepts', () => {
    expect(amountInputValue('1,234.56')).toBe(1234.56);
    expect(amountInputValue(' $12 ')).toBe(12);
    expect(amountInputValue('-$1,000.5')).toBe(-1000.5);
  });

  it('reads an empty optional amount as null', () => {
    expect(optionalAmountValue(' ')).toBeNull();
    expect(optionalAmountValue('1,500')).toBe(1500);
  });
});

describe('amounts in other currencies', () => {
  afterEach(() => setDisplayCurrency('USD'));

  it("follows the currency's decimals: none in yen, three in dinars", () => {
    const yen = { label: 'Amount', allowNegative: true, currency: 'JPY' };
    expect(amountInputError('1,500', yen)).toBeUndefined();
    expect(amountInputError('1500.5', yen)).toBe('Amount must be a whole number');
    expect(amountInputError('1.5', { label: 'Tax', currency: 'JPY' })).toBe('Tax must be a whole number of 0 or more');
    const dinars = { label: 'Price', allowNegative: true, currency: 'KWD' };
    expect(amountInputError('1.234', dinars)).toBeUndefined();
    expect(amountInputError('1.2345', dinars)).toBe('Price must be a number with at most three decimals');
    // In another currency than the home one, the server holds what it comes to at home.
    expect(amountInputError('99999999', dinars)).toBeUndefined();
    expect(amountInputError('9999999999999', dinars)).toBe('Price must be at most KWD\u00a01,000,000,000,000.000');
    expect(amountInputError('10000001', { label: 'Amount' })).toBe('Amount must be at most $10,000,000.00');
  });

  it('takes the home currency when the field names none, and its sign when typed', () => {
    setDisplayCurrency('EUR');
    expect(amountInputError('12.345', budget)).toBe('Budget must be a number of 0 or more with at most two decimals');
    expect(amountInputValue('€12.50')).toBe(12.5);
    setDisplayCurrency('JPY');
    expect(amountInputError('12.5', budget)).toBe('Budget must be a whole number of 0 or more');
    expect(optionalAmountValue('¥1,500')).toBe(1500);
    expect(amountInputValue('RM 45.60', 'MYR')).toBe(45.6);
  });

  it("uses the home currency's rules while no currency is chosen", () => {
    expect(amountInputError('12.5', { label: 'Amount', currency: '' })).toBeUndefined();
  });
});

describe('rates', () => {
  it('takes a positive number with at most 8 decimals, or nothing', () => {
    for (const text of ['1', '0.213', ' 0.00000001 ', '152.5']) expect(rateInputError(text)).toBeUndefined();
    expect(rateInputError('')).toBeUndefined();
    for (const text of ['0', '-1', 'abc', '0.123456789', '1e3', '1,5']) {
      expect(rateInputError(text)).toBe('Rate must be a number greater than 0 with at most 8 decimals');
    }
    expect(optionalRateValue(' 0.5 ')).toBe(0.5);
    expect(optionalRateValue(' ')).toBeUndefined();
  });

  it('writes a rate in full, without trailing zeros', () => {
    expect(rateInputText(0.213)).toBe('0.213');
    expect(rateInputText(1e-7)).toBe('0.0000001');
    expect(rateInputText(100)).toBe('100');
    expect(rateInputText(null)).toBe('');
  });
});
