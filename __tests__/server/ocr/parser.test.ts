import { parseReceipt, parseReceiptDetailed, receiptCandidates } from '../../../src/server/ocr/parser';
import { UNSURE_BELOW } from '../../../src/shared/scan';
import { datesInLine, parseDate } from '../../../src/server/ocr/parser/date';
import { toLines, findMoney, lettersForDigits } from '../../../src/server/ocr/parser/text';

const US_DINER = `
      JOE'S CORNER DINER
   1200 W MAIN STREET
   SPRINGFIELD, IL 62704
   (217) 555-0199
Server: Dana          Table: 12
05/06/2019   7:42 PM
1 Pancake Stack              8.50
2 Coffee                     5.00
3 x 1.25  Hash Browns        3.75
Orange Juice 2 @ 1.75        3.50
SUBTOTAL                    20.75
TAX 8.25%                    1.71
TOTAL                       22.46
CASH                        30.00
CHANGE                       7.54
THANK YOU!
`;

const MY_SHOP = `
(123456-A)
KEDAI MAJU JAYA SDN BHD
NO. 5, JALAN BUNGA RAYA,
50000 KUALA LUMPUR
GST Reg No : 000123456789
TAX INVOICE
Date : 05/06/2018 10:15:33
ITEM            QTY   AMOUNT
MILO 1KG         1    18.90 SR
ROTI GARDENIA    2     5.60 SR
Total Sales (Inclusive GST) RM 24.50
GST @ 6%                     1.39
Rounding Adj                -0.00
Total Rounded             RM 24.50
Cash                      RM 50.00
Change                    RM 25.50
`;

describe('parseReceipt: US month-first receipt', () => {
  const r = parseReceipt(US_DINER, { dateOrder: 'MDY' });

  it('reads the store from the header, not the address or phone', () => {
    expect(r.store_name).toBe("JOE'S CORNER DINER");
  });
  it('reads 05/06/2019 month first', () => {
    expect(r.date).toBe('2019-05-06');
  });
  it('takes TOTAL, not subtotal, tax, cash or change', () => {
    expect(r.total_amount).toBe(22.46);
    expect(r.tax).toBe(1.71);
  });
  it('extracts items with quantities and line totals', () => {
    expect(r.items).toEqual([
      { name: 'Pancake Stack', price: 8.5, quantity: 1, category: 'food' },
      { name: 'Coffee', price: 5.0, quantity: 2, category: 'food' },
      { name: 'Hash Browns', price: 3.75, quantity: 3, category: 'food' },
      { name: 'Orange Juice', price: 3.5, quantity: 2, category: 'food' },
    ]);
  });
  it('reads a count in front of a size in brackets', () => {
    const text = ['1 (L)Ton Katsu    8.95', '11 Adult Dinner    709.50', 'Subtotal    718.45'].join('\n');
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => [i.name, i.quantity])).toEqual([
      ['(L)Ton Katsu', 1],
      ['Adult Dinner', 11],
    ]);
  });
});

describe('items: group subtotals', () => {
  it("drops a line whose price is the sum of the items above it ('Food'), and goes on counting after it", () => {
    const text = 'CAFE\nBurrito Cmb 8.28\nBur-BRC 3.78\nFood 12.06\nIced Tea 2.50\nLemonade 2.50\nSUBTOTAL 17.06\nTOTAL 18.00\n';
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => i.name)).toEqual(['Burrito Cmb', 'Bur-BRC', 'Iced Tea', 'Lemonade']);
    // A tax line with its rate glued on is no item either.
    expect(parseReceipt('CAFE\nBurger 11.00\nRESORT TAX27 2.86\nTOTAL 13.86\n', { dateOrder: 'MDY' }).items.map((i) => i.name)).toEqual(['Burger']);
    // Two of the same price are two things bought, not a subtotal of one.
    expect(parseReceipt('CAFE\nTaco 3.00\nTaco 3.00\nTOTAL 6.00\n', { dateOrder: 'MDY' }).items).toHaveLength(2);
    // A coupon or voucher taken off is nothing bought.
    expect(parseReceipt('PIZZA\nHand Toss Cheese 12.49\nCOUPON (F6) 10.18\nTOTAL 2.31\n', { dateOrder: 'MDY' }).items.map((i) => i.name)).toEqual([
      'Hand Toss Cheese',
    ]);
  });

  it('keeps a line priced as the items above it add up to where the subtotal counts it as bought', () => {
    const text = 'GRILL\nMakers Mark 23.00\nSide Caesar 6.00\nChicken & Rib Combo 29.00\nFrisee Salad 10.00\nSubtotal 68.00\nTax 5.43\nTotal 73.43\n';
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => [i.name, i.price])).toEqual([
      ['Makers Mark', 23],
      ['Side Caesar', 6],
      ['Chicken & Rib Combo', 29],
      ['Frisee Salad', 10],
    ]);
    // Where the subtotal leaves it out, it is a group's subtotal as before.
    const grouped = text.replace('Subtotal 68.00', 'Subtotal 39.00').replace('Total 73.43', 'Total 44.43');
    expect(parseReceipt(grouped, { dateOrder: 'MDY' }).items.map((i) => i.name)).toEqual(['Makers Mark', 'Side Caesar', 'Frisee Salad']);
  });
});

describe('items: where the list ends', () => {
  it('reads on past a summary label with no amount (a second copy photographed beside this one)', () => {
    const text =
      'FourthStreetMill    Receipt\n(909) 596-1564    Subto\nServer: Chris D.    Sep 29,2018    Total\nLamb Burger    $13.00\nKids Fries    $3.00\nSubtotal    $16.00\nTotal    $17.52\n';
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => [i.name, i.price])).toEqual([
      ['Lamb Burger', 13],
      ['Kids Fries', 3],
    ]);
  });

  it('reads every seat of a check split by seat, where each seat and all of them add up', () => {
    const seats = [
      'Seat 1',
      'Coke    2.29',
      'Margherita Calzone    11.99',
      'Side Caesar    4.99',
      'Subtotal    19.27',
      'Tax    1.35',
      'Total    20.62',
      'Seat 2',
      'Coke    2.29',
      'Dbl Stack Cheeseburger    8.99',
      'Bacon    0.99',
      'Subtotal    12.27',
      'Tax    0.86',
      'Total    13.13',
      'Subtotal    31.54',
      'Tax    2.21',
      'Total    33.75',
    ];
    const read = parseReceipt(seats.join('\n'), { dateOrder: 'MDY' });
    expect(read.items.map((i) => [i.name, i.price])).toEqual([
      ['Coke', 2.29],
      ['Margherita Calzone', 11.99],
      ['Side Caesar', 4.99],
      ['Coke', 2.29],
      ['Dbl Stack Cheeseburger', 8.99],
      ['Bacon', 0.99],
    ]);
    expect(read.total_amount).toBe(33.75);
    // Without the receipt's own subtotal of all seats, the second seat might be another receipt photographed beside it.
    const noGrandSubtotal = seats.slice(0, 14).join('\n');
    expect(parseReceipt(noGrandSubtotal, { dateOrder: 'MDY' }).items.map((i) => i.name)).toEqual(['Coke', 'Margherita Calzone', 'Side Caesar']);
  });

  it('reads no line below the summary that only the total less its tax would account for', () => {
    const text = [
      '2 Red Sangria Glass    14.00',
      '1 COMBO FAJITAS    22.95',
      'Bar Subtotal:    14.00',
      'Food Subtotal:    22.95',
      'NY State:    3.14',
      'TOTAL:    $40.09',
    ].join('\n');
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => i.name)).toEqual(['Red Sangria Glass', 'COMBO FAJITAS']);
  });
});

describe('items: OCR slips', () => {
  it("reads a '$' misread as 5 where the other prices print '$', and letters misread as digits in names", () => {
    const text = ['1 Hf Chk Steak 522.95', '1 Sushi Deluxe $20.75', '1 Pren G1ass $15.95', '1 0ssobuco $6.50', 'Subtotal $66.15', 'Total $66.15'].join('\n');
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => [i.name, i.price])).toEqual([
      ['Hf Chk Steak', 22.95],
      ['Sushi Deluxe', 20.75],
      ['Pren Glass', 15.95],
      ['Ossobuco', 6.5],
    ]);
  });

  it("keeps a counted line at no charge but not a modifier, reads a price with a seat digit after it, and stops at 'Sub/Tt1' and 'Taxable:'", () => {
    const text = [
      '1 Water    0.00',
      'No onions    0.00',
      '1 CHICKEN MARSALA    18.50 1',
      'Taxable:    18.50',
      'Sub/Tt1    18.50',
      '*DRV THRU    19.98',
      'Total    19.98',
    ].join('\n');
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => [i.name, i.price, i.quantity])).toEqual([
      ['Water', 0, 1],
      ['CHICKEN MARSALA', 18.5, 1],
    ]);
  });

  it("reads a seat digit glued on with a point ('17.00.2') and a count whose point was read as a colon", () => {
    const text = ['t Tartare di Tonno    17.00.2', 'TANDOORI CHICKEN    179    1:00    179.00', 'Sub-total:    196.00', 'Total Due: 196.00'].join('\n');
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => [i.name, i.price, i.quantity])).toEqual([
      ['t Tartare di Tonno', 17, 1],
      ['TANDOORI CHICKEN', 179, 1],
    ]);
  });

  it('takes count and rate columns in either order only where they multiply to the amount', () => {
    const text = [
      'ITEMS    QTY PRICE TOTAL',
      'KARI PAKORA    2    4.50    9.00',
      'FISH BIRIYANI    229    1    229.00',
      'HOUSE BLEND    12    2.50    5.00',
      'Total:    243.00',
    ].join('\n');
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => [i.name, i.price, i.quantity])).toEqual([
      ['KARI PAKORA', 9, 2],
      ['FISH BIRIYANI', 229, 1],
      ['HOUSE BLEND 12', 5, 1],
    ]);
  });
});

describe('items: prices a row off their names', () => {
  const shifted = ['0.25', '1 CP, up    0.00', '1 SOUP DJ    22.00', '1 TURTLE    18.00', '1 CATFISH    9.50', '1 SOUFFLE'];

  it('pairs each name with the price a row up where only that makes the items add up to the subtotal', () => {
    const text = [...shifted, 'Sub Total:    49.75', 'Tax:    5.45', 'TOTAL:    55.20'].join('\n');
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => [i.name, i.price])).toEqual([
      ['CP, up', 0.25],
      ['SOUP DJ', 0],
      ['TURTLE', 22],
      ['CATFISH', 18],
      ['SOUFFLE', 9.5],
    ]);
  });

  it('pairs each name with the price a row down, as where a code and the price head each item', () => {
    const text = [
      '2411662040    100 0.25 25.00',
      'IKAN BILIS KOPEK',
      '2411682303    42.50 42.50',
      'VITAMAS CARTON',
      'SUB-TOTAL    67.50',
      'TOTAL    67.50',
    ].join('\n');
    expect(parseReceipt(text, { dateOrder: 'DMY' }).items.map((i) => [i.name, i.price])).toEqual([
      ['IKAN BILIS KOPEK', 25],
      ['VITAMAS CARTON', 42.5],
    ]);
  });

  it('keeps the pairs as read where no shift makes the items add up', () => {
    const text = [...shifted, 'Sub Total:    60.00', 'TOTAL:    60.00'].join('\n');
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => [i.name, i.price])).toEqual([
      ['CP, up', 0],
      ['SOUP DJ', 22],
      ['TURTLE', 18],
      ['CATFISH', 9.5],
    ]);
  });
});

describe('items: what comes with an item', () => {
  it("adds a side printed under an item to its name ('w.Miso Soup'), but no modifier or item of its own", () => {
    const text = [
      'Sushi Dinner    18.95',
      'w.Miso Soup',
      'BURRITO SUPREME    14.95',
      'W/ Beef',
      'Lamb Burger    13.00',
      '-NO Bread',
      'with fries',
      'Subtotal    46.90',
    ].join('\n');
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => i.name)).toEqual(['Sushi Dinner w.Miso Soup', 'BURRITO SUPREME W/ Beef', 'Lamb Burger']);
  });
});

describe("items: the receipt's own sums", () => {
  it("mends a '$' read as a leading digit when that alone makes the items add up, and then drops the group line it confirms", () => {
    const text = ['1 Fajita Vegetable    7.75', '1 Taco Shrimp Fresh Catch 3 312.00', '1 Water    0.00', 'Food    19.75', 'Tax    2.01', 'Total    21.76'].join(
      '\n',
    );
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => [i.name, i.price])).toEqual([
      ['Fajita Vegetable', 7.75],
      ['Taco Shrimp Fresh Catch 3', 12],
      ['Water', 0],
    ]);
  });

  it('leaves the prices as read where no sum confirms a mend, or where two mends would each do', () => {
    const unconfirmed = ['Fajita    7.75', 'Taco    312.00', 'Subtotal    20.00', 'Total    20.00'].join('\n');
    expect(parseReceipt(unconfirmed, { dateOrder: 'MDY' }).items.map((i) => i.price)).toEqual([7.75, 312]);
    const ambiguous = ['Fajita    310.00', 'Taco    310.00', 'Soda    1.00', 'Subtotal    311.00', 'Total    311.00'].join('\n');
    expect(parseReceipt(ambiguous, { dateOrder: 'MDY' }).items.map((i) => i.price)).toEqual([310, 310, 1]);
  });
});

describe('parseReceipt: day-first receipt with inclusive tax and rounding', () => {
  const r = parseReceipt(MY_SHOP, { dateOrder: 'DMY' });
  it('reads the company line and skips the registration number', () => {
    expect(r.store_name).toBe('KEDAI MAJU JAYA SDN BHD');
  });
  it('reads 05/06/2018 day first', () => {
    expect(r.date).toBe('2018-06-05');
  });
  it('takes the rounded total and the GST amount', () => {
    expect(r.total_amount).toBe(24.5);
    expect(r.tax).toBe(1.39);
  });
  it('reads item lines with trailing tax codes', () => {
    expect(r.items.map((i) => [i.name, i.price, i.quantity])).toEqual([
      ['MILO 1KG', 18.9, 1],
      ['ROTI GARDENIA', 5.6, 2],
    ]);
  });
});

describe('totals', () => {
  it('prefers the later total after a service charge', () => {
    const r = parseReceipt('CAFE LUNA\nSubtotal 20.00\nTax 1.60\nTotal 21.60\nService Charge 10% 2.00\nTotal 23.60\n', { dateOrder: 'MDY' });
    expect(r.total_amount).toBe(23.6);
  });
  it('repairs a misread total digit with the receipt arithmetic and the payment', () => {
    // OCR read 1.61 for 7.61; subtotal + tax and cash - change both say 7.61
    const text = 'BURGER BARN\nSubTotal 7.00\nTax 0.61\nTotal 1.61\nCash 8.00\nChange 0.39\n';
    expect(parseReceipt(text, { dateOrder: 'MDY' }).total_amount).toBe(7.61);
  });
  it('offers the summary arithmetic when the total line is unreadable, and says it is unsure', () => {
    const text = 'TAJ GRILL\n1 Dal 10.99\nSUB TOTAL: 35.95\nTax 1: 2.98\n18% TIPS: 8.09\n';
    const parsed = parseReceiptDetailed(text, { dateOrder: 'MDY' });
    // Subtotal + tax + tips is a candidate, but with no total line nothing confirms any amount.
    expect(receiptCandidates(text, { dateOrder: 'MDY' }).total.map((c) => c.value)).toContain(47.02);
    expect(parsed.confidence.total_amount).toBeLessThan(UNSURE_BELOW);
  });
  it('marks an amount no total label names and no sum confirms as a guess, however it ranks', () => {
    const unlabelled = 'HARBOUR DELI AND CO\n45 Quay Road, Portside\nDate: 03/04/2025 12:10\nSoup    6.50\nBread roll    1.50\nRM    9.00\n';
    const guess = parseReceiptDetailed(unlabelled, { dateOrder: 'MDY' });
    expect(guess.receipt.total_amount).toBe(9);
    expect(guess.confidence.total_amount).toBeLessThan(UNSURE_BELOW);
    // The same amount named a total, with the items adding up to it, is sure.
    const named = parseReceiptDetailed(unlabelled.replace('RM    9.00', 'Bread    1.00\nTOTAL RM    9.00'), { dateOrder: 'MDY' });
    expect(named.receipt.total_amount).toBe(9);
    expect(named.confidence.total_amount).toBeGreaterThanOrEqual(UNSURE_BELOW);
  });
  it('works out the amount paid from a total and the cash-rounding adjustment printed under it, whatever its sign', () => {
    const text = 'KEDAI ABC\nTotal Sales (Inclusive GST) RM 27.28\nRounding Adjustment RM -.02\nTOTAL 27.50\n';
    const rounded = receiptCandidates(text, { dateOrder: 'DMY' }).total.find((c) => c.value === 27.3);
    expect(rounded?.features).toMatchObject({ rounding_applied: 1, derived: 1 });
    expect(receiptCandidates(text, { dateOrder: 'DMY' }).total.find((c) => c.value === 27.28)?.features.rounding_applied).toBe(0);
    // An amount that is no total plus or minus the adjustment gets no credit, nor does a zero adjustment.
    expect(
      receiptCandidates('SHOP\nTOTAL 10.00\nRounding Adj 0.00\nCASH 10.05\n', { dateOrder: 'DMY' }).total.every((c) => c.features.rounding_applied === 0),
    ).toBe(true);
  });
  it('takes the amount after cash rounding where the receipt shows it, not the cash handed over', () => {
    const head = 'KEDAI ABC\nNO 5, JALAN 2\n30-06-16\nB019 MARIGOLD HL MILK 1L RM100.00 s\n5S9 TIGER BEER RM81.98 s\n';
    const rounded = `${head}Total Sales (Inclusive GST) RM 181.98\nRounding Adjustment RM .02\nRounding RM 182.00\nVISA RM 182.00\n`;
    expect(parseReceipt(rounded, { dateOrder: 'DMY' }).total_amount).toBe(182);
    // An adjustment that does not come to a multiple of five cents rounds nothing.
    const odd = `${head}Total Sales (Inclusive GST) RM 181.98\nRounding Adjustment RM -.02\nRounding RM 181.96\nVISA RM 181.96\n`;
    expect(parseReceipt(odd, { dateOrder: 'DMY' }).total_amount).toBe(181.98);
    // Cash that is exactly the total and its printed rounding is the rounded amount paid (what
    // the train receipts' labels record where the rounded total is printed nowhere else).
    const cashOnly =
      'TAX INVOICE\nREG 30-04-2018 15:57\nB/W COPY A4\nS RM1.38\nGST TA AMT RM1.30\nGST 6% RM0.08\nTOTAL RM1.38\nROUNDING RM0.02\nCASH RM1.40\nGOODS SOLD ARE NOT\nRETURNABLE\n';
    expect(parseReceipt(cashOnly, { dateOrder: 'DMY' }).total_amount).toBe(1.4);
    // Cash handed over that is no sum of the receipt's does not replace its total.
    expect(parseReceipt(cashOnly.replace('CASH RM1.40', 'CASH RM5.00'), { dateOrder: 'DMY' }).total_amount).toBe(1.38);
  });
  it('handles "Grand Total" with a discount and cash tendered', () => {
    const text = 'PIZZA PLACE\nSub-Total : 45.70\nCoupon Discount : 14.80\nGrand Total : 30.90\nPayment : 101.00\nChange Due : 70.10\n';
    expect(parseReceipt(text, { dateOrder: 'DMY' }).total_amount).toBe(30.9);
  });
  it('returns null when there is no amount at all', () => {
    const r = parseReceipt('HELLO WORLD\nno numbers here\n', { dateOrder: 'MDY' });
    expect(r.total_amount).toBeNull();
    expect(r.date).toBeNull();
    expect(r.tax).toBeNull();
    expect(r.items).toEqual([]);
  });
  it('reads amounts with OCR spacing and O for zero', () => {
    expect(findMoney('TOTAL $15. O3').map((m) => m.value)).toEqual([]);
    const lines = toLines('TOTAL $15. O3');
    expect(findMoney(lines[0].text).map((m) => m.value)).toEqual([15.03]);
  });
  it('reads a currency followed by a speck before the amount', () => {
    expect(findMoney('Total Incl. GST@6%    <RM.34.80')).toMatchObject([{ value: 34.8, currency: true }]);
    expect(parseReceipt('Total Incl. GST@6%    <RM.34.80\nCASH    RM 100.00\nCHANGE    RM 65.20', { dateOrder: 'DMY' }).total_amount).toBe(34.8);
  });
});

describe('items: words that are food on one line and payment on another', () => {
  it("keeps 'Tender', 'Tip' and 'Round' in a dish's name, but not a tender, tip or rounding line", () => {
    const text = [
      '1 #6 3 TENDER ML    8.69',
      'Steak Tip Skewers    12.99',
      '1 GL ROUND POND SB    13.00',
      'Subtotal    34.68',
      'Tip:    5.00',
      'Rounding Adj    0.02',
      'Total    39.70',
      'CASH TENDER    40.00',
    ].join('\n');
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => [i.name, i.price])).toEqual([
      ['#6 3 TENDER ML', 8.69],
      ['Steak Tip Skewers', 12.99],
      ['GL ROUND POND SB', 13],
    ]);
    expect(parseReceipt('CAFE\nLatte    4.00\nTip    1.00\nTENDER    5.00\nTotal    5.00\n', { dateOrder: 'MDY' }).items.map((i) => i.name)).toEqual(['Latte']);
  });

  it('reads a count of one glued to the name where the others print their count, but not a word that starts with I', () => {
    const text = ['1LATTE    1.75', '1 SALMON    7.95', 'ICED TEA    2.50', 'Amount Due    12.20'].join('\n');
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => [i.name, i.quantity])).toEqual([
      ['LATTE', 1],
      ['SALMON', 1],
      ['ICED TEA', 1],
    ]);
    // A digit glued on is a count too, even where the name is no English word.
    const glued = ['1 TIKKA MASALA    $20.00', '1PALAK (SPINACH)    $18.00', '2SAMOSA    $9.00', 'Subtotal    $47.00'].join('\n');
    expect(parseReceipt(glued, { dateOrder: 'MDY' }).items.map((i) => [i.name, i.quantity])).toEqual([
      ['TIKKA MASALA', 1],
      ['PALAK (SPINACH)', 1],
      ['SAMOSA', 2],
    ]);
    // Without counts printed, a leading I is the name's own.
    expect(parseReceipt('IKURA    9.00\nTotal    9.00\n', { dateOrder: 'MDY' }).items.map((i) => i.name)).toEqual(['IKURA']);
    // Nor where what follows the I is no word either ('IKAN BILIS': Malay for anchovies).
    expect(parseReceipt('1 TEH O    1.50\nIKAN BILIS    4.00\nTotal    5.50\n', { dateOrder: 'DMY' }).items.map((i) => i.name)).toEqual([
      'TEH O',
      'IKAN BILIS',
    ]);
  });

  it('drops order-type and reprint lines that carry the amount', () => {
    const text = ['Burger    9.99', 'DRIVE THRU    9.99', 'Reprint #:1    9.99', 'NET    9.99', 'Total    9.99'].join('\n');
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => i.name)).toEqual(['Burger']);
  });
});

describe('OCR slips in amounts', () => {
  it('reads S for 5 inside an amount and a dash for its point, but leaves a date or a phone number alone', () => {
    const text = ['UONG RIPIENE 9.7S', 'Chicken Parm21-7S', 'SCAMPI MILAN2S.7S', 'Piatto Gorgonzola    $12-99', 'SUBTOT    69.24', 'TOTAL    69.24'].join('\n');
    expect(parseReceipt(text, { dateOrder: 'MDY' }).items.map((i) => [i.name, i.price])).toEqual([
      ['UONG RIPIENE', 9.75],
      ['Chicken Parm', 21.75],
      ['SCAMPI MILAN', 25.75],
      ['Piatto Gorgonzola', 12.99],
    ]);
    expect(toLines('Date: 12-18')[0].text).toBe('Date: 12-18');
    expect(toLines('Tel 555-12')[0].text).toBe('Tel 555-12');
    expect(toLines('Order 11/08 12-18')[0].text).toBe('Order 11/08 12-18');
  });

  it('reads a price column misread with a colon, but leaves times alone', () => {
    const r = parseReceipt('TACO SHOP\nSprite          2:90\nTime:           10:22\nTOTAL           2.90\n', { dateOrder: 'MDY' });
    expect(r.items).toEqual([{ name: 'Sprite', price: 2.9, quantity: 1, category: 'food' }]);
    expect(toLines('Time:           10:22')[0].text).toBe('Time: 10:22');
  });
  it('ignores the total row of a tax summary table printed after the payment', () => {
    const text =
      'HARDWARE CO\nTotal Sales (Excluding GST)   42.20\nTotal GST   2.53\nTotal Sales (Inclusive of GST)   44.73\nCASH :  50.00\nChange :  5.27\nGST SUMMARY\nTotal :   42.20   2.53\n';
    const r = parseReceipt(text, { dateOrder: 'DMY' });
    expect(r.total_amount).toBe(44.73);
    expect(r.tax).toBe(2.53);
  });
  it("reads a total printed beside another summary field, not the other field's amount", () => {
    const text = 'MINI MART\nBREAD    3.05\nGREENS    3.80\nTOTAL SAVING:    0.00    TOTAL    6.85\nCash    20.00\nCHANGE    13.15\n';
    expect(parseReceipt(text, { dateOrder: 'DMY' }).total_amount).toBe(6.85);
  });
  it("reads an amount wrapped below its label with the currency glued on ('RM40.00')", () => {
    const text = 'FRUIT STALL\nAPPLES    24.00\nPEARS    16.00\nSub Total\nRM40.00\nReceived Cash\nRM50.00\nChange\nRM10.00\n';
    const c = receiptCandidates(text, { dateOrder: 'DMY' });
    expect(c.total.find((t) => t.value === 40)?.features.subtotal).toBe(1);
    expect(c.total.find((t) => t.value === 50)?.features.cash).toBe(1);
  });
  it("reads a misread 'Inc:lusive of GST' remark as inclusive, so the line is still the total", () => {
    const text =
      'HARDWARE CO\nTotal Sales (Excluding GST)   353.00\nTotal GST :   21.18\nTotal Sales (Inc:lusive of GST) :   374.20\nCASH :  400.00\nChange :  25.80\n';
    const c = receiptCandidates(text, { dateOrder: 'DMY' });
    expect(c.total.find((t) => t.value === 374.2)?.features.total).toBe(1);
  });
});

describe('dates', () => {
  const one = (s: string, order: 'MDY' | 'DMY') => parseDate(toLines(s), order);
  it('numeric, both orders', () => {
    expect(one('30/03/2018', 'DMY')).toBe('2018-03-30');
    expect(one('01-03-18', 'DMY')).toBe('2018-03-01');
    expect(one('5/26/2016', 'MDY')).toBe('2016-05-26');
    expect(one('01-03-18', 'MDY')).toBe('2018-01-03');
    expect(one('2018-03-30 12:00', 'MDY')).toBe('2018-03-30');
  });
  it('falls back to the other order when the stated one is impossible', () => {
    expect(one('26/05/2016', 'MDY')).toBe('2016-05-26');
  });
  it('month names', () => {
    expect(one('25 MAR 2018', 'MDY')).toBe('2018-03-25');
    expect(one('Mar 25, 2018', 'DMY')).toBe('2018-03-25');
    expect(one('Date: Apr 01, 2019 Time: 05:12PM', 'MDY')).toBe('2019-04-01');
    expect(one('14/MAY/2017', 'DMY')).toBe('2017-05-14');
    expect(one("MAR.19'17", 'MDY')).toBe('2017-03-19');
    expect(one('September 3, 2019', 'MDY')).toBe('2019-09-03');
  });
  it("reads a two-digit year's apostrophe misread as a look-alike", () => {
    expect(one('Station 1    16Feb*19 21:31', 'MDY')).toBe('2019-02-16');
    expect(one('Nov12’16 05:41PM', 'MDY')).toBe('2016-11-12');
  });
  it('reads a date that lost one of its two separators', () => {
    expect(one('RECEIPT #: CS00833860 DATE: 2504/2017', 'DMY')).toBe('2017-04-25');
    expect(one('CB#:389720    17/01201842153', 'DMY')).toBe('2018-01-17');
    expect(datesInLine('17/01/2018', 'DMY')).toEqual([{ date: '2018-01-17', score: 2, printed: '17/01/2018' }]);
  });
  it('reads a date printed year first without separators', () => {
    expect(one('Date/Time    20180428/191204', 'DMY')).toBe('2018-04-28');
    expect(datesInLine('Invoice 20181399', 'DMY')).toEqual([]);
  });
  it('reads no month in a longer word that starts like one', () => {
    expect(datesInLine('Server: Mary    06/13/17', 'MDY')).toEqual([{ date: '2017-06-13', score: 2, printed: '06/13/17' }]);
    expect(datesInLine('Market 12/14/18', 'MDY').map((d) => d.date)).toEqual(['2018-12-14']);
  });
  it('rejects impossible dates and prefers a labelled one', () => {
    expect(datesInLine('31/02/2018', 'DMY')).toEqual([]);
    expect(one('Printed 02/02/2020\nDate: 03/04/2019', 'MDY')).toBe('2019-03-04');
  });
});

describe('store name', () => {
  it('joins a name split over two lines and skips photo junk', () => {
    const r = parseReceipt("  ~ ;\n  Friendly Red's\n  of Windham\n22 Haverhill Rd\nWindham NH\n603-437-1251\nTotal 10.00", { dateOrder: 'MDY' });
    expect(r.store_name).toBe("Friendly Red's of Windham");
  });
  it('joins a legal-form suffix on the next line', () => {
    const r = parseReceipt('SYARIKAT ANEKA NIAGA\nSDN BHD\n(556677-K)\nLOT 5, JALAN 2\nTOTAL 5.00', { dateOrder: 'DMY' });
    expect(r.store_name).toBe('SYARIKAT ANEKA NIAGA SDN BHD');
  });
});

describe('dates: OCR slips and plausibility', () => {
  const today = new Date(Date.UTC(2019, 0, 15));
  const one = (s: string, order: 'MDY' | 'DMY') => parseDate(toLines(s), order, today);
  it('repairs one misread digit when exactly one repair makes a date', () => {
    expect(one('19/62/2018 16:45', 'DMY')).toBe('2018-02-19');
  });
  it('leaves an ambiguous misread alone', () => {
    // 0/29/2018 could be 6/29, 8/29 or 9/29: no guess
    expect(one('0/29/2018', 'MDY')).toBeNull();
  });
  it('prefers a plausible date over one in the future or far in the past', () => {
    expect(one('10/03/2031\n10/03/2018', 'DMY')).toBe('2018-03-10');
    expect(one('10/03/1998\n10/03/2018', 'DMY')).toBe('2018-03-10');
    // ...but still reads an old date when it is the only one
    expect(one('10/03/1998', 'DMY')).toBe('1998-03-10');
  });
  it('reads run-together dates with a slash misread as 7', () => {
    expect(one('027032018', 'DMY')).toBe('2018-03-02');
    expect(one('02032018', 'DMY')).toBe('2018-03-02');
    expect(one('NOEMI    5/1972019', 'MDY')).toBe('2019-05-19');
  });
  it('reads a month-name date with an apostrophe year after a numbered field', () => {
    expect(one("0168 20:14 #04 MAR.19'17 REG001", 'MDY')).toBe('2017-03-19');
  });
  it('reads a date with the time between the day and the year, not the hour as the year', () => {
    expect(one('CARRY-OUT, SUN JUN 24 20:49:53 2018', 'MDY')).toBe('2018-06-24');
  });
  it("reads a month's name with a letter read as a digit", () => {
    expect(one("Tbl 55/1 Chk 4488\n0ct08'14 12:10PM", 'MDY')).toBe('2014-10-08');
    expect(one("Date: Ju115'17 04:07PM", 'MDY')).toBe('2017-07-15');
  });
  it('reads a month, day and year run together, and a year printed against the time', () => {
    expect(one('Mar1818 10:54AM', 'MDY')).toBe('2018-03-18');
    expect(one('Invoice #2143    4/15/1612:03:14 PM', 'MDY')).toBe('2016-04-15');
  });
});

describe('store name: generic clean-up', () => {
  const store = (s: string, lineConf?: number[]) => parseReceipt(s, { dateOrder: 'DMY', lineConf }).store_name;
  it('keeps the printed full stops of SDN. BHD.', () => {
    expect(store('BEMED (SP) SDN. BHD.\nNo 49, Jalan Dinar\nTOTAL 5.00')).toBe('BEMED (SP) SDN. BHD.');
    expect(store('ACME TRADING C0N BHD\nLOT 5, JALAN 2\nTOTAL 5.00')).toBe('ACME TRADING SDN BHD');
  });
  it('reads a comma after a final legal form as a full stop', () => {
    expect(store('ACME CO. (M) BHD, (123456-H)\nLOT 5, JALAN 2\nTOTAL 5.00')).toBe('ACME CO. (M) BHD.');
  });
  it('does not take a header field or a lone generic word for the name', () => {
    expect(store('Restaurant\nGOLDEN SPOON\n12 Main Street\nTOTAL 5.00')).toBe('GOLDEN SPOON');
    expect(store('Server: Jose station: 2\nTOTAL 5.00')).toBe('');
  });
  it('starts the name on the line above when the best line begins with a connector', () => {
    expect(store("Friendly Red's\nof Windham\n22 Haverhill Rd\nTotal 10.00", [40, 92, 90, 90])).toBe("Friendly Red's of Windham");
  });
  it("joins a word OCR split in a Title Case name, but keeps a name's small lower-case words", () => {
    expect(store('Go lden Coin\n94-450 Ukee St\nTOTAL 5.00')).toBe('Golden Coin');
    expect(store('Dom inican Restaurant\n1019 Front St.\nTOTAL 5.00')).toBe('Dominican Restaurant');
    expect(store("Lalo's Mexican at Navy Pier\n600 E Grand Ave\nTOTAL 5.00")).toBe("Lalo's Mexican at Navy Pier");
  });
  it('drops a check or order number printed after the name, with its label', () => {
    expect(store("Finnegan's Way Check 822819\n1344 Ocean Drive\nTOTAL 5.00")).toBe("Finnegan's Way");
  });
  it("never takes half a name: a line ending in '&', or the rest of the line above", () => {
    expect(store('HOME MASTER HARDWARE &\nELECTRICAL\nNO 2, JALAN 3\nTOTAL 5.00')).toBe('HOME MASTER HARDWARE & ELECTRICAL');
    const names = receiptCandidates('POPULAR BOOK\nCO. (M) SDN BHD\nNO 8, JALAN 1\nTOTAL 5.00', { dateOrder: 'DMY' }).store.map((c) => c.value);
    expect(names).toContain('POPULAR BOOK CO. (M) SDN BHD');
    expect(names).not.toContain('CO. (M) SDN BHD');
  });
  it("reads 'Drive-In' and a 'Time' in a name as part of the name, not an address or a field", () => {
    const [name] = receiptCandidates('Taco Time - Kenmore\nSonic Drive-In\nTOTAL 5.00', { dateOrder: 'MDY' }).store;
    expect(name.features).toMatchObject({ meta: 0, address: 0 });
    const drive = receiptCandidates('Sonic Drive-In\nTOTAL 5.00', { dateOrder: 'MDY' }).store[0];
    expect(drive.features.address).toBe(0);
  });
  it('drops a registration field after the name, its label too when the number is on the next line', () => {
    expect(store('ENW Hardware Centre (M) Sdn. Bhd. Co. Reg. No.\n795225-A\nNo 3, Jalan 2\nTOTAL 5.00')).toBe('ENW Hardware Centre (M) Sdn. Bhd.');
    expect(store('ACME Sdn. Bhd. GST Reg. No.: 000155453440\nNo 3, Jalan 2\nTOTAL 5.00')).toBe('ACME Sdn. Bhd.');
    expect(store('CO NOODLE HOUSE\n12 Main Street\nTOTAL 5.00')).toBe('CO NOODLE HOUSE');
  });
  it('puts back the opening bracket OCR lost before a short code', () => {
    expect(store('GARDENIA BAKERIES KL) SDN BHD\nLot 3, Jalan Pelabur\nTOTAL 5.00')).toBe('GARDENIA BAKERIES (KL) SDN BHD');
    expect(store('GARDENIA BAKERIES (KL) SDN BHD\nLot 3, Jalan Pelabur\nTOTAL 5.00')).toBe('GARDENIA BAKERIES (KL) SDN BHD');
  });
  it('repairs BBO to BBQ', () => {
    expect(store('OHANA HAWAIIAN BBO\n4469 SLAUSON AVE\nTOTAL 5.00')).toBe('OHANA HAWAIIAN BBQ');
  });
});

describe('store name: one misread letter in generic shop words', () => {
  const store = (s: string) => parseReceipt(s, { dateOrder: 'DMY' }).store_name;
  it('repairs KESTAURANT and ENTERFRISE but leaves other words alone', () => {
    expect(store('KESTAURANT NASI LEMAK\nNO 5, JALAN 2\nTOTAL 5.00')).toBe('RESTAURANT NASI LEMAK');
    expect(store('Lucky Enterfrise\nNO 5, JALAN 2\nTOTAL 5.00')).toBe('Lucky Enterprise');
    expect(store('MARKED SPOT TRADING\nNO 5, JALAN 2\nTOTAL 5.00')).toBe('MARKED SPOT TRADING');
  });
  it('repairs a shop word split in two or missing a letter inside it, and SIN BHD, but not a word one letter short of another', () => {
    expect(store('SANYU STAT IONERY SHOP\nNO 5, JALAN 2\nTOTAL 5.00')).toBe('SANYU STATIONERY SHOP');
    expect(store('Sanyu Statonery Shop\nNO 5, JALAN 2\nTOTAL 5.00')).toBe('Sanyu Stationery Shop');
    expect(store('MR. D.I.Y. (M) SIN BHD\nNO 5, JALAN 2\nTOTAL 5.00')).toBe('MR. D.I.Y. (M) SDN BHD');
    expect(store('PAGOH REST AND SERVICE AREA\nNO 5, JALAN 2\nTOTAL 5.00')).toBe('PAGOH REST AND SERVICE AREA');
  });
});

describe('digits read for letters', () => {
  it('reads them as letters inside a word, and at its end only where that makes a word', () => {
    expect(['G1ass', '0pen', 'S0ON', 'Gri11', 'CHLOE81', 'Room8'].map(lettersForDigits)).toEqual(['Glass', 'Open', 'SOON', 'Grill', 'CHLOE81', 'Room8']);
  });
});

describe('store name: zero for O in CO.', () => {
  it('reads C0. as CO.', () => {
    expect(parseReceipt('POPULAR BOOK C0. (M) SDN BHD\nNO 8, JALAN 7\nTOTAL 5.00', { dateOrder: 'DMY' }).store_name).toBe('POPULAR BOOK CO. (M) SDN BHD');
  });
});

describe('store name evidence', () => {
  it('reports which raw lines the name came from', () => {
    const d = parseReceiptDetailed('\nSYARIKAT ANEKA NIAGA\nSDN BHD\nLOT 5, JALAN 2\nTOTAL 5.00', { dateOrder: 'DMY' });
    expect(d.receipt.store_name).toBe('SYARIKAT ANEKA NIAGA SDN BHD');
    expect(d.storeLines).toEqual([1, 2]);
  });
});
