import { sql } from 'kysely';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import { addReceipt, categoryId, todayUtc } from '../receipts/fixtures';
import { addDays, addMonths, calendarParts, daysInMonth, startOfMonth } from '../../../../src/shared/calendar';
import { DashboardService } from '../../../../src/server/modules/dashboard/service';
import { onBudgetChanged } from '../../../../src/server/modules/notifications/triggers';
import { profileHooks } from '../../../../src/server/moduleWiring';
import { PRIOR_WEIGHT_DAYS } from '../../../../src/server/modules/budgets/forecast';
import { clockOf } from '../../../../src/server/clock';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const today = () => todayUtc();
const thisMonth = () => startOfMonth(today());
const lastMonth = () => addMonths(today(), -1);

const dashboard = async (user: TestUser) => (await t.request(user, { method: 'GET', url: '/dashboard' })).json();
const setBudget = async (user: TestUser, payload: object) => {
  const res = await t.request(user, { method: 'POST', url: '/dashboard/budget', payload });
  expect(res.statusCode).toBe(200);
  return res.json();
};

/**
 * The same people and database a month earlier (an app of its own on last month's second day):
 * what a person set then is what last month had.
 */
let monthAgo: TestApp;
beforeAll(async () => {
  monthAgo = await startTestApp({ FIXED_TIME: `${addDays(lastMonth(), 1)}T12:00:00Z` }, { sharing: t });
});
afterAll(() => monthAgo?.close());

const setBudgetLastMonth = async (user: TestUser, amount: number) => {
  expect((await monthAgo.request(user, { method: 'POST', url: '/dashboard/budget', payload: { amount } })).statusCode).toBe(200);
};

describe('rollover of the monthly budget', () => {
  it('carries last month’s leftover in, follows edits of past receipts and keeps each month’s own budget', async () => {
    const user = await t.signUp();
    const last = await addReceipt(t, user, { store: 'Grocer', amount: 400, date: addDays(lastMonth(), 3) });
    await addReceipt(t, user, { store: 'Grocer', amount: 25, date: today() });
    await setBudgetLastMonth(user, 500);
    expect(await dashboard(user)).toMatchObject({ budget: 500, rollover: false, carry_over: null, available: 500, total_spent: 25 });

    expect(await setBudget(user, { amount: 500, rollover: true })).toEqual({ budget: 500, rollover: true });
    expect(await dashboard(user)).toMatchObject({ rollover: true, carry_over: 100, available: 600 });
    expect((await t.request(user, { method: 'GET', url: '/api/profile/' })).json()).toMatchObject({ monthly_budget: 500, budget_rollover: true });

    // Overspent last month after an edit: the carry-over is taken from this month.
    const edit = await t.request(user, {
      method: 'PUT',
      url: `/receipts/${last.id}`,
      payload: { store: 'Grocer', amount: 550, date: addDays(lastMonth(), 3) },
    });
    expect(edit.statusCode).toBe(200);
    expect(await dashboard(user)).toMatchObject({ carry_over: -50, available: 450 });

    // A new budget holds from this month; last month keeps its 500.
    await setBudget(user, { amount: 700 });
    expect(await dashboard(user)).toMatchObject({ budget: 700, rollover: true, carry_over: -50, available: 650 });

    // Off: nothing carries.
    await setBudget(user, { amount: 700, rollover: false });
    expect(await dashboard(user)).toMatchObject({ rollover: false, carry_over: null, available: 700 });
  });

  it('carries nothing from months before the budget was set, however they were spent', async () => {
    const user = await t.signUp();
    await addReceipt(t, user, { store: 'Imported bank row', amount: 350, date: addDays(lastMonth(), 4) });
    // First set today, with carry-over on, and changed again the same day.
    await setBudget(user, { amount: 1_000, rollover: true });
    expect(await dashboard(user)).toMatchObject({ budget: 1_000, rollover: true, carry_over: 0, available: 1_000 });
    await setBudget(user, { amount: 900, rollover: true });
    expect(await dashboard(user)).toMatchObject({ budget: 900, carry_over: 0, available: 900 });
  });

  it('rejects a rollover that is not a boolean and changes nothing', async () => {
    const user = await t.signUp();
    await setBudget(user, { amount: 100 });
    for (const payload of [
      { amount: 200, rollover: 'yes' },
      { amount: 200, rollover: null },
    ]) {
      const res = await t.request(user, { method: 'POST', url: '/dashboard/budget', payload });
      expect(res.statusCode).toBe(400);
    }
    expect(await dashboard(user)).toMatchObject({ budget: 100, rollover: false });
    const profile = await t.request(user, { method: 'PUT', url: '/api/profile/', payload: { display_name: 'X', budget_rollover: 1 } });
    expect(profile.statusCode).toBe(400);
  });

  it('sets the budget warning against what is available', async () => {
    const user = await t.signUp();
    await addReceipt(t, user, { store: 'Grocer', amount: 100, date: addDays(lastMonth(), 1) });
    await setBudgetLastMonth(user, 500);
    await setBudget(user, { amount: 500, rollover: true }); // 400 carried: 900 available
    await addReceipt(t, user, { store: 'Grocer', amount: 450, date: today() }); // 90% of 500, 50% of 900
    const titles = ((await t.request(user, { method: 'GET', url: '/notifications' })).json() as Array<{ title: string }>).map((n) => n.title);
    expect(titles).not.toContain('Budget warning');
    expect(titles).not.toContain('Budget exceeded');
  });
});

describe('rollover per category', () => {
  const categories = async (user: TestUser) => (await t.request(user, { method: 'GET', url: '/categories' })).json() as Array<Record<string, unknown>>;

  it('shows the carry-over and the available amount on the categories page', async () => {
    const user = await t.signUp();
    const food = await categoryId(t, user, 'Food');
    await addReceipt(t, user, { store: 'Deli', amount: 30, date: addDays(lastMonth(), 2), category: 'Food' });
    await addReceipt(t, user, { store: 'Deli', amount: 5, date: today(), category: 'Food' });
    const lastMonthsBudget = await monthAgo.request(user, { method: 'PUT', url: `/categories/${food}`, payload: { name: 'Food', budget: 100 } });
    expect(lastMonthsBudget.statusCode).toBe(200);
    const put = await t.request(user, { method: 'PUT', url: `/categories/${food}`, payload: { name: 'Food', budget: 100, rollover: true } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ budget: 100, rollover: true });
    const list = await categories(user);
    expect(list.find((c) => c._id === food)).toMatchObject({ rollover: true, carry_over: 70, available: 170, spent: 5 });
    expect(list.find((c) => c.name === 'Transportation')).toMatchObject({ rollover: false, carry_over: null, available: null });

    const bad = await t.request(user, { method: 'PUT', url: `/categories/${food}`, payload: { name: 'Food', rollover: 'on' } });
    expect(bad.statusCode).toBe(400);
  });

  it('carries nothing into a category created today, nor from months before its budget', async () => {
    const user = await t.signUp();
    const created = await t.request(user, { method: 'POST', url: '/categories', payload: { name: 'Pets', budget: 400, rollover: true } });
    expect(created.json()).toMatchObject({ budget: 400, rollover: true });
    const transport = await categoryId(t, user, 'Transportation');
    await addReceipt(t, user, { store: 'Rail', amount: 20, date: addDays(lastMonth(), 5), category: 'Transportation' });
    await t.request(user, { method: 'PUT', url: `/categories/${transport}`, payload: { name: 'Transportation', budget: 150, rollover: true } });
    const list = await categories(user);
    expect(list.find((c) => c.name === 'Pets')).toMatchObject({ carry_over: 0, available: 400 });
    expect(list.find((c) => c.name === 'Transportation')).toMatchObject({ carry_over: 0, available: 150 });
  });
});

describe('pace and forecast', () => {
  const now = new Date('2026-04-05T12:00:00Z');

  /** January to March: $300 of groceries a month and a $15.49 monthly bill; April 1–5: $50 of groceries. */
  async function history(user: TestUser) {
    for (const month of ['2026-01', '2026-02', '2026-03']) {
      await addReceipt(t, user, { store: 'Streamly', amount: 15.49, date: `${month}-10` });
      for (const day of ['03', '13', '23']) await addReceipt(t, user, { store: 'Grocer', amount: 100, date: `${month}-${day}` });
    }
    for (const day of ['01', '03', '05']) await addReceipt(t, user, { store: 'Grocer', amount: day === '03' ? 10 : 20, date: `2026-04-${day}` });
  }

  it('forecasts from this month’s pace, earlier months and the confirmed bills to come', async () => {
    const user = await t.signUp();
    await history(user);
    await setBudget(user, { amount: 600 });
    const service = new DashboardService(t.db.db, profileHooks, clockOf(now));

    // Unconfirmed, the bill is not a bill: Jan–Mar spent (900 + 46.47) over 90 days.
    const priorAll = (90_000 + 4_647) / 90;
    const before = await service.get(user.uid, 'UTC');
    expect(before.pace).toEqual({ expected: 100, difference: 50, day: 5, days_in_month: 30 });
    expect(before.forecast.amount).toBe(Math.round(5_000 + ((5_000 + priorAll * PRIOR_WEIGHT_DAYS) / (5 + PRIOR_WEIGHT_DAYS)) * 25) / 100);
    expect(before.forecast.spent_by_day).toEqual([20, 20, 30, 30, 50]);

    const [streamly] = (await t.request(user, { method: 'GET', url: '/recurring' })).json();
    expect(streamly).toMatchObject({ store: 'Streamly', next_date: '2026-04-10' });
    await t.request(user, { method: 'PUT', url: `/recurring/${streamly._id}`, payload: { status: 'confirmed' } });

    // Confirmed: $10 a day of groceries, before and now, for 25 more days, and the bill on the 10th.
    const after = await service.get(user.uid, 'UTC');
    expect(after.forecast).toEqual({
      amount: 50 + 250 + 15.49,
      month_end: '2026-04-30',
      bills_to_come: 15.49,
      bills: [{ _id: streamly._id, store: 'Streamly', amount: 15.49, date: '2026-04-10' }],
      spent_by_day: [20, 20, 30, 30, 50],
    });
  });

  it('tells of a budget forecast to be exceeded once a month, before the 80% warning', async () => {
    const user = await t.signUp();
    await history(user);
    await setBudget(user, { amount: 250 }); // forecast about $300; spent $50 (20%)
    const forecastNotes = async () =>
      ((await t.request(user, { method: 'GET', url: '/notifications' })).json() as Array<{ title: string; message: string }>).filter(
        (n) => n.title === 'Budget forecast',
      );

    await t.db.db.transaction().execute((trx) => onBudgetChanged(trx, user.uid, now));
    const told = await forecastNotes();
    expect(told).toHaveLength(1);
    expect(told[0].message).toMatch(/^At this pace you will spend about \$\d+\.\d\d by Apr 30, \$\d+\.\d\d over your \$250\.00 budget for April 2026\.$/);
    await t.db.db.transaction().execute((trx) => onBudgetChanged(trx, user.uid, now));
    expect(await forecastNotes()).toHaveLength(1);

    // A budget the forecast stays under tells nothing new.
    const other = await t.signUp();
    await history(other);
    await setBudget(other, { amount: 2_000 });
    await t.db.db.transaction().execute((trx) => onBudgetChanged(trx, other.uid, now));
    const titles = ((await t.request(other, { method: 'GET', url: '/notifications' })).json() as Array<{ title: string }>).map((n) => n.title);
    expect(titles).not.toContain('Budget forecast');
  });
});

describe('recount', () => {
  it('matches a recount from the raw receipts after random creates, edits and deletes', async () => {
    const user = await t.signUp();
    const food = await categoryId(t, user, 'Food');
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const dayIn = (monthsBack: number) => {
      const first = addMonths(today(), -monthsBack);
      const [y, m] = calendarParts(first);
      const last = monthsBack === 0 ? calendarParts(today())[2] : daysInMonth(y, m);
      return addDays(first, Math.floor(random() * last));
    };
    // Both budgets were set last month; rollover is turned on today.
    await setBudgetLastMonth(user, 800);
    await monthAgo.request(user, { method: 'PUT', url: `/categories/${food}`, payload: { name: 'Food', budget: 200 } });
    await setBudget(user, { amount: 800, rollover: true });
    await t.request(user, { method: 'PUT', url: `/categories/${food}`, payload: { name: 'Food', budget: 200, rollover: true } });
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const roll = random();
      const receipt = {
        store: `Shop ${i % 5}`,
        amount: Math.round(random() * 20000) / 100 - (random() < 0.1 ? 100 : 0),
        date: dayIn(Math.floor(random() * 3)),
        category: random() < 0.5 ? 'Food' : 'Transportation',
      };
      if (roll < 0.6 || ids.length === 0) ids.push((await addReceipt(t, user, receipt)).id);
      else if (roll < 0.85) {
        const res = await t.request(user, { method: 'PUT', url: `/receipts/${ids[Math.floor(random() * ids.length)]}`, payload: receipt });
        expect(res.statusCode).toBe(200);
      } else {
        const [id] = ids.splice(Math.floor(random() * ids.length), 1);
        expect((await t.request(user, { method: 'DELETE', url: `/receipts/${id}` })).statusCode).toBe(204);
      }
    }
    const { rows } = await sql<{ month: string; category_id: string; cents: number }>`
      SELECT to_char(date, 'YYYY-MM-01') AS month, category_id, sum(amount_cents)::int AS cents FROM receipts WHERE user_id = ${user.uid} GROUP BY 1, 2`.execute(
      t.db.db,
    );
    const spent = (month: string, category?: string) =>
      rows.filter((r) => r.month === month && (!category || r.category_id === category)).reduce((s, r) => s + r.cents, 0);
    // Rollover began with last month.
    const d = await dashboard(user);
    expect(d.carry_over).toBe((80_000 - spent(startOfMonth(lastMonth()))) / 100);
    expect(d.available).toBe((160_000 - spent(startOfMonth(lastMonth()))) / 100);
    expect(d.total_spent).toBe(spent(thisMonth()) / 100);
    const cats = (await t.request(user, { method: 'GET', url: '/categories' })).json() as Array<{ _id: string; carry_over: number; spent: number }>;
    expect(cats.find((c) => c._id === food)).toMatchObject({
      carry_over: (20_000 - spent(startOfMonth(lastMonth()), food)) / 100,
      spent: spent(thisMonth(), food) / 100,
    });
    // The forecast from the same receipts: this month's days so far and the three months before.
    const day = calendarParts(today())[2];
    const [y, m] = calendarParts(today());
    const priorFrom = addMonths(today(), -3);
    const firstSpent = [0, 1, 2].map((k) => addMonths(priorFrom, k)).find((mm) => rows.some((r) => r.month === mm));
    const prior = firstSpent
      ? [0, 1, 2]
          .map((k) => addMonths(priorFrom, k))
          .filter((mm) => mm >= firstSpent)
          .reduce((s, mm) => s + spent(mm), 0)
      : 0;
    const priorDays = firstSpent ? Math.round((Date.parse(thisMonth()) - Date.parse(firstSpent)) / 86_400_000) : 0;
    const weight = firstSpent ? PRIOR_WEIGHT_DAYS : 0;
    const rate = Math.max(0, (spent(thisMonth()) + (priorDays ? (prior / priorDays) * weight : 0)) / (day + weight));
    expect(d.forecast.amount).toBe(Math.round(spent(thisMonth()) + rate * (daysInMonth(y, m) - day)) / 100);
    expect(d.forecast.spent_by_day[day - 1]).toBe(spent(thisMonth()) / 100);
  });
});
