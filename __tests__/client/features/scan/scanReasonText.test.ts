import type { ScanConfidence, ScanReasons } from '../../../../src/shared/scan';
import { reasonText } from '../../../../src/client/features/scan/scanReasonText';

const SURE: ScanConfidence = { store_name: 0.9, date: 0.9, total_amount: 0.9 };

describe('reasonText', () => {
  it('words each field’s reason in a few words, with the text it was read from', () => {
    const reasons: ScanReasons = {
      store_name: { code: 'first_line', printed: 'HARBOUR DELI AND CO' },
      date: { code: 'other_date', printed: '04/28/2018' },
      total_amount: { code: 'label_and_sum', printed: 'TOTAL', sums: ['items_tax', 'cash_less_change'] },
    };
    expect(reasonText('total_amount', reasons, SURE)).toBe('Total: labelled TOTAL, and items + tax add up to it');
    expect(reasonText('date', reasons, SURE)).toBe('Date: printed as 04/28/2018');
    expect(reasonText('store_name', reasons, SURE)).toBe('Store: first line of the header');
  });

  it('says please check where the scanner is not sure', () => {
    const reasons: ScanReasons = { store_name: { code: 'first_line', printed: 'HARBOUR' } };
    expect(reasonText('store_name', reasons, { ...SURE, store_name: 0.4 })).toBe('Store: first line of the header — please check');
  });

  it('words every code', () => {
    const store = (code: NonNullable<ScanReasons['store_name']>['code']) => reasonText('store_name', { store_name: { code, printed: 'CAFE / LUNA' } }, SURE);
    expect(store('memory')).toBe('Store: as you saved it for this store before');
    expect(store('header_line')).toBe('Store: header line “CAFE / LUNA”');
    expect(store('joined_lines')).toBe('Store: header lines joined, “CAFE / LUNA”');
    const date = (code: NonNullable<ScanReasons['date']>['code']) => reasonText('date', { date: { code, printed: '28 Apr 2018' } }, SURE);
    expect(date('date_label')).toBe('Date: printed as 28 Apr 2018 on the date line');
    expect(date('time_beside')).toBe('Date: printed as 28 Apr 2018 beside the time');
    expect(date('first_date')).toBe('Date: printed as 28 Apr 2018, the first date on it');
    const total = (code: NonNullable<ScanReasons['total_amount']>['code'], printed = '', sums: ('items' | 'subtotal_charges')[] = []) =>
      reasonText('total_amount', { total_amount: { code, printed, sums } }, SURE);
    expect(total('label', 'GRAND TOTAL')).toBe('Total: labelled GRAND TOTAL');
    expect(total('sum', '', ['items'])).toBe('Total: the items add up to it');
    expect(total('repaired', '', ['subtotal_charges'])).toBe('Total: subtotal + tax add up to it; the printed total looks misread');
    expect(total('cash_rounded', 'TOTAL')).toBe('Total: after the cash rounding printed');
    expect(total('guess')).toBe('Total: no label or sum confirms it');
  });

  it('says a PDF’s fields were read from its text, save a name remembered', () => {
    const reasons: ScanReasons = { store_name: { code: 'memory', printed: 'AMZN' }, date: { code: 'date_label', printed: '2018-04-28' }, text_layer: true };
    expect(reasonText('date', reasons, SURE)).toBe("Date: printed as 2018-04-28 on the date line, in the PDF's text");
    expect(reasonText('store_name', reasons, SURE)).toBe('Store: as you saved it for this store before');
  });

  it('gives none for a field without a reason, or a scan without reasons', () => {
    expect(reasonText('date', { store_name: { code: 'first_line', printed: 'X' } }, SURE)).toBeUndefined();
    expect(reasonText('date', undefined, SURE)).toBeUndefined();
  });
});
