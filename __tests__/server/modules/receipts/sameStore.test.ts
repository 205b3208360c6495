import { MIN_MISSPELT_WORD, sameStore, storeKey, storeLikeness } from '../../../../src/server/storeKey';

/** The one comparison of store names every match uses: a bank row and a receipt, a receipt and one saved before. */
describe('two names of one store', () => {
  it.each([
    ['TRATTORIA SAPORITO NEW YORK', 'Trattoria Saporito'],
    ["BEN'S BAYSIDE", "Ben's Bayside"],
    // Banks often drop the apostrophe.
    ['BENS BAYSIDE', "Ben's Bayside"],
    ['CALOGEROS RESTAURANT', "Calagero's"],
    ['BOLT HARDWARE', 'BOLTHARDWARE'],
    ['WALMART SUPERCENTER', 'Walmrat'],
    ['STARBUCKS #1234', 'Starbuck'],
  ])('%p and %p are one store', (bank, receipt) => {
    expect(sameStore(bank, receipt)).toBe(true);
    expect(sameStore(receipt, bank)).toBe(true);
  });

  it.each([
    // Short words a letter apart are too often other words: other stores.
    ['BOOTHS', 'Boots'],
    ['SHELL', 'Shelf'],
    // Two letters off in a long word.
    ['CALOGEROS', 'Calagiros'],
    ['SHELL 0042 OXFORD', 'Tesco'],
    ['', 'Tesco'],
  ])('%p and %p are not', (bank, receipt) => {
    expect(sameStore(bank, receipt)).toBe(false);
  });

  it('allows one letter off only from words of six letters', () => {
    expect(MIN_MISSPELT_WORD).toBe(6);
    expect(storeLikeness('MARKET', 'Marked')).toBe(1);
    expect(storeLikeness('MARKS', 'Parks')).toBe(0);
    // Added, dropped and swapped letters count as one too.
    expect(storeLikeness('GROCERY', 'Grocerry')).toBe(1);
    expect(storeLikeness('GROCERY', 'Grcery')).toBe(1);
    expect(storeLikeness('GROCERY', 'Grocrey')).toBe(1);
  });

  it('keeps store_key as saved receipts have it (an apostrophe still splits there)', () => {
    expect(storeKey("Ben's Bayside")).toBe('ben s bayside');
  });
});
