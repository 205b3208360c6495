import { closestHeader, headerFingerprint, headerSimilarity, normaliseLine, SAME_STORE_AT_LEAST } from '../../../../src/server/modules/scan/receiptHeader';

const RECEIPT = ['BILLION SIX ENTERPRISE', '(1112475-V)', 'NO 3, JALAN TAMAN JASA 2', 'SECTION U6, 40150 SHAH ALAM', 'Date: 22/02/2018', 'TOTAL RM 63.80'].join(
  '\n',
);

describe('headerFingerprint: the top of the receipt', () => {
  it('takes the first three lines, lower-case letters and digits only', () => {
    expect(headerFingerprint(RECEIPT)).toBe('billion six enterprise 1112475 v no 3 jalan taman jasa 2');
  });

  it('stops at the first line with a date or an amount', () => {
    expect(headerFingerprint('Corner Market\n03/04/2025 10:42\nMilk 3.00')).toBe('corner market');
    expect(headerFingerprint('Corner Market\nMilk 3.00\nMain Street')).toBe('corner market');
  });

  it('skips OCR noise lines and drops accents', () => {
    expect(headerFingerprint('| .\nCafé Crème\n~\nRue de la Paix')).toBe('cafe creme rue de la paix');
  });

  it('is empty when nothing identifying was read above the amounts', () => {
    expect(headerFingerprint('TOTAL 1.00')).toBe('');
    expect(headerFingerprint('AB\n12.00')).toBe('');
    expect(headerFingerprint('')).toBe('');
  });

  it('normalises like the API schema expects (letters, digits, single spaces)', () => {
    expect(normaliseLine('  A&B  Store -- No.5 ')).toBe('a b store no 5');
    expect(headerFingerprint(`${'X'.repeat(300)}\n1.00`)).toHaveLength(200);
  });
});

describe('headerSimilarity: the same store read twice', () => {
  const header = headerFingerprint(RECEIPT);

  it('matches a header with one or two misread letters', () => {
    const misread = headerFingerprint(RECEIPT.replace('BILLION', 'BlLLION').replace('JASA', 'JA5A'));
    expect(misread).not.toBe(header);
    expect(headerSimilarity(header, misread)).toBeGreaterThanOrEqual(SAME_STORE_AT_LEAST);
  });

  it('matches a short header with one misread letter (edit distance, where trigrams are too coarse)', () => {
    expect(headerSimilarity('abc mart', 'abc rnart')).toBeGreaterThanOrEqual(SAME_STORE_AT_LEAST);
    expect(headerSimilarity('abc mart', 'abd mart')).toBeGreaterThanOrEqual(SAME_STORE_AT_LEAST);
  });

  it('does not match another store, even one at the same address', () => {
    const neighbour = headerFingerprint(RECEIPT.replace('BILLION SIX ENTERPRISE', 'AH MENG HARDWARE TRADING').replace('(1112475-V)', '(002345-K)'));
    expect(headerSimilarity(header, neighbour)).toBeLessThan(SAME_STORE_AT_LEAST);
    expect(headerSimilarity('corner market 123 main street', 'harbour deli 45 quay road')).toBeLessThan(0.3);
    expect(headerSimilarity('', header)).toBe(0);
  });

  it('is 1 for the same header and symmetric', () => {
    expect(headerSimilarity(header, header)).toBe(1);
    expect(headerSimilarity('abc mart', 'abc rnart')).toBe(headerSimilarity('abc rnart', 'abc mart'));
  });

  it('closestHeader picks the most alike candidate above the threshold, or none', () => {
    const rows = [{ ocr_header: 'corner market 123 main street' }, { ocr_header: header }, { ocr_header: 'billion six enterprise' }];
    expect(closestHeader(headerFingerprint(RECEIPT.replace('SIX', 'SlX')), rows)).toBe(rows[1]);
    expect(closestHeader('harbour deli 45 quay road', rows)).toBeUndefined();
  });
});
