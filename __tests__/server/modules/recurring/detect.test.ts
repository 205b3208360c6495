import { findRecurringSeries, findRecurringSeriesInTurns, type DatedReceipt } from '../../../../src/server/modules/recurring/detect';
import { storeKey } from '../../../../src/server/storeKey';

let seq = 0;
const receipt = (store: string, date: string, dollars: number): DatedReceipt => ({
  id: `r${String(++seq).padStart(4, '0')}`,
  store,
  date,
  amountCents: Math.round(dollars * 100),
});
/** Receipts on the same day of consecutive months (days up to the 28th). */
const monthly = (store: string, firstDate: string, amounts: number[]) => {
  const [y, m, d] = firstDate.split('-').map(Number);
  return amounts.map((a, i) => receipt(store, new Date(Date.UTC(y, m - 1 + i, d)).toISOString().slice(0, 10), a));
};

describe('storeKey', () => {
  it('ignores case, punctuation, accents and branch numbers', () => {
    expect(storeKey('NETFLIX.COM')).toBe('netflix com');
    expect(storeKey('Café Rouge #1234')).toBe('cafe rouge');
    expect(storeKey('Shell 0042')).toBe('shell');
    expect(storeKey('7-Eleven')).toBe('eleven');
  });
});

describe('findRecurringSeries', () => {
  it('finds a monthly bill paid a few days either side of its day, through February, and says when it comes next', () => {
    const dates = ['2026-01-31', '2026-02-27', '2026-03-31', '2026-05-02', '2026-05-29'];
    const found = findRecurringSeries(dates.map((d) => receipt('Netflix', d, 15.49)));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ store: 'Netflix', interval: 'monthly', amountCents: 1549, first: '2026-01-31', last: '2026-05-29', next: '2026-06-30' });
    expect(found[0].receiptIds).toHaveLength(5);
    // A leap year's February, and a year's turn.
    const leap = findRecurringSeries(['2027-11-30', '2027-12-30', '2028-01-31'].map((d) => receipt('Rent Co', d, 900)));
    expect(leap[0]).toMatchObject({ interval: 'monthly', next: '2028-02-29' });
  });

  it('carries on through a skipped month and a price rise, and names the new price', () => {
    const found = findRecurringSeries([...monthly('Spotify', '2026-01-05', [9.99, 9.99]), ...monthly('Spotify', '2026-04-05', [11.99, 11.99, 11.99])]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ interval: 'monthly', amountCents: 1199, first: '2026-01-05', last: '2026-06-05', next: '2026-07-05' });
    expect(found[0].receiptIds).toHaveLength(5);
  });

  it('tells two bills from the same store apart by their amounts', () => {
    const found = findRecurringSeries([
      ...monthly('Comcast', '2026-01-03', [30, 30, 30, 30]),
      ...monthly('COMCAST #12', '2026-01-10', [79.99, 79.99, 82.5, 82.5]),
    ]);
    expect(found.map((s) => [s.interval, s.amountCents, s.receiptIds.length])).toEqual([
      ['monthly', 3000, 4],
      ['monthly', 8250, 4],
    ]);
  });

  it('finds weekly and yearly series', () => {
    const weekly = [0, 7, 14, 22, 28].map((d) => receipt('Farm Box', new Date(Date.UTC(2026, 2, 2 + d)).toISOString().slice(0, 10), 32));
    const yearly = ['2024-03-15', '2025-03-12', '2026-03-16'].map((d) => receipt('Domain Registrar', d, 12));
    const found = findRecurringSeries([...weekly, ...yearly]);
    expect(found.map((s) => [s.store, s.interval, s.receiptIds.length, s.next])).toEqual([
      ['Domain Registrar', 'yearly', 3, '2027-03-15'],
      ['Farm Box', 'weekly', 5, '2026-04-06'],
    ]);
  });

  it('keeps a bill that varies month to month (power, water) as one series', () => {
    const power = monthly('City Power', '2026-01-12', [92.1, 81.4, 104.75, 99, 86.3, 109.9, 95.2]);
    const [series, ...rest] = findRecurringSeries(power);
    expect(rest).toEqual([]);
    expect(series).toMatchObject({ interval: 'monthly', amountCents: 9520 });
    expect(series.receiptIds).toEqual(power.map((r) => r.id));
  });

  it('wants the very same price from a series no longer than its interval needs', () => {
    expect(findRecurringSeries(monthly('Corner Deli', '2026-01-05', [14.2, 15.1, 14.6]))).toEqual([]);
    expect(findRecurringSeries(monthly('Corner Deli', '2026-01-05', [14.99, 14.99, 14.99]))).toHaveLength(1);
  });

  it('is no bill: a shop visited often, irregular amounts, too few receipts', () => {
    const coffee = Array.from({ length: 60 }, (_, i) =>
      receipt('Corner Coffee', new Date(Date.UTC(2026, 0, 1 + Math.floor(i * 2.5))).toISOString().slice(0, 10), 4.5),
    );
    const irregular = monthly('Hardware Store', '2026-01-10', [12, 150, 43, 7.5, 99]);
    const tooFew = monthly('Gym', '2026-01-01', [40, 40]);
    expect(findRecurringSeries([...coffee, ...irregular, ...tooFew])).toEqual([]);
  });

  it('gives the same series for the same receipts in any order', () => {
    const all = [...monthly('Water Co', '2026-01-20', [41, 39.5, 44, 40]), ...monthly('Power Co', '2026-02-01', [88, 91, 86])];
    const shuffled = [...all].reverse();
    expect(findRecurringSeries(shuffled)).toEqual(findRecurringSeries(all));
  });
});

describe('findRecurringSeriesInTurns', () => {
  /** A statement's store: thousands of card payments of every size on a few days, with a monthly bill among them. */
  const busyStore = () => [
    ...Array.from({ length: 6_000 }, (_, i) => receipt(`CARD PAYMENT TO SHOP ${i % 40} LTD`, `2025-03-${String(1 + (i % 28)).padStart(2, '0')}`, 1 + (i % 97))),
    ...monthly('CARD PAYMENT TO SHOP 7 LTD', '2025-10-15', [49.99, 49.99, 49.99, 49.99]),
    ...monthly('Water Co', '2026-01-20', [41, 39.5, 44, 40]),
  ];

  it('finds the very series findRecurringSeries does', async () => {
    const receipts = busyStore();
    const found = findRecurringSeries(receipts);
    expect(found.map((s) => [s.store, s.interval, s.amountCents])).toEqual([
      ['CARD PAYMENT TO SHOP 7 LTD', 'monthly', 4999],
      ['Water Co', 'monthly', 4000],
    ]);
    expect(await findRecurringSeriesInTurns(receipts)).toEqual(found);
    expect(await findRecurringSeriesInTurns(monthly('Power Co', '2026-02-01', [88, 91, 86]))).toEqual(
      findRecurringSeries(monthly('Power Co', '2026-02-01', [88, 91, 86])),
    );
  });

  it('lets other work run while it detects at a busy store', async () => {
    let othersRan = false;
    setImmediate(() => {
      othersRan = true;
    });
    await findRecurringSeriesInTurns(busyStore());
    expect(othersRan).toBe(true);
  });
});
