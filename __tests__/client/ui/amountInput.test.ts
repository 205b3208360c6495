import { amountInputError, amountInputValue, optionalAmountValue } from '../../../src/client/ui/amountInput';

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
