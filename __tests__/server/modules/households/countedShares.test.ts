import fc from 'fast-check';
import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import type { Receipt } from '../../../../src/shared/receipts';
import type { CategoryWithSpending } from '../../../../src/shared/categories';
import type { Notification } from '../../../../src/shared/notifications';
import { rebuildTotals } from '../../../../src/server/modules/analytics/repository';
import { bigStoreGroceries, todayUtc } from '../receipts/fixtures';
import { couple as coupleIn, groceries, verifiedUser, type Couple } from './householdApi';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const couple = () => coupleIn(t);

async function ok<T>(user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
  const res = await t.request(user, { method, url, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : undefined) as T;
}

/** What a person's screens count this month: the dashboard, a category's spending and receipts, and the reports. */
async function figures(user: TestUser, category = 'Food') {
  const dashboard = await ok<{ total_spent: number }>(user, 'GET', '/dashboard');
  const categories = await ok<CategoryWithSpending[]>(user, 'GET', '/categories');
  const breakdown = await ok<{ current: { total: number }; categories: Array<{ category: string; amount: number }> }>(
    user,
    'GET',
    '/api/analytics/breakdown?range=monthly',
  );
  const row = categories.find((c) => c.name === category)!;
  return {
    spent: dashboard.total_spent,
    category: row.spent,
    receipts: row.receipt_count ?? 0,
    reports: breakdown.current.total,
    reportsCategory: breakdown.categories.find((c) => c.category === category)?.amount ?? 0,
  };
}

const counting = (amount: number, receipts: number) => ({ spent: amount, category: amount, receipts, reports: amount, reportsCategory: amount });

describe('budgets that count shares', () => {
  it('counts each member’s share: moved by an edit, whole again when unshared, nothing once deleted', async () => {
    const c = await couple();
    const created = await ok<Receipt>(c.ana, 'POST', '/receipts', groceries(c, 50));
    expect(await figures(c.ana)).toEqual(counting(50, 1));
    // Ben's share lands in his own Food, and Ana's receipt is not one of his.
    expect(await figures(c.ben)).toEqual(counting(50, 0));

    await ok(c.ana, 'PUT', `/receipts/${created.id}`, groceries(c, 70));
    expect(await figures(c.ana)).toEqual(counting(70, 1));
    expect(await figures(c.ben)).toEqual(counting(30, 0));

    await ok(c.ana, 'PUT', `/receipts/${created.id}`, { store: 'Costco', date: todayUtc(), amount: 100, household_id: null });
    expect(await figures(c.ana)).toEqual(counting(100, 1));
    expect(await figures(c.ben)).toEqual(counting(0, 0));

    await ok(c.ana, 'PUT', `/receipts/${created.id}`, groceries(c, 50, { is_shared: true }));
    expect(await figures(c.ben)).toEqual(counting(50, 0));
    await ok(c.ana, 'DELETE', `/receipts/${created.id}`);
    expect(await figures(c.ana)).toEqual(counting(0, 0));
    expect(await figures(c.ben)).toEqual(counting(0, 0));
  });

  it('counts a share whoever paid, in the member’s category of that name, else their Other', async () => {
    const c = await couple();
    await ok(c.ana, 'POST', '/categories', { name: 'Pets', color: '#3B82F6', icon: 'tag', budget: null });
    await ok(c.ana, 'POST', '/receipts', groceries(c, 25, { category: 'Pets', paid_by: c.ids.ben }));
    expect(await figures(c.ana, 'Pets')).toEqual(counting(25, 1));
    expect(await figures(c.ben, 'Other')).toEqual(counting(75, 0));
  });

  it('counts a sharer’s own share of each item in the item’s category: what is theirs alone whole, no category below nothing', async () => {
    const c = await couple();
    // Bread (Food) is Ben's, the light bulbs (Utilities) Ana's alone, the board game (Entertainment) for both; $6 tax.
    const bigStore = bigStoreGroceries(todayUtc());
    const targets = [{ assigned_to: c.ids.ben }, { assigned_to: c.ids.ana }, {}];
    const created = await ok<Receipt>(c.ana, 'POST', '/receipts', {
      ...bigStore,
      household_id: c.household._id,
      items: bigStore.items.map((item, i) => ({ ...item, ...targets[i] })),
    });
    // Her share: the bulbs and half the game, 22 of the 54 the lines come to, with that part of the tax: 24.44.
    expect(await figures(c.ana, 'Utilities')).toMatchObject({ spent: 24.44, category: 11.11, reports: 24.44, reportsCategory: 11.11 });
    expect(await figures(c.ana, 'Entertainment')).toMatchObject({ category: 13.33, reportsCategory: 13.33 });
    expect(await figures(c.ana, 'Food')).toMatchObject({ category: 0, reportsCategory: 0 });
    // His: the bread and half the game with their part of the tax, 35.56, each where it counts.
    expect(await figures(c.ben, 'Food')).toEqual({ ...counting(35.56, 0), category: 22.22, reportsCategory: 22.22 });
    expect(await figures(c.ben, 'Entertainment')).toMatchObject({ category: 13.34, reportsCategory: 13.34 });

    // The game becomes Ana's too: all but the bread counts for her, each item whole in its category.
    await ok(c.ana, 'PUT', `/receipts/${created.id}`, {
      ...bigStore,
      household_id: c.household._id,
      items: bigStore.items.map((item, i) => ({ ...item, ...(i === 0 ? targets[0] : { assigned_to: c.ids.ana }) })),
    });
    expect(await figures(c.ana, 'Entertainment')).toMatchObject({ spent: 37.78, category: 26.67, reportsCategory: 26.67 });
    expect(await figures(c.ana, 'Utilities')).toMatchObject({ category: 11.11 });
    expect(await figures(c.ana, 'Food')).toMatchObject({ category: 0 });
    expect(await figures(c.ben, 'Food')).toEqual(counting(22.22, 0));
    expect(await figures(c.ben, 'Entertainment')).toMatchObject({ category: 0, reportsCategory: 0 });
  });

  it('counts a member’s share of each item in their category of its name, also after the sharer left', async () => {
    const c = await couple();
    // Pets is Ana's alone: Ben's part of the dog food lands in his Other.
    await ok(c.ana, 'POST', '/categories', { name: 'Pets', color: '#3B82F6', icon: 'tag', budget: null });
    const bigStore = bigStoreGroceries(todayUtc(), { utilities: 'Pets', fun: 'Entertainment' });
    await ok<Receipt>(c.ana, 'POST', '/receipts', { ...bigStore, household_id: c.household._id });
    // Everything for both: 30 each, each item's half with its part of the tax. Both halves of the
    // dog food and of the game are 5.555 and 13.335: one of them counts a cent more of each.
    const halves = async (user: TestUser) => ({
      food: (await figures(user, 'Food')).category,
      pets: (await figures(user, user === c.ana ? 'Pets' : 'Other')).category,
      game: (await figures(user, 'Entertainment')).category,
    });
    const bens = await halves(c.ben);
    expect(await figures(c.ben)).toMatchObject({ spent: 30, reports: 30 });
    expect(bens.food).toBe(11.11);
    expect([5.55, 5.56]).toContain(bens.pets);
    expect(bens.pets + bens.game).toBeCloseTo(18.89, 2);
    const household = await ok<{ currencies: Array<{ by_category: Array<{ category: string; amount: number }> }> }>(
      c.ben,
      'GET',
      `/api/households/${c.household._id}/spending`,
    );
    expect(household.currencies[0].by_category).toEqual([
      { category: 'Entertainment', amount: 26.67 },
      { category: 'Food', amount: 22.22 },
      { category: 'Pets', amount: 11.11 },
    ]);

    // Ana leaves: her receipt counts whole for her again; Ben's parts stay where they were.
    await ok(c.ana, 'POST', `/api/households/${c.household._id}/leave`);
    expect(await halves(c.ben)).toEqual(bens);
    expect(await figures(c.ana, 'Pets')).toMatchObject({ spent: 60, category: 11.11 });
  });

  it('leaves a person who shares nothing with today’s figures', async () => {
    const c = await couple();
    const loner = await verifiedUser(t, { displayName: 'Lee' });
    await ok(loner, 'POST', '/receipts', { store: 'Costco', date: todayUtc(), amount: 100, category: 'Food' });
    await ok(c.ana, 'POST', '/receipts', groceries(c, 50));
    expect(await figures(loner)).toEqual(counting(100, 1));
  });

  it('keeps a leaving member’s share and balance; a sharer who leaves counts their receipt whole', async () => {
    const c = await couple();
    await ok(c.ana, 'POST', '/receipts', groceries(c, 50));
    await ok(c.ben, 'POST', `/api/households/${c.household._id}/leave`);
    expect(await figures(c.ben)).toEqual(counting(50, 0));
    expect(await figures(c.ana)).toEqual(counting(50, 1));
    const balances = await ok<{ debts: Array<{ from_name: string; amount: number }> }>(c.ana, 'GET', `/api/households/${c.household._id}/balances`);
    expect(balances.debts).toEqual([expect.objectContaining({ from_name: 'Ben', amount: 50 })]);

    const d = await couple();
    await ok(d.ana, 'POST', '/receipts', groceries(d, 50));
    await ok(d.ana, 'POST', `/api/households/${d.household._id}/leave`);
    expect(await figures(d.ana)).toEqual(counting(100, 1));
    expect(await figures(d.ben)).toEqual(counting(50, 0));
  });

  it('takes every share off when the household is deleted', async () => {
    const c = await couple();
    await ok(c.ana, 'POST', '/receipts', groceries(c, 50));
    await ok(c.ana, 'DELETE', `/api/households/${c.household._id}`);
    expect(await figures(c.ana)).toEqual(counting(100, 1));
    expect(await figures(c.ben)).toEqual(counting(0, 0));
  });

  it('counts a member’s share in their new home currency, and the sharer’s after theirs changes', async () => {
    const c = await couple();
    await ok(c.ana, 'POST', '/receipts', groceries(c, 50));
    await ok(c.ben, 'PUT', '/api/settings', { home_currency: 'EUR', home_currency_rate: 0.9 });
    expect(await figures(c.ben)).toEqual(counting(45, 0));
    await ok(c.ana, 'PUT', '/api/settings', { home_currency: 'GBP', home_currency_rate: 0.8 });
    expect(await figures(c.ana)).toEqual(counting(40, 1));
    expect(await figures(c.ben)).toEqual(counting(45, 0));
  });

  it('fires a member’s category budget alert from their share', async () => {
    const c = await couple();
    const food = (await ok<CategoryWithSpending[]>(c.ben, 'GET', '/categories')).find((x) => x.name === 'Food')!;
    await ok(c.ben, 'PUT', `/categories/${food._id}`, { name: 'Food', color: food.color, icon: food.icon, budget: 40 });
    await ok(c.ana, 'POST', '/receipts', groceries(c, 50));
    const told = await ok<Notification[]>(c.ben, 'GET', '/notifications');
    expect(told.map((n) => n.title)).toContain('Food is over budget');
    expect(await ok<Notification[]>(c.ana, 'GET', '/notifications')).not.toContainEqual(expect.objectContaining({ title: 'Food is over budget' }));
  });

  it('fires a sharer’s alerts once their receipt counts whole again: household deleted, or they leave', async () => {
    const overBudget = async (c: Couple) => {
      const food = (await ok<CategoryWithSpending[]>(c.ana, 'GET', '/categories')).find((x) => x.name === 'Food')!;
      await ok(c.ana, 'PUT', `/categories/${food._id}`, { name: 'Food', color: food.color, icon: food.icon, budget: 80 });
      await ok(c.ana, 'POST', '/receipts', groceries(c, 50));
      const told = async () => (await ok<Notification[]>(c.ana, 'GET', '/notifications')).map((n) => n.title);
      expect(await told()).not.toContain('Food is over budget');
      return told;
    };
    const c = await couple();
    const toldAna = await overBudget(c);
    await ok(c.ana, 'DELETE', `/api/households/${c.household._id}`);
    expect(await toldAna()).toContain('Food is over budget');
    expect((await ok<Notification[]>(c.ben, 'GET', '/notifications')).map((n) => n.title)).not.toContain('Food is over budget');

    const d = await couple();
    const toldD = await overBudget(d);
    await ok(d.ana, 'POST', `/api/households/${d.household._id}/leave`);
    expect(await toldD()).toContain('Food is over budget');
  });

  it('keeps the others’ figures when an account is deleted', async () => {
    const c = await couple();
    await ok(c.ana, 'POST', '/receipts', groceries(c, 50));
    await ok(c.ben, 'DELETE', '/api/account', { confirm: c.ben.email });
    expect(await figures(c.ana)).toEqual(counting(50, 1));
    const d = await couple();
    await ok(d.ana, 'POST', '/receipts', groceries(d, 50));
    await ok(d.ana, 'DELETE', '/api/account', { confirm: d.ana.email });
    expect(await figures(d.ben)).toEqual(counting(50, 0));
  });
});

describe('counted shares against a rebuild', () => {
  const totalsOf = async (userId: string) => {
    const db = t.db.db;
    const rows = async (table: 'daily_totals' | 'monthly_totals') =>
      (
        await db
          .selectFrom(table)
          .select(['category_id', 'amount_cents', 'count'])
          .select((eb) => eb.cast<string>(table === 'daily_totals' ? 'day' : 'month', 'text').as('at'))
          .where('user_id', '=', userId)
          .execute()
      )
        .map((r) => `${r.at} ${r.category_id} ${Number(r.amount_cents)} ${r.count}`)
        .sort();
    return { daily: await rows('daily_totals'), monthly: await rows('monthly_totals') };
  };

  it('gives the same totals as the incremental path after any shares, edits, unshares and deletes', async () => {
    type Step = { kind: 'share'; ana: number; paidByBen: boolean; category: string; daysAgo: number } | { kind: 'unshare' | 'delete' | 'mine'; pick: number };
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('share' as const),
        ana: fc.integer({ min: 0, max: 100 }),
        paidByBen: fc.boolean(),
        category: fc.constantFrom('Food', 'Utilities', 'Pets'),
        daysAgo: fc.integer({ min: 0, max: 40 }),
      }),
      fc.record({ kind: fc.constantFrom('unshare' as const, 'delete' as const, 'mine' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps: Step[]) => {
        const c = await couple();
        await ok(c.ana, 'POST', '/categories', { name: 'Pets', color: '#3B82F6', icon: 'tag', budget: null });
        const ids: string[] = [];
        for (const s of steps) {
          if (s.kind === 'share') {
            const date = new Date(Date.parse(`${todayUtc()}T00:00:00Z`) - s.daysAgo * 86_400_000).toISOString().slice(0, 10);
            const body = groceries(c, s.ana, { category: s.category, date, ...(s.paidByBen ? { paid_by: c.ids.ben } : {}) });
            // Edit the last receipt now and then, else add one.
            if (ids.length && s.daysAgo % 2) await ok(c.ana, 'PUT', `/receipts/${ids[ids.length - 1]}`, { ...body, is_shared: true });
            else ids.push((await ok<Receipt>(c.ana, 'POST', '/receipts', body)).id);
          } else if (ids.length) {
            const id = ids[s.pick % ids.length];
            if (s.kind === 'delete') {
              await ok(c.ana, 'DELETE', `/receipts/${id}`);
              ids.splice(ids.indexOf(id), 1);
            } else if (s.kind === 'unshare') await ok(c.ana, 'PUT', `/receipts/${id}`, { store: 'Costco', date: todayUtc(), amount: 100, household_id: null });
            else await ok(c.ana, 'PUT', `/receipts/${id}`, { store: 'Costco', date: todayUtc(), amount: 100, category: 'Utilities' });
          }
        }
        for (const user of [c.ana, c.ben]) {
          const incremental = await totalsOf(user.uid);
          await t.db.db.transaction().execute((trx) => rebuildTotals(trx, user.uid));
          expect(await totalsOf(user.uid)).toEqual(incremental);
        }
      }),
      { numRuns: 6, seed: 51 },
    );
  });
});
