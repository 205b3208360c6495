import { abbreviates, abbreviationPattern, looksLikeSameProduct, significantWords } from '../../../../src/server/modules/prices/productWords';

describe('abbreviations on receipts', () => {
  it.each([
    ['mlk', 'milk'],
    ['chkn', 'chicken'],
    ['bnls', 'boneless'],
    ['chs', 'cheese'],
    ['brd', 'bread'],
  ])('takes %s for %s', (short, long) => {
    expect(abbreviates(short, long)).toBe(true);
    expect(abbreviates(long, short)).toBe(false);
  });

  it.each([
    ['gv', 'gravy', 'two letters could stand for anything'],
    ['tea', 'teriyaki', 'a word of its own'],
    ['ham', 'hamburger', 'a word of its own'],
    ['mlk', 'silk', 'another first letter'],
    ['mkl', 'milk', 'letters out of order'],
    ['milk', 'milk', 'the same word'],
    ['mlk2', 'milk2', 'not letters only'],
  ])('does not take %s for %s (%s)', (short, long) => {
    expect(abbreviates(short, long)).toBe(false);
  });

  it('looks for the longer words an abbreviation may stand for, and for words as they are', () => {
    expect(abbreviationPattern('mlk')).toBe('%m%l%k%');
    expect(abbreviationPattern('milk')).toBeNull();
    expect(abbreviationPattern('2%')).toBeNull();
    expect(abbreviationPattern('gv')).toBeNull();
  });
});

describe('the same product', () => {
  const same = (a: string, b: string) => looksLikeSameProduct(significantWords(a), significantWords(b));

  it('is two names sharing two significant words, written out or printed short', () => {
    expect(same('Milk 2%, 1 gal', 'MILK 2% 1GAL')).toBe(true);
    expect(same('Milk 2%, 1 gal', 'GV 2% MLK GAL')).toBe(true);
    expect(same('GV 2% MLK GAL', 'Milk 2%, 1 gal')).toBe(true);
    expect(same('Chicken breast', 'CHKN BRST')).toBe(true);
  });

  it('is not two names sharing one word, nor a word taken for an abbreviation of another', () => {
    expect(same('Milk 2%, 1 gal', 'Buttermilk 2%')).toBe(false);
    expect(same('Green tea', 'Green teriyaki')).toBe(false);
    expect(same('Milk', 'Milk chocolate')).toBe(false);
  });

  it('is a one-word name and its abbreviation', () => {
    expect(same('Bananas', 'BNNS')).toBe(true);
  });
});
