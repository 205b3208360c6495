import { parseReceiptDetailed, type ParseOptions } from '../../../src/server/ocr/parser';
import { labelOf } from '../../../src/server/ocr/parser/reasons';

/** The parser's own clock: a day after every receipt here. */
const opts = (dateOrder: ParseOptions['dateOrder'] = 'MDY'): ParseOptions => ({ dateOrder, today: new Date(Date.UTC(2026, 0, 15)) });

const DINER = `
JOE'S CORNER DINER
1200 W MAIN STREET
05/06/2019   7:42 PM
1 Pancake Stack              8.50
2 Coffee                     5.00
SUBTOTAL                    13.50
TAX                          1.10
TOTAL                       14.60
CASH                        20.00
CHANGE                       5.40
`;

describe('the reasons the parser gives for its picks', () => {
  it('names the header line, the date as printed beside its time, and the total label with the sums that agree', () => {
    const d = parseReceiptDetailed(DINER, opts());
    expect(d.receipt).toMatchObject({ store_name: "JOE'S CORNER DINER", date: '2019-05-06', total_amount: 14.6 });
    expect(d.reasons.store_name).toEqual({ code: 'first_line', printed: "JOE'S CORNER DINER" });
    expect(d.reasons.date).toEqual({ code: 'time_beside', printed: '05/06/2019' });
    expect(d.reasons.total_amount).toEqual({ code: 'label_and_sum', printed: 'TOTAL', sums: ['items_tax', 'subtotal_charges', 'cash_less_change'] });
  });

  it('gives the date on a date line, and a label that no sum confirms', () => {
    const d = parseReceiptDetailed('CAFE LUNA\nDate: 28 Apr 2018\nLatte 4.00\nGRAND TOTAL RM 9.00\n', opts('DMY'));
    expect(d.reasons.date).toEqual({ code: 'date_label', printed: '28 Apr 2018' });
    expect(d.reasons.total_amount).toMatchObject({ code: 'label', printed: 'GRAND TOTAL', sums: [] });
  });

  it('quotes the total line, not a payment line printing the same amount', () => {
    const d = parseReceiptDetailed('SHOP\nItem 63.80\nTotal : 63.80\nMaster Card 63.80\n', opts());
    expect(d.reasons.total_amount).toMatchObject({ code: 'label_and_sum', printed: 'Total' });
  });

  it('says when the first date printed was taken', () => {
    const d = parseReceiptDetailed('KEDAI ABC\n12/03/2018\nTOTAL 5.00\n', opts('DMY'));
    expect(d.reasons.date).toEqual({ code: 'first_date', printed: '12/03/2018' });
  });

  it('says when the receipt’s own sums repair a misread total', () => {
    // OCR read 1.61 for 7.61; subtotal + tax and cash − change both say 7.61.
    const d = parseReceiptDetailed('BURGER BARN\nSubTotal 7.00\nTax 0.61\nTotal 1.61\nCash 8.00\nChange 0.39\n', opts());
    expect(d.receipt.total_amount).toBe(7.61);
    expect(d.reasons.total_amount).toEqual({ code: 'repaired', printed: '', sums: ['subtotal_charges', 'cash_less_change'] });
  });

  it('calls an amount no label names and no sum confirms a guess', () => {
    const d = parseReceiptDetailed('HARBOUR DELI AND CO\n45 Quay Road, Portside\nSoup    6.50\nBread roll    1.50\nRM    9.00\n', opts());
    expect(d.receipt.total_amount).toBe(9);
    expect(d.reasons.total_amount?.code).toBe('guess');
  });

  it('names the lines a name was joined from', () => {
    const d = parseReceiptDetailed('\nSYARIKAT ANEKA NIAGA\nSDN BHD\nLOT 5, JALAN 2\nTOTAL 5.00', opts('DMY'));
    expect(d.receipt.store_name).toBe('SYARIKAT ANEKA NIAGA SDN BHD');
    expect(d.reasons.store_name).toEqual({ code: 'joined_lines', printed: 'SYARIKAT ANEKA NIAGA / SDN BHD' });
  });

  it('gives no reason for a field nothing was read for', () => {
    const d = parseReceiptDetailed('SOME SHOP\nThank you\n', opts());
    expect(d.receipt.date).toBeNull();
    expect(d.receipt.total_amount).toBeNull();
    expect(d.reasons).not.toHaveProperty('date');
    expect(d.reasons).not.toHaveProperty('total_amount');
  });
});

describe('labelOf', () => {
  it('keeps the words of a total line, without its amounts and currency markers', () => {
    expect(labelOf('GRAND TOTAL RM 12.34')).toBe('GRAND TOTAL');
    expect(labelOf('TOTAL: $ 5.00')).toBe('TOTAL');
    expect(labelOf('Amount Due USD 1,204.50')).toBe('Amount Due');
    // A line of nothing but an amount is its own label.
    expect(labelOf('9.00')).toBe('9.00');
  });
});
