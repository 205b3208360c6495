import { sql } from 'kysely';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { addReceipt, categoryId, todayUtc } from '../receipts/fixtures';
import { AnalyticsService } from '../../../../src/server/modules/analytics/service';
import { rebuildTotals } from '../../../../src/server/modules/analytics/repository';
import { addDays, addMonths, startOfWeek } from '../../../../src/shared/calendar';
import { periodsOf } from '../../../../src/server/modules/analytics/periods';
import { clockOf } from '../../../../src/server/clock';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const series = async (user: TestUser, query: string) => {
  const res = await t.request(user, { method: 'GET', url: `/api/analytics${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{ period: string; amount: number }>;
};

describe('GET /api/analytics', () => {
  it('answers every period, zero-filled, oldest first, weekly by default', async () => {
    const user = await t.signUp();
    const weekly = await series(user, '');
    expect(weekly).toEqual(periodsOf('weekly', todayUtc()).map((p) => ({ period: p.label, amount: 0 })));
    expect(await series(user, '?range=monthly')).toHaveLength(12);
    expect((await series(user, '?range=yearly')).map((p) => p.period)).toEqual(periodsOf('yearly', todayUtc()).map((p) => p.label));
  });

  it('sums receipts into weeks, months and years, refunds subtracting', async () => {
    const user = await t.signUp();
    const today = todayUtc();
    const monday = startOfWeek(today);
    await addReceipt(t, user, { date: monday, amount: 10 });
    await addReceipt(t, user, { date: today, amount: 5.55, category: 'Food' });
    await addReceipt(t, user, { date: addDays(monday, -1), amount: 100 }); // last week's Sunday
    await addReceipt(t, user, { date: addDays(monday, -7 * 12), amount: 1000 }); // before the 12 weeks
    await addReceipt(t, user, { date: today, amount: -0.55 });
    const weekly = await series(user, '?range=weekly');
    expect(weekly[11].amount).toBe(15);
    expect(weekly[10].amount).toBe(100);
    expect(weekly.reduce((s, p) => s + p.amount, 0)).toBe(115);

    const monthly = await series(user, '?range=monthly');
    const thisMonth = addMonths(today, 0);
    const expectedThisMonth =
      [monday, today, addDays(monday, -1), addDays(monday, -84)].reduce((s, d, i) => s + (d >= thisMonth ? [10, 5.55, 100, 1000][i] : 0), 0) - 0.55;
    expect(monthly[11].amount).toBeCloseTo(expectedThisMonth, 2);
    const yearly = await series(user, '?range=yearly');
    expect(yearly.reduce((s, p) => s + p.amount, 0)).toBeCloseTo(1115, 2);
  });

  it('reflects edits and deletes, and never counts other users', async () => {
    const user = await t.signUp();
    const stranger = await t.signUp();
    const today = todayUtc();
    await addReceipt(t, stranger, { date: today, amount: 777 });
    const r = await addReceipt(t, user, { date: today, amount: 40 });
    expect((await series(user, '?range=yearly'))[4].amount).toBe(40);
    await t.request(user, { method: 'PUT', url: `/receipts/${r.id}`, payload: { store: 'S', date: today, amount: 25 } });
    expect((await series(user, '?range=yearly'))[4].amount).toBe(25);
    const lastYear = `${Number(today.slice(0, 4)) - 1}-06-15`;
    await t.request(user, { method: 'PUT', url: `/receipts/${r.id}`, payload: { store: 'S', date: lastYear, amount: 25 } });
    const moved = await series(user, '?range=yearly');
    expect([moved[3].amount, moved[4].amount]).toEqual([25, 0]);
    await t.request(user, { method: 'DELETE', url: `/receipts/${r.id}` });
    expect((await series(user, '?range=yearly')).every((p) => p.amount === 0)).toBe(true);
    expect((await series(stranger, '?range=yearly'))[4].amount).toBe(777);
  });

  it('uses "today" of the given zone', async () => {
    const user = await t.signUp();
    await addReceipt(t, user, { date: '2026-12-31', amount: 3 });
    await addReceipt(t, user, { date: '2027-01-01', amount: 4 });
    const service = new AnalyticsService(t.db.db, clockOf(new Date('2026-12-31T20:00:00Z')));
    const utc = await service.series(user.uid, { range: 'monthly' });
    expect(utc[11]).toEqual({ period: 'Dec 2026', amount: 3 });
    const kiritimati = await service.series(user.uid, { range: 'monthly', tz: 'Pacific/Kiritimati' });
    expect(kiritimati[11]).toEqual({ period: 'Jan 2027', amount: 4 });
    expect(kiritimati[10]).toEqual({ period: 'Dec 2026', amount: 3 });
    const weekly = await service.series(user.uid, { range: 'weekly', tz: 'Pacific/Kiritimati' });
    expect(weekly[11]).toEqual({ period: 'Dec 28', amount: 7 });
  });

  it.each([
    ['?range=daily', 'range must be one of weekly, monthly, yearly'],
    ['?range=', 'range must be one of weekly, monthly, yearly'],
    ['?range=weekly&tz=Mars/Olympus', 'Unknown time zone: Mars/Olympus (use an IANA name such as Europe/Berlin or a UTC offset such as +05:30)'],
  ])('answers 400 for %s', async (query, message) => {
    const user = await t.signUp();
    const res = await t.request(user, { method: 'GET', url: `/api/analytics${query}` });
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    const breakdown = await t.request(user, { method: 'GET', url: `/api/analytics/breakdown${query}` });
    expect(breakdown.json().message).toBe(message);
  });
});

describe('GET /api/analytics/breakdown', () => {
  it('compares the period so far with the same days of the previous one and splits it by category', async () => {
    const user = await t.signUp();
    const service = new AnalyticsService(t.db.db, clockOf(new Date('2026-03-20T12:00:00Z'))); // a Friday
    await addReceipt(t, user, { date: '2026-02-10', amount: 50, category: 'Food' });
    await addReceipt(t, user, { date: '2026-02-21', amount: 70, category: 'Food' }); // after Feb 20: not like for like
    await addReceipt(t, user, { date: '2026-03-13', amount: 8, category: 'Food' }); // last Friday: counts
    await addReceipt(t, user, { date: '2026-03-14', amount: 9, category: 'Food' }); // last Saturday: does not
    await addReceipt(t, user, { date: '2026-03-01', amount: 40, category: 'Food' });
    await addReceipt(t, user, { date: '2026-03-19', amount: 20, category: 'Transportation' });
    await addReceipt(t, user, { date: '2026-03-19', amount: -4, category: 'Clothing' });
    const month = await service.breakdown(user.uid, { range: 'monthly' });
    expect(month).toEqual({
      current: {
        period: 'Mar 2026',
        total: 73,
        previous_period: 'Feb 2026',
        previous_total: 50,
        previous_days: 20,
        previous_period_total: 120,
        previous_period_days: 28,
        change_pct: 46,
      },
      categories: [
        { category: 'Food', color: '#22C55E', amount: 57 },
        { category: 'Transportation', color: '#F59E0B', amount: 20 },
        { category: 'Clothing', color: '#EC4899', amount: -4 },
      ],
    });
    const week = await service.breakdown(user.uid, { range: 'weekly' });
    expect(week.current).toEqual({
      period: 'Mar 16',
      total: 16,
      previous_period: 'Mar 9',
      previous_total: 8,
      previous_days: 5,
      previous_period_total: 17,
      previous_period_days: 7,
      change_pct: 100,
    });
    const year = await service.breakdown(user.uid, { range: 'yearly' });
    expect(year.current).toMatchObject({ period: '2026', total: 193, previous_total: 0, previous_days: 79, previous_period_total: 0, change_pct: null });
    // On a Monday, against last Monday only (last Friday's $8 is not like for like).
    const monday = await new AnalyticsService(t.db.db, clockOf(new Date('2026-03-16T12:00:00Z'))).breakdown(user.uid, { range: 'weekly' });
    expect(monday.current).toEqual({
      period: 'Mar 16',
      total: 16,
      previous_period: 'Mar 9',
      previous_total: 0,
      previous_days: 1,
      previous_period_total: 17,
      previous_period_days: 7,
      change_pct: null,
    });
  });

  it('answers over HTTP for this period', async () => {
    const user = await t.signUp();
    await addReceipt(t, user, { date: todayUtc(), amount: 9, category: 'Utilities' });
    const res = await t.request(user, { method: 'GET', url: '/api/analytics/breakdown?range=weekly&tz=UTC' });
    expect(res.statusCode).toBe(200);
    expect(res.json().categories).toEqual([{ category: 'Utilities', color: '#0EA5E9', amount: 9 }]);
    expect(res.json().current.total).toBe(9);
  });
});

describe('GET /api/analytics/breakdown on a fixed day', () => {
  // Tuesday 1 December 2026: this week has had 2 days (Nov 30, Dec 1), this month 1.
  let fixed: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    fixed = await startTestApp({ FIXED_TIME: '2026-12-01T12:00:00Z' });
    user = await fixed.signUp();
    const receipts: Array<[string, number]> = [
      ['2025-06-10', 2000],
      ['2025-12-20', 500], // after Dec 1 2025: not like for like for the year
      ['2026-11-01', 120], // the same 1 day of last month
      ['2026-11-10', 1591.96],
      ['2026-11-23', -40], // last Monday: a refund…
      ['2026-11-24', 24.16], // …outweighing last Tuesday's spending: the same 2 days came to -$15.84
      ['2026-11-27', 1320.59],
      ['2026-11-30', 30],
      ['2026-12-01', 24.82],
    ];
    for (const [date, amount] of receipts) await addReceipt(fixed, user, { date, amount });
  });
  afterAll(() => fixed?.close());

  const breakdown = async (range: string) => {
    const res = await fixed.request(user, { method: 'GET', url: `/api/analytics/breakdown?range=${range}` });
    expect(res.statusCode).toBe(200);
    return res.json().current as Record<string, unknown>;
  };

  it('gives no percentage on a negative base (a refund), and says which days it compares and the whole last week', async () => {
    expect(await breakdown('weekly')).toEqual({
      period: 'Nov 30',
      total: 54.82,
      previous_period: 'Nov 23',
      previous_total: -15.84,
      previous_days: 2,
      previous_period_total: 1304.75,
      previous_period_days: 7,
      change_pct: null,
    });
  });

  it('compares the 1st of a month with the same 1 day of the last one, and gives the whole last month', async () => {
    expect(await breakdown('monthly')).toEqual({
      period: 'Dec 2026',
      total: 24.82,
      previous_period: 'Nov 2026',
      previous_total: 120,
      previous_days: 1,
      previous_period_total: 3046.71,
      previous_period_days: 30,
      change_pct: -79.3,
    });
  });

  it('gives a percentage on a base that means something', async () => {
    expect(await breakdown('yearly')).toEqual({
      period: '2026',
      total: 3071.53,
      previous_period: '2025',
      previous_total: 2000,
      previous_days: 335,
      previous_period_total: 2500,
      previous_period_days: 365,
      change_pct: 53.6,
    });
  });
});

describe('daily and monthly totals', () => {
  it('stay equal to a recount from the receipts through creates, edits, deletes and category deletes', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const category = ['Food', 'Clothing', 'Utilities', 'Other'][i % 4];
      ids.push((await addReceipt(t, user, { date: addDays('2026-01-20', i * 3), amount: (i + 1) * 1.25, category })).id);
    }
    await addReceipt(t, other, { date: '2026-01-20', amount: 1 });
    await t.request(user, { method: 'PUT', url: `/receipts/${ids[0]}`, payload: { store: 'S', date: '2026-03-01', amount: 9, category: 'Clothing' } });
    await t.request(user, { method: 'PUT', url: `/receipts/${ids[1]}`, payload: { store: 'S', date: '2026-01-23', amount: -3 } });
    await t.request(user, { method: 'DELETE', url: `/receipts/${ids[2]}` });
    await t.request(user, { method: 'DELETE', url: `/categories/${await categoryId(t, user, 'Clothing')}` });

    const snapshot = async () =>
      Promise.all(
        ['daily_totals', 'monthly_totals'].map(
          async (table) =>
            (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} WHERE user_id = ${user.uid} ORDER BY 2, 3`.execute(t.db.db)).rows,
        ),
      );
    const incremental = await snapshot();
    expect(incremental[0].length).toBeGreaterThan(5);
    await t.db.db.transaction().execute((trx) => rebuildTotals(trx, user.uid));
    expect(await snapshot()).toEqual(incremental);
  });
});
