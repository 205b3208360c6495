import { receipt } from '../../ui/builders';
import { homeAmountPreview } from '../../../../src/client/entities/receipts/receiptCurrency';
import {
  emptyReceiptForm,
  receiptFormValues,
  TAX_OVER_AMOUNT,
  toReceiptBody,
  validateReceiptForm,
  type ReceiptFormValues,
} from '../../../../src/client/features/receipts/receiptFormValues';
import { newItem } from '../../../../src/client/entities/receipts/receiptRules';

const valid: ReceiptFormValues = { ...emptyReceiptForm('2026-11-20'), store: 'Corner Shop', amount: '12.50' };

describe('validateReceiptForm', () => {
  it('accepts a complete form', () => {
    expect(validateReceiptForm(valid)).toEqual({});
  });

  it('requires store, date and amount', () => {
    expect(validateReceiptForm({ ...valid, store: ' ', date: '', amount: '' })).toEqual({
      store: 'Store is required',
      date: 'Date is required',
      amount: 'Amount is required',
    });
  });

  it('wants amounts as numbers with at most two decimals; a refund may be negative, tax may not', () => {
    expect(validateReceiptForm({ ...valid, amount: '12.345' }).amount).toBe('Amount must be a number with at most two decimals');
    expect(validateReceiptForm({ ...valid, amount: 'twelve' }).amount).toBe('Amount must be a number with at most two decimals');
    expect(validateReceiptForm({ ...valid, amount: '-4.20' })).toEqual({});
    expect(validateReceiptForm({ ...valid, tax: '-1' }).tax).toBeDefined();
    expect(validateReceiptForm({ ...valid, tax: '1.234' }).tax).toBeDefined();
    expect(validateReceiptForm({ ...valid, tax: '1.23' })).toEqual({});
  });

  it('refuses a tax larger than the amount, and on a refund larger than what came back', () => {
    expect(validateReceiptForm({ ...valid, amount: '10', tax: '50' }).tax).toBe(TAX_OVER_AMOUNT);
    expect(validateReceiptForm({ ...valid, amount: '10', tax: '10.01' }).tax).toBe(TAX_OVER_AMOUNT);
    expect(validateReceiptForm({ ...valid, amount: '10', tax: '10' })).toEqual({});
    expect(validateReceiptForm({ ...valid, amount: '-10', tax: '0.80' })).toEqual({});
    expect(validateReceiptForm({ ...valid, amount: '-10', tax: '12' }).tax).toBe(TAX_OVER_AMOUNT);
    // An amount that is wrong itself says so; the tax is not measured against it.
    expect(validateReceiptForm({ ...valid, amount: 'ten', tax: '50' })).toEqual({ amount: 'Amount must be a number with at most two decimals' });
  });

  it("accepts thousands separators ('1,234.56') and says when an amount is too large", () => {
    expect(validateReceiptForm({ ...valid, amount: '1,234.56', tax: '1,000' })).toEqual({});
    expect(validateReceiptForm({ ...valid, amount: '-12,345' })).toEqual({});
    expect(validateReceiptForm({ ...valid, amount: '1,23.45' }).amount).toBe('Amount must be a number with at most two decimals');
    expect(validateReceiptForm({ ...valid, amount: '10,000,000' })).toEqual({});
    expect(validateReceiptForm({ ...valid, amount: '10000000.01' }).amount).toBe('Amount must be at most $10,000,000.00');
    expect(validateReceiptForm({ ...valid, amount: '-99,999,999' }).amount).toBe('Amount must be at most $10,000,000.00');
    const item = { ...newItem(), name: 'Yacht', price: '12,000,000', quantity: '1' };
    expect(validateReceiptForm({ ...valid, items: [item] }).items).toEqual({ [item.key]: { price: 'Price must be at most $10,000,000.00' } });
  });

  it('rejects a date that is not a real day', () => {
    expect(validateReceiptForm({ ...valid, date: '2026-02-30' }).date).toBe('Enter a valid date');
  });

  it('checks every item row on its own', () => {
    const good = { ...newItem(), name: 'Milk', price: '1.99', quantity: '2' };
    const bad = { ...newItem(), name: '', price: '1.999', quantity: '0' };
    const errors = validateReceiptForm({ ...valid, items: [good, bad] });
    expect(errors.items).toEqual({
      [bad.key]: {
        name: 'Item name is required',
        price: 'Price must be a number with at most two decimals',
        quantity: 'Quantity must be a number greater than 0',
      },
    });
  });
});

describe('toReceiptBody', () => {
  it('sends numbers, trimmed texts, null for an empty tax and every item', () => {
    const body = toReceiptBody({
      ...valid,
      store: ' Corner Shop ',
      categoryId: 'cat-1',
      paymentMethod: 'Cash',
      items: [{ ...newItem(), name: ' Milk ', price: '1.99', quantity: '2' }],
    });
    expect(body).toEqual({
      store: 'Corner Shop',
      date: '2026-11-20',
      amount: 12.5,
      currency: 'USD',
      category: 'cat-1',
      description: '',
      paymentMethod: 'Cash',
      tax: null,
      items: [{ name: 'Milk', price: 1.99, quantity: 2 }],
    });
  });

  it('reads amounts typed with thousands separators', () => {
    const body = toReceiptBody({ ...valid, amount: '1,234.56', tax: '1,000.5', items: [{ ...newItem(), name: 'TV', price: '1,200', quantity: '1' }] });
    expect(body).toMatchObject({ amount: 1234.56, tax: 1000.5, items: [{ name: 'TV', price: 1200, quantity: 1 }] });
  });

  it('leaves the category to the API when none is chosen', () => {
    expect(toReceiptBody(valid)).not.toHaveProperty('category');
  });
});

it('fills the edit form from a receipt', () => {
  const shop = receipt({
    store: 'Shop',
    date: '2026-11-02',
    amount: 20,
    category: 'Food',
    categoryId: 'c1',
    description: 'Weekly',
    paymentMethod: 'Cash',
    tax: 1.5,
    items: [{ name: 'Bread', price: 2.5, quantity: 1 }],
  });
  const values = receiptFormValues(shop);
  expect(values).toMatchObject({
    store: 'Shop',
    date: '2026-11-02',
    amount: '20.00',
    categoryId: 'c1',
    description: 'Weekly',
    paymentMethod: 'Cash',
    tax: '1.50',
  });
  expect(values.items.map(({ name, price, quantity }) => ({ name, price, quantity }))).toEqual([{ name: 'Bread', price: '2.50', quantity: '1' }]);
  expect(toReceiptBody(values)).toMatchObject({ amount: 20, tax: 1.5, items: [{ name: 'Bread', price: 2.5, quantity: 1 }] });
  expect(values).toMatchObject({ currency: 'USD', rate: '' });
});

describe('currencies', () => {
  const myr: ReceiptFormValues = { ...valid, currency: 'MYR', amount: '45.60' };

  it("starts a new receipt in the home currency, an edit in the receipt's own with its rate", () => {
    expect(emptyReceiptForm('2026-11-20')).toMatchObject({ currency: 'USD', rate: '' });
    expect(emptyReceiptForm('2026-11-20', 'EUR').currency).toBe('EUR');
    const sushi = receipt({
      store: 'Sushi Bar',
      date: '2026-03-14',
      amount: 1500,
      currency: 'JPY',
      rate: 0.0067,
      home_amount: 10.05,
      tax: 136,
      items: [{ name: 'Ramen', price: 750, quantity: 2 }],
    });
    const values = receiptFormValues(sushi);
    expect(values).toMatchObject({ currency: 'JPY', rate: '0.0067', amount: '1500', tax: '136' });
    expect(values.items[0].price).toBe('750');
    expect(toReceiptBody(values)).toMatchObject({ amount: 1500, currency: 'JPY', rate: 0.0067, tax: 136 });
  });

  it("follows the currency's decimals: none in yen, three in dinars", () => {
    expect(validateReceiptForm({ ...valid, currency: 'JPY', amount: '1500' })).toEqual({});
    expect(validateReceiptForm({ ...valid, currency: 'JPY', amount: '1500.5' }).amount).toBe('Amount must be a whole number');
    expect(validateReceiptForm({ ...valid, currency: 'JPY', tax: '1.5' }).tax).toBe('Tax must be a whole number of 0 or more');
    expect(validateReceiptForm({ ...valid, currency: 'KWD', amount: '1.234' })).toEqual({});
    expect(validateReceiptForm({ ...valid, currency: 'KWD', amount: '1.2345' }).amount).toBe('Amount must be a number with at most three decimals');
    const item = { ...newItem(), name: 'Tea', price: '0.125', quantity: '1' };
    expect(validateReceiptForm({ ...valid, currency: 'KWD', items: [item] })).toEqual({});
    expect(validateReceiptForm({ ...valid, items: [item] }).items).toEqual({ [item.key]: { price: 'Price must be a number with at most two decimals' } });
  });

  it('checks the currency, and a rate only when one is typed for a foreign currency', () => {
    expect(validateReceiptForm({ ...valid, currency: 'XYZ' }).currency).toBe('Choose a currency');
    expect(validateReceiptForm(myr)).toEqual({});
    expect(validateReceiptForm({ ...myr, rate: '0.213' })).toEqual({});
    expect(validateReceiptForm({ ...myr, rate: '0' }).rate).toBe('Rate must be a number greater than 0 with at most 8 decimals');
    expect(validateReceiptForm({ ...myr, rate: 'abc' }).rate).toBe('Rate must be a number greater than 0 with at most 8 decimals');
    expect(validateReceiptForm({ ...myr, rate: '0.123456789' }).rate).toBeDefined();
    // In the home currency a left-over rate is ignored.
    expect(validateReceiptForm({ ...valid, rate: 'abc' })).toEqual({});
  });

  it('sends the currency always, and in a foreign currency the rate typed or null for the table', () => {
    expect(toReceiptBody(myr)).toMatchObject({ amount: 45.6, currency: 'MYR', rate: null });
    expect(toReceiptBody({ ...myr, rate: ' 0.213 ' })).toMatchObject({ currency: 'MYR', rate: 0.213 });
    expect(toReceiptBody({ ...valid, rate: '0.5' })).not.toHaveProperty('rate');
    expect(toReceiptBody({ ...myr, rate: '0.213' }, 'MYR')).not.toHaveProperty('rate');
  });

  it('says what a typed rate makes of the amount at home, as the server rounds it', () => {
    expect(homeAmountPreview({ ...myr, rate: '0.2130' })).toBe('$9.71');
    expect(homeAmountPreview({ amount: '1,500', currency: 'JPY', rate: '0.0067' })).toBe('$10.05');
    expect(homeAmountPreview({ amount: '45.60', currency: 'MYR', rate: '33.5' }, 'JPY')).toBe('¥1,528');
    expect(homeAmountPreview(myr)).toBeNull();
    expect(homeAmountPreview({ ...myr, rate: 'x' })).toBeNull();
    expect(homeAmountPreview({ ...myr, amount: '45.601', rate: '0.2' })).toBeNull();
    expect(homeAmountPreview({ ...valid, rate: '2' })).toBeNull();
  });
});
