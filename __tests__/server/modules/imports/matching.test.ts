import { matchRows } from '../../../../src/server/modules/imports/matching';
import { storeLikeness } from '../../../../src/server/storeKey';

describe('store likeness', () => {
  it.each([
    ['GREEN GROCER #1021', 'Green Grocer', 1],
    ['AMAZON MKTPLACE SEATTLE WA', 'Amazon', 1],
    ['TESCO STORES 2231', 'Tesco', 1],
    ['SQ *BLUE BOTTLE COFFEE', 'Blue Bottle Coffee', 1],
    ['Bäckerei Müller', 'BACKEREI MULLER', 1],
    ['SHELL 0042 OXFORD', 'Tesco', 0],
    ['', 'Tesco', 0],
  ])('%p and %p: %p', (description, store, likeness) => {
    expect(storeLikeness(description, store)).toBe(likeness);
  });
});

describe('matching statement rows to saved receipts', () => {
  const receipts = [
    { id: 'grocer', date: '2026-11-03', amount: 4250, store: 'Green Grocer' },
    { id: 'grocer-again', date: '2026-11-10', amount: 4250, store: 'Green Grocer' },
    { id: 'cinema', date: '2026-11-05', amount: 1800, store: 'Cinema City' },
  ];

  it('takes the same amount, a date within three days and a like store', () => {
    expect(
      matchRows(
        [
          { date: '2026-11-04', amount: 4250, description: 'GREEN GROCER #1021' }, // booked a day later
          { date: '2026-11-05', amount: 1800, description: 'CINEMA CITY LONDON' },
          { date: '2026-11-05', amount: 1801, description: 'CINEMA CITY LONDON' }, // another amount
          { date: '2026-11-20', amount: 4250, description: 'GREEN GROCER' }, // ten days after the last
          { date: '2026-11-05', amount: 1800, description: 'FUEL STOP' }, // another store
        ],
        receipts,
      ),
    ).toEqual(['grocer', 'cinema', null, null, null]);
  });

  it('takes each receipt once, the nearer date first', () => {
    expect(
      matchRows(
        [
          { date: '2026-11-08', amount: 4250, description: 'GREEN GROCER' },
          { date: '2026-11-11', amount: 4250, description: 'GREEN GROCER' },
          { date: '2026-11-04', amount: 4250, description: 'GREEN GROCER' },
        ],
        receipts,
      ),
    ).toEqual([null, 'grocer-again', 'grocer']);
  });
});
