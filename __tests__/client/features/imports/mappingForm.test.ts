import { columnOptions, mappingValues, validateMapping, withChargeSign, type MappingValues } from '../../../../src/client/features/imports/mappingForm';

const complete: MappingValues = {
  date: '0',
  description: '1',
  layout: 'amount',
  amount: '2',
  debit: '',
  credit: '',
  currency: '',
  category: '',
  date_order: 'DMY',
  charge_sign: 'negative',
  statement_currency: 'USD',
};

describe('the mapping form', () => {
  it('starts from what the server knows, with debit and credit columns when it found those', () => {
    expect(mappingValues({ date: 0, description: 2, amount: 3 }, 'EUR')).toEqual({
      date: '0',
      description: '2',
      layout: 'amount',
      amount: '3',
      debit: '',
      credit: '',
      currency: '',
      category: '',
      date_order: '',
      charge_sign: 'negative',
      statement_currency: 'EUR',
    });
    expect(mappingValues({ date: 1, debit: 4, credit: 5, category: 6, date_order: 'ISO', statement_currency: 'GBP' }, 'EUR')).toMatchObject({
      layout: 'debit_credit',
      debit: '4',
      credit: '5',
      category: '6',
      date_order: 'ISO',
      statement_currency: 'GBP',
    });
    expect(mappingValues({ amount: 2, charge_sign: 'positive' })).toMatchObject({ charge_sign: 'positive' });
  });

  it('answers the mapping to send, with columns as numbers, the sign of a charge and the statement currency', () => {
    expect(validateMapping({ ...complete, category: '4', charge_sign: 'positive', statement_currency: 'GBP' })).toEqual({
      mapping: { date: 0, description: 1, amount: 2, category: 4, date_order: 'DMY', charge_sign: 'positive', statement_currency: 'GBP' },
    });
    // A currency column says each row's currency: no statement currency then.
    expect(validateMapping({ ...complete, currency: '3' })).toEqual({
      mapping: { date: 0, description: 1, amount: 2, currency: 3, date_order: 'DMY', charge_sign: 'negative' },
    });
    expect(validateMapping({ ...complete, statement_currency: '' })).toEqual({ errors: { statement_currency: 'Choose the currency of the statement' } });
  });

  it('leaves out the columns of the other amount layout, and the sign with debit and credit columns', () => {
    expect(validateMapping({ ...complete, layout: 'debit_credit', debit: '3', credit: '4', charge_sign: 'positive' })).toEqual({
      mapping: { date: 0, description: 1, debit: 3, credit: 4, date_order: 'DMY', statement_currency: 'USD' },
    });
    expect(validateMapping({ ...complete, debit: '3' })).toEqual({
      mapping: { date: 0, description: 1, amount: 2, date_order: 'DMY', charge_sign: 'negative', statement_currency: 'USD' },
    });
  });

  it('flips the sign of a complete mapping, to read the rows again', () => {
    const known = { date: 0, description: 1, amount: 2, category: 3, date_order: 'ISO', statement_currency: 'GBP' } as const;
    expect(withChargeSign(known, 'positive')).toEqual({ ...known, charge_sign: 'positive' });
    expect(withChargeSign({ date: 0, description: 1 }, 'positive')).toBeNull();
  });

  it('asks for every needed column and the date format', () => {
    expect(validateMapping({ ...complete, date: '', description: '', amount: '', date_order: '' })).toEqual({
      errors: {
        date: 'Choose the date column',
        description: 'Choose the description column',
        amount: 'Choose the amount column',
        date_order: 'Choose how the dates are written',
      },
    });
    expect(validateMapping({ ...complete, layout: 'debit_credit' })).toEqual({ errors: { debit: 'Choose the debit column, the credit column or both' } });
    // One of debit and credit is enough (a card statement may have only charges).
    expect(validateMapping({ ...complete, layout: 'debit_credit', credit: '4' })).toHaveProperty('mapping.credit', 4);
  });

  it('refuses one column in two roles', () => {
    expect(validateMapping({ ...complete, amount: '0' })).toEqual({ errors: { amount: 'This column is already the date column' } });
    expect(validateMapping({ ...complete, category: '1' })).toEqual({ errors: { category: 'This column is already the description column' } });
  });

  it('names each column by its header and a value from the first rows', () => {
    const header = ['Posted', '', 'Details of the payment'];
    const sample = [
      ['03/14/2026', '', 'A very long description of a payment at a shop'],
      ['03/15/2026', 'x', ''],
    ];
    expect(columnOptions(header, sample)).toEqual([
      { value: '0', label: 'Posted (e.g. 03/14/2026)' },
      { value: '1', label: 'Column 2 (e.g. x)' },
      { value: '2', label: 'Details of the payment (e.g. A very long description of a…)' },
    ]);
  });
});
