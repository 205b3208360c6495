import { columnOptions, mappingValues, validateMapping, type MappingValues } from '../../../../src/client/features/imports/mappingForm';

const complete: MappingValues = { date: '0', description: '1', layout: 'amount', amount: '2', debit: '', credit: '', currency: '', date_order: 'DMY' };

describe('the mapping form', () => {
  it('starts from what the server knows, with debit and credit columns when it found those', () => {
    expect(mappingValues({ date: 0, description: 2, amount: 3 })).toEqual({
      date: '0',
      description: '2',
      layout: 'amount',
      amount: '3',
      debit: '',
      credit: '',
      currency: '',
      date_order: '',
    });
    expect(mappingValues({ date: 1, debit: 4, credit: 5, date_order: 'ISO' })).toMatchObject({
      layout: 'debit_credit',
      debit: '4',
      credit: '5',
      date_order: 'ISO',
    });
  });

  it('answers the mapping to send, with columns as numbers', () => {
    expect(validateMapping({ ...complete, currency: '3' })).toEqual({ mapping: { date: 0, description: 1, amount: 2, currency: 3, date_order: 'DMY' } });
  });

  it('leaves out the columns of the other amount layout', () => {
    expect(validateMapping({ ...complete, layout: 'debit_credit', debit: '3', credit: '4' })).toEqual({
      mapping: { date: 0, description: 1, debit: 3, credit: 4, date_order: 'DMY' },
    });
    expect(validateMapping({ ...complete, debit: '3' })).toEqual({ mapping: { date: 0, description: 1, amount: 2, date_order: 'DMY' } });
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
