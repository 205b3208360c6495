import { parseReceipt } from '../../../src/server/ocr/parser';

/** The receipt's lines as a scan reads them: a label and its amount a few spaces apart. */
const receipt = (...rows: string[]) => rows.join('\n');
const read = (text: string, dateOrder: 'MDY' | 'DMY' = 'MDY') => {
  const { tax, tax_included, tip, discount, total_amount } = parseReceipt(text, { dateOrder });
  return { tax, tax_included, tip, discount, total_amount };
};

describe('the tax a receipt prints', () => {
  it('reads a sales tax line added to the subtotal', () => {
    const text = receipt(
      'MAPLE DINER',
      'Pancakes    6.50',
      'Coffee    2.25',
      'Subtotal    8.75',
      'Sales Tax 8.875%    0.78',
      'Total    9.53',
      'Cash    10.00',
      'Change    0.47',
    );
    expect(read(text)).toEqual({ tax: 0.78, tax_included: false, tip: null, discount: null, total_amount: 9.53 });
  });

  it('adds a state and a city tax, but counts a line that totals them once', () => {
    const two = receipt('HILLTOP DELI', 'Sandwich    9.00', 'Subtotal    9.00', 'State Tax    0.54', 'City Tax    0.18', 'Total    9.72');
    expect(read(two).tax).toBe(0.72);
    const totalled = receipt(
      'HILLTOP DELI',
      'Sandwich    9.00',
      'Subtotal    9.00',
      'State Tax    0.54',
      'City Tax    0.18',
      'Total Tax    0.72',
      'Total    9.72',
    );
    expect(read(totalled).tax).toBe(0.72);
  });

  it('reads a tax line whose rate is glued on, or whose amount was read on the line above it', () => {
    expect(read(receipt('BEACH BAR', 'Mojito    10.00', 'Subtotal    10.00', 'RESORT TAX2%    0.20', 'Total    10.20')).tax).toBe(0.2);
    expect(read(receipt('NOODLE HOUSE', 'Ramen    13.05', 'Subtotal    13.05', '$1.01', 'Tax', 'Total    14.06')).tax).toBe(1.01);
  });

  it('takes the tax column of a tax line that prints the net and the gross too', () => {
    const text = receipt('SEASIDE INN', 'Dinner    143.00', 'SALES TAX 7%    143.00    10.01    153.01', 'TOTAL    153.01');
    expect(read(text).tax).toBe(10.01);
  });

  it('reads a VAT the prices include, and says so, so it is not added to them again', () => {
    const text = receipt('THE CORNER CAFE', 'Flat White    3.40', 'Scone    2.60', 'TOTAL    6.00', 'VAT 20% included    1.00', 'CARD    6.00');
    expect(read(text)).toEqual({ tax: 1, tax_included: true, tip: null, discount: null, total_amount: 6 });
  });

  it('reads the tax of a tax summary table once, however often the receipt prints it', () => {
    const text = receipt(
      'KEDAI BUKU CERIA',
      'Pensel    2.12',
      'Buku Latihan    4.24',
      'Total Sales (Inclusive GST)    RM 6.36',
      'GST @6%:    0.36',
      'CASH    RM 10.00',
      'CHANGE    RM 3.64',
      'GST Summary    Amount(RM)    Tax(RM)',
      'SR @ 6%    6.00    0.36',
      'Total    6.00    0.36',
    );
    expect(read(text, 'DMY')).toEqual({ tax: 0.36, tax_included: true, tip: null, discount: null, total_amount: 6.36 });
  });

  it('reads a table that has the only tax, summing its rows, and not a service charge row', () => {
    const text = receipt(
      'RESTORAN SRI',
      'Nasi Lemak    10.00',
      'Teh Tarik    2.00',
      'Total    RM 13.99',
      'Tax Summary    Amount    Tax',
      'SVC SERVICE CHARGE 10    12.00    1.20',
      'SR @ 6%    13.20    0.79',
      'ZR @ 0%    0.00    0.00',
    );
    expect(read(text, 'DMY').tax).toBe(0.79);
  });

  it('reads no tax from a receipt that prints none, a registration number, a zero or a credit note', () => {
    expect(read(receipt('FRUIT STALL', 'Apples    4.00', 'TOTAL    4.00', 'CASH    5.00', 'CHANGE    1.00')).tax).toBeNull();
    expect(read(receipt('GST Reg No: 001234567890', 'KEDAI RUNCIT', 'Gula    3.00', 'GST 0%    0.00', 'TOTAL    3.00'), 'DMY').tax).toBeNull();
    expect(read(receipt('BAKERY CO', 'Returned bread    -2.12', 'GST:    -0.12', 'Total Payable    -2.12'), 'DMY').tax).toBeNull();
  });
});

describe('tips, service charges and discounts', () => {
  it('reads a tip or gratuity added before the total, not the tips a receipt suggests after it', () => {
    const text = receipt(
      'HARBOR GRILL',
      'Steak Tip Skewers    12.99',
      'Salad    7.01',
      'Subtotal    20.00',
      'Tax    1.60',
      'Gratuity 18%    3.60',
      'Total    25.20',
      'Suggested tip:',
      '18% = $3.60',
      '20% = $4.00',
    );
    expect(read(text)).toEqual({ tax: 1.6, tax_included: false, tip: 3.6, discount: null, total_amount: 25.2 });
  });

  it('reads a service charge', () => {
    const text = receipt('MAMAK CORNER', 'Roti Canai    20.00', 'Sub Total    20.00', 'Service Charge 10%    2.00', 'GST 6%    1.32', 'Total    23.32');
    expect(read(text, 'DMY')).toMatchObject({ tax: 1.32, tip: 2 });
  });

  it('reads discounts printed negative among the items and named below them, not the savings recap after the total', () => {
    const text = receipt(
      'PIZZA PALACE',
      'Large Pizza    18.00',
      'Happy Hour    -3.00',
      'Soda    2.00',
      'Subtotal    17.00',
      'Coupon Discount    2.00',
      'Tax    1.20',
      'Total    16.20',
      'You saved    5.00',
    );
    expect(read(text)).toEqual({ tax: 1.2, tax_included: false, tip: null, discount: 5, total_amount: 16.2 });
  });

  it('counts a savings recap only where no discount line says it', () => {
    const text = receipt('MINI MART', 'Bread    3.05', 'Greens    3.80', 'TOTAL SAVING:    1.00    TOTAL    6.85', 'Cash    20.00', 'CHANGE    13.15');
    expect(read(text, 'DMY')).toMatchObject({ total_amount: 6.85, discount: 1 });
  });

  it('reads none of them from a plain receipt', () => {
    expect(read(receipt('FRUIT STALL', 'Apples    4.00', 'Pears    2.00', 'TOTAL    6.00'))).toEqual({
      tax: null,
      tax_included: false,
      tip: null,
      discount: null,
      total_amount: 6,
    });
  });
});
