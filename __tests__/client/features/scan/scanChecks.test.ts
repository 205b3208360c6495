import type { ProcessedData } from '../../../../src/shared/scan';
import { itemsMismatch, unreadFields, unreadMessage, unsureFields, unsureMessage, type PrintedCharges } from '../../../../src/client/features/scan/scanChecks';

const data = (over: Partial<ProcessedData> = {}): ProcessedData => ({
  store_name: 'Shop',
  date: '2025-03-04',
  total_amount: 10,
  items: [],
  tax: null,
  ...over,
});
const item = (price: string, quantity = '1') => ({ key: price, name: 'x', price, quantity });
const form = (amount: string, tax: string, ...items: ReturnType<typeof item>[]) => ({ amount, tax, items });
/** A receipt that prints nothing besides its items and tax. */
const none: PrintedCharges = { tax_included: false, tip: null, discount: null };

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
    expect(itemsMismatch(form('10.36', '0.77', item('3.00'), item('2.49'), item('4.10')), none)).toBeNull();
    expect(itemsMismatch(form('9.59', '0.77', item('3.00'), item('2.49'), item('4.10')), none)).toBeNull();
    expect(itemsMismatch(form('6.00', '', item('1.50', '4')), none)).toBeNull();
    expect(itemsMismatch(form('12.00', '0.77', item('3.00'), item('2.49'), item('4.10')), none)).toBe(
      'The items add up to 9.59 (10.36 with the tax of 0.77): 1.64 less than the total of 12.00. Please check the items and the total; you can still save.',
    );
    expect(itemsMismatch(form('5.00', '', item('3.00'), item('3.00')), none)).toBe(
      'The items add up to 6.00: 1.00 more than the total of 5.00. Please check the items and the total; you can still save.',
    );
    expect(itemsMismatch(form('5.00', '', item('3.00')), none)).toBe(
      'The items add up to 3.00: 2.00 less than the total of 5.00. Please check the items and the total; you can still save.',
    );
  });

  it("counts the tax as the form shows it, so the person's correction counts", () => {
    // The receipt's 'the items add up to 6.98, not the total of 7.61': the printed tax was 0.63.
    expect(itemsMismatch(form('7.61', '', item('4.99'), item('1.99')), none)).toBe(
      'The items add up to 6.98: 0.63 less than the total of 7.61. Please check the items and the total; you can still save.',
    );
    expect(itemsMismatch(form('7.61', '0.63', item('4.99'), item('1.99')), none)).toBeNull();
    // A tax still being typed is no reason to warn.
    expect(itemsMismatch(form('7.61', '0.6x', item('4.99'), item('1.99')), none)).toBeNull();
  });

  it('counts the tip or service charge the receipt prints', () => {
    const meal = [item('12.00'), item('8.00')];
    expect(itemsMismatch(form('25.20', '1.60', ...meal), { ...none, tip: 3.6 })).toBeNull();
    expect(itemsMismatch(form('26.20', '1.60', ...meal), { ...none, tip: 3.6 })).toBe(
      'The items add up to 20.00 (25.20 with the tax of 1.60 and the tip of 3.60): 1.00 less than the total of 26.20. Please check the items and the total; you can still save.',
    );
  });

  it('takes off the discounts the receipt prints', () => {
    const order = [item('18.00'), item('2.00')];
    expect(itemsMismatch(form('16.20', '1.20', ...order), { ...none, discount: 5 })).toBeNull();
    expect(itemsMismatch(form('17.20', '', ...order), { ...none, tip: 2, discount: 5 })).toBe(
      'The items add up to 20.00 (17.00 with the tip of 2.00, less the discount of 5.00): 0.20 less than the total of 17.20. Please check the items and the total; you can still save.',
    );
  });

  it('does not add a tax the prices already include', () => {
    const coffee = [item('3.40'), item('2.60')];
    expect(itemsMismatch(form('6.00', '1.00', ...coffee), { ...none, tax_included: true })).toBeNull();
    // Items that come to the total with the VAT added once more are short by it: that warns.
    expect(itemsMismatch(form('7.00', '1.00', ...coffee), { ...none, tax_included: true })).toBe(
      'The items add up to 6.00: 1.00 less than the total of 7.00. Please check the items and the total; you can still save.',
    );
    expect(itemsMismatch(form('7.00', '1.00', ...coffee), none)).toBeNull();
  });

  it('allows the cash rounding to five cents of a total that is a multiple of five', () => {
    expect(itemsMismatch(form('6.85', '', item('3.05'), item('3.78')), none)).toBeNull();
    expect(itemsMismatch(form('6.87', '', item('3.05'), item('3.78')), none)).not.toBeNull();
    expect(itemsMismatch(form('6.90', '', item('3.05'), item('3.78')), none)).not.toBeNull();
  });

  it("reads grouped amounts ('1,234.56') like every other amount field", () => {
    expect(itemsMismatch(form('1,234.56', '', item('1,000.00'), item('234.56')), none)).toBeNull();
    expect(itemsMismatch(form('1,300.00', '', item('1,000.00'), item('234.56')), none)).toBe(
      'The items add up to 1234.56: 65.44 less than the total of 1300.00. Please check the items and the total; you can still save.',
    );
  });

  it('says nothing without items or while an amount is still being typed', () => {
    expect(itemsMismatch(form('5.00', ''), none)).toBeNull();
    expect(itemsMismatch(form('', '', item('3.00')), none)).toBeNull();
    expect(itemsMismatch(form('5.00', '', item('3.')), none)).toBeNull();
  });
});
