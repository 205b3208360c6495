import type { ProcessedData } from '../../../../src/shared/scan';
import { itemsMismatch, unreadFields, unreadMessage, unsureFields, unsureMessage } from '../../../../src/client/features/scan/scanChecks';

const data = (over: Partial<ProcessedData> = {}): ProcessedData => ({
  store_name: 'Shop',
  date: '2025-03-04',
  total_amount: 10,
  items: [],
  tax: null,
  ...over,
});
const item = (price: string, quantity = '1') => ({ key: price, name: 'x', price, quantity });

describe('what the review form asks a person to check', () => {
  it('names the fields read below the threshold, in sentence form', () => {
    const unsure = unsureFields(data(), { store_name: 0.3, date: 0.9, total_amount: 0.59 });
    expect(unsure).toEqual(['store_name', 'total_amount']);
    expect(unsureMessage(unsure)).toBe('Please check the store name and total: the scanner was not sure of them.');
    expect(unsureMessage(['date'])).toBe('Please check the date: the scanner was not sure of it.');
    expect(unsureMessage(['store_name', 'date', 'total_amount'])).toBe('Please check the store name, date and total: the scanner was not sure of them.');
    expect(unsureFields(data(), { store_name: 0.6, date: 1, total_amount: 0.95 })).toEqual([]);
  });

  it('says which fields could not be read at all (those are not also "unsure")', () => {
    const d = data({ total_amount: null, store_name: ' ' });
    expect(unreadFields(d)).toEqual(['store_name', 'total_amount']);
    expect(unsureFields(d, { store_name: 0, date: 0.9, total_amount: 0 })).toEqual([]);
    expect(unreadMessage(['total_amount'])).toBe('The scanner could not read the total. Please enter it from the receipt.');
  });

  it('notices items that do not add up to the total, with or without the tax', () => {
    expect(itemsMismatch({ total: '10.36', items: [item('3.00'), item('2.49'), item('4.10')] }, 0.77)).toBeNull();
    expect(itemsMismatch({ total: '9.59', items: [item('3.00'), item('2.49'), item('4.10')] }, 0.77)).toBeNull();
    expect(itemsMismatch({ total: '6.00', items: [item('1.50', '4')] }, null)).toBeNull();
    expect(itemsMismatch({ total: '12.00', items: [item('3.00'), item('2.49'), item('4.10')] }, 0.77)).toBe(
      'The items add up to 9.59 (10.36 with the tax of 0.77), not the total of 12.00. Please check the items and the total.',
    );
    expect(itemsMismatch({ total: '5.00', items: [item('3.00')] }, null)).toBe(
      'The items add up to 3.00, not the total of 5.00. Please check the items and the total.',
    );
  });

  it("reads grouped amounts ('1,234.56') like every other amount field", () => {
    expect(itemsMismatch({ total: '1,234.56', items: [item('1,000.00'), item('234.56')] }, null)).toBeNull();
    expect(itemsMismatch({ total: '1,300.00', items: [item('1,000.00'), item('234.56')] }, null)).toBe(
      'The items add up to 1234.56, not the total of 1300.00. Please check the items and the total.',
    );
  });

  it('says nothing without items or while an amount is still being typed', () => {
    expect(itemsMismatch({ total: '5.00', items: [] }, null)).toBeNull();
    expect(itemsMismatch({ total: '', items: [item('3.00')] }, null)).toBeNull();
    expect(itemsMismatch({ total: '5.00', items: [item('3.')] }, null)).toBeNull();
  });
});
