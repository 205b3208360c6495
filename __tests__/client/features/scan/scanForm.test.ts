import type { ProcessedData, ScanReceiptResult } from '../../../../src/shared/scan';
import {
  defaultCategoryId,
  manualScanForm,
  reviewFormValues,
  scanFormValues,
  toScanPayload,
  validateScanForm,
  type ScanFormValues,
} from '../../../../src/client/features/scan/scanForm';

const processed: ProcessedData = {
  store_name: 'Corner Market',
  date: '2025-03-04',
  total_amount: 10.3,
  items: [
    { name: 'Milk', price: 3, quantity: 2, category: 'food' },
    { name: 'Bread', price: 2.49, quantity: 1, category: 'food' },
  ],
  tax: 0.77,
};

const categories = [
  { _id: 'c-other', name: 'Other' },
  { _id: 'c-food', name: 'Food' },
];

describe('scanFormValues', () => {
  it('turns the scan result into form text: money with two decimals, quantities, the default category', () => {
    const values = scanFormValues(processed, defaultCategoryId(categories));
    expect(values).toMatchObject({ store: 'Corner Market', date: '2025-03-04', amount: '10.30', tax: '0.77', categoryId: 'c-food' });
    expect(values.items.map(({ name, price, quantity }) => ({ name, price, quantity }))).toEqual([
      { name: 'Milk', price: '1.50', quantity: '2' },
      { name: 'Bread', price: '2.49', quantity: '1' },
    ]);
    // Rows get distinct keys so they can be removed one by one.
    expect(new Set(values.items.map((i) => i.key)).size).toBe(2);
  });

  it("turns the line total the scanner read into the price of one, or keeps one line of it when it doesn't split into cents", () => {
    const items = [
      { name: 'Saba Shio Yaki Set', price: 53.7, quantity: 3, category: 'food' },
      { name: 'Bagels', price: 10, quantity: 3, category: 'food' },
    ];
    const values = scanFormValues({ ...processed, items }, '');
    expect(values.items.map(({ price, quantity }) => [price, quantity])).toEqual([
      ['17.90', '3'],
      ['10.00', '1'],
    ]);
    // A currency without minor units splits into whole units.
    const yen = scanFormValues({ ...processed, items: [{ name: 'Ramen', price: 2400, quantity: 2, category: 'food' }] }, '', '¥', 'JPY');
    expect(yen.items.map(({ price, quantity }) => [price, quantity])).toEqual([['1200', '2']]);
  });

  it('leaves what the scanner could not read empty for the person to fill', () => {
    const values = scanFormValues({ ...processed, store_name: '', date: null, total_amount: null, items: [], tax: null }, '');
    expect(values).toMatchObject({ store: '', date: '', amount: '', tax: '', categoryId: '', items: [] });
  });

  it('starts a form typed by hand today, in the default category', () => {
    expect(manualScanForm('c-food', '2026-01-31')).toEqual({
      store: '',
      date: '2026-01-31',
      amount: '',
      tax: '',
      currency: 'USD',
      rate: '',
      categoryId: 'c-food',
      items: [],
    });
  });

  it('proposes the currency the printed marker names, else the home one, with its decimals', () => {
    expect(scanFormValues(processed, 'c-food', 'RM')).toMatchObject({ currency: 'MYR', rate: '' });
    expect(scanFormValues(processed, 'c-food', '$', 'CAD').currency).toBe('CAD');
    expect(scanFormValues(processed, 'c-food', null, 'EUR').currency).toBe('EUR');
    expect(scanFormValues({ ...processed, total_amount: 1500 }, 'c-food', '¥').amount).toBe('1500');
  });
});

describe('reviewFormValues', () => {
  const scan = (suggested: string | null): ScanReceiptResult => ({
    processed_data: processed,
    raw_text: 'CORNER MARKET',
    confidence: { store_name: 1, date: 1, total_amount: 1 },
    date_order: 'MDY',
    suggested_date_order: null,
    currency: 'RM',
    scan_ref: 'ref',
    suggested_category_id: suggested,
    store_remembered: false,
  });

  it('opens on what was read, in the category the scan proposes while it still exists, else the default one', () => {
    expect(reviewFormValues(scan('c-other'), categories)).toMatchObject({ store: 'Corner Market', amount: '10.30', currency: 'MYR', categoryId: 'c-other' });
    expect(reviewFormValues(scan('c-gone'), categories).categoryId).toBe('c-food');
  });

  it('opens blank, in the default category, with no scan to read from', () => {
    expect(reviewFormValues(null, categories)).toMatchObject({ store: '', amount: '', items: [], categoryId: 'c-food' });
  });
});

describe('defaultCategoryId', () => {
  it("is the user's category named like the default item category 'food', in any case", () => {
    expect(defaultCategoryId([{ _id: 'x', name: 'FOOD ' }])).toBe('x');
    expect(defaultCategoryId([{ _id: 'x', name: 'Groceries' }])).toBe('');
  });
});

describe('validateScanForm', () => {
  const valid: ScanFormValues = { ...scanFormValues(processed, 'c-food') };

  it('accepts a complete form', () => {
    expect(validateScanForm(valid)).toEqual({});
  });

  it('requires store, date and total', () => {
    expect(validateScanForm({ ...valid, store: '  ', date: '', amount: '' })).toEqual({
      store: 'Store is required',
      date: 'Date is required',
      amount: 'Total is required',
    });
  });

  it('wants money with at most two decimals and a real date', () => {
    const errors = validateScanForm({ ...valid, amount: '12.345', date: '2025-02-30' });
    expect(errors.amount).toBe('Total must be a number with at most two decimals');
    expect(errors.date).toBe('Enter a valid date');
    expect(validateScanForm({ ...valid, amount: 'abc' }).amount).toBe('Total must be a number with at most two decimals');
  });

  it('checks each item: name, price, quantity above 0', () => {
    const [milk, bread] = valid.items;
    const errors = validateScanForm({
      ...valid,
      items: [
        { ...milk, name: '', price: '1.999' },
        { ...bread, quantity: '0' },
      ],
    });
    expect(errors.items).toEqual({
      [milk.key]: { name: 'Item name is required', price: 'Price must be a number with at most two decimals' },
      [bread.key]: { quantity: 'Quantity must be a number greater than 0' },
    });
  });

  it('takes a tax left empty, and refuses one that is no amount or more than the total', () => {
    expect(validateScanForm({ ...valid, tax: '' })).toEqual({});
    expect(validateScanForm({ ...valid, tax: '0.7x' }).tax).toBe('Tax must be a number of 0 or more with at most two decimals');
    expect(validateScanForm({ ...valid, amount: '10.00', tax: '50.00' }).tax).toBe('Tax must not be more than the total');
    // A total with its own error is not compared.
    expect(validateScanForm({ ...valid, amount: 'abc', tax: '50.00' }).tax).toBeUndefined();
  });
});

describe('toScanPayload', () => {
  it("reads '1,234.56' in the total and the item prices as the manual form does", () => {
    const values = scanFormValues(processed, 'c-food');
    const grouped = { ...values, amount: '1,234.56', items: [{ ...values.items[0], price: '1,200.00', quantity: '1' }] };
    expect(validateScanForm(grouped)).toEqual({});
    const payload = toScanPayload(grouped, null);
    expect(payload.total_amount).toBe(1234.56);
    expect(payload.items?.[0].price).toBe(1200);
  });

  it('says when the total or a price is too large', () => {
    const values = scanFormValues(processed, 'c-food');
    const errors = validateScanForm({ ...values, amount: '12,000,000', items: [{ ...values.items[0], price: '10000001' }] });
    expect(errors.amount).toBe('Total must be at most $10,000,000.00');
    expect(errors.items).toEqual({ [values.items[0].key]: { price: 'Price must be at most $10,000,000.00' } });
  });

  it('is the spec §3 save payload: numbers parsed, item defaults, the image and the category', () => {
    const values = scanFormValues(processed, 'c-food');
    const payload = toScanPayload({ ...values, store: ' Corner Market ', amount: '10.30' }, 'data:image/png;base64,AAAA');
    expect(payload).toEqual({
      store_name: 'Corner Market',
      date: '2025-03-04',
      total_amount: 10.3,
      currency: 'USD',
      tax: 0.77,
      items: [
        // The scanner read Milk's line total (3.00 for two); a receipt keeps the price of one.
        // Each item in the receipt's category, with the name as read so a correction is learned.
        { id: null, name: 'Milk', price: 1.5, quantity: 2, category: 'c-food', read_as: 'Milk', assigned_to: null, shared_with: [] },
        { id: null, name: 'Bread', price: 2.49, quantity: 1, category: 'c-food', read_as: 'Bread', assigned_to: null, shared_with: [] },
      ],
      image_url: 'data:image/png;base64,AAAA',
      is_shared: false,
      shared_expenses: [],
      category: 'c-food',
    });
  });

  it('sends the return window and warranty picked, the receipt’s and an item’s, only when set', () => {
    const values = scanFormValues(processed, 'c-food');
    const picked = { ...values, returnBy: '2025-04-03', warrantyUntil: '', items: [{ ...values.items[0], warrantyUntil: '2027-03-04' }, values.items[1]] };
    expect(validateScanForm(picked)).toEqual({});
    const payload = toScanPayload(picked, null);
    expect(payload).toMatchObject({ return_by: '2025-04-03' });
    // A new receipt has nothing to clear: a field emptied is left out.
    expect(payload).not.toHaveProperty('warranty_until');
    expect(payload.items?.[0]).toMatchObject({ warranty_until: '2027-03-04' });
    expect(payload.items?.[1]).not.toHaveProperty('warranty_until');
    expect(validateScanForm({ ...picked, returnBy: '2025-03-04' })).toEqual({ returnBy: "Return by must be after the receipt's date" });
  });

  it('proposes the name and category the person saved for an item before, and sends what was read', () => {
    const items = [
      { name: 'Milk 2%, 1 gal', read_as: 'GV 2% MLK GAL', price: 3.99, quantity: 1, category: 'food', category_id: 'c-food' },
      { name: 'Charger', read_as: 'USB CHGR', price: 9.99, quantity: 1, category: 'food', category_id: 'c-other' },
    ];
    const values = scanFormValues({ ...processed, items }, 'c-food');
    expect(values.items.map(({ name, readAs, categoryId }) => ({ name, readAs, categoryId }))).toEqual([
      { name: 'Milk 2%, 1 gal', readAs: 'GV 2% MLK GAL', categoryId: '' },
      { name: 'Charger', readAs: 'USB CHGR', categoryId: 'c-other' },
    ]);
    const renamed = { ...values, amount: '13.98', items: [{ ...values.items[0], name: 'Milk' }, values.items[1]] };
    expect(toScanPayload(renamed, null).items!.map(({ name, read_as, category }) => ({ name, read_as, category }))).toEqual([
      { name: 'Milk', read_as: 'GV 2% MLK GAL', category: 'c-food' },
      { name: 'Charger', read_as: 'USB CHGR', category: 'c-other' },
    ]);
  });

  it('sends a foreign currency with the rate typed, or null for the rates table', () => {
    const values = { ...scanFormValues(processed, 'c-food', 'RM'), amount: '45.60' };
    expect(toScanPayload(values, null)).toMatchObject({ total_amount: 45.6, currency: 'MYR', rate: null });
    expect(toScanPayload({ ...values, rate: '0.213' }, null)).toMatchObject({ currency: 'MYR', rate: 0.213 });
    expect(validateScanForm({ ...values, rate: 'x' }).rate).toBe('Rate must be a number greater than 0 with at most 8 decimals');
    expect(validateScanForm({ ...values, currency: 'XX' }).currency).toBe('Choose a currency');
  });

  it("sends the scan's scan_ref and read_id back, so Tally learns the store and counts what was saved as read", () => {
    const values = scanFormValues(processed, 'c-food');
    expect(toScanPayload(values, null, 'corner market', 'r-1')).toMatchObject({ scan_ref: 'corner market', scan_read_id: 'r-1' });
    expect(toScanPayload(values, null)).not.toHaveProperty('scan_read_id');
  });

  it('leaves the category to the API when none is chosen', () => {
    const payload = toScanPayload({ ...manualScanForm(''), store: 'A', amount: '1' }, null);
    expect(payload).not.toHaveProperty('category');
    expect(payload.image_url).toBeNull();
    // No tax typed: none is saved.
    expect(payload.tax).toBeNull();
  });
});
