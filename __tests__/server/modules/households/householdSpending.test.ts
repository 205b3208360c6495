import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import type { Household, HouseholdSpending } from '../../../../src/shared/households';
import { addDays, monthContaining } from '../../../../src/shared/calendar';
import { householdsAs, join, verifiedUser } from './householdApi';

// A day of its own, so "this month" never depends on the day the suite runs.
const FIXED = '2026-03-18T12:00:00Z';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ FIXED_TIME: FIXED });
});
afterAll(() => t?.close());

async function flat() {
  const ana = await verifiedUser(t, { displayName: 'Ana' });
  const ben = await verifiedUser(t, { displayName: 'Ben' });
  const created = await householdsAs(t, ana).create('Flat 4B');
  await join(t, ana, created._id, ben);
  const withMia: Household = (await householdsAs(t, ana).call('POST', `/${created._id}/members`, { display_name: 'Mia' })).json();
  const id = (name: string) => withMia.members.find((m) => m.display_name === name)!._id;
  return { ana, ben, household: withMia, ids: { ana: id('Ana'), ben: id('Ben'), mia: id('Mia') } };
}

const save = async (user: TestUser, payload: object) => {
  const res = await t.request(user, { method: 'POST', url: '/receipts', payload });
  if (res.statusCode !== 201) throw new Error(`save: ${res.statusCode} ${res.body}`);
};

describe('the household’s spending', () => {
  it('adds up the shared receipts of a period by category and by person, per currency', async () => {
    const { ana, ben, household, ids } = await flat();
    const split = (a: number, b: number, m: number) => [
      { member_id: ids.ana, amount: a },
      { member_id: ids.ben, amount: b },
      { member_id: ids.mia, amount: m },
    ];
    await save(ana, { store: 'Costco', date: '2026-03-02', amount: 90, category: 'Food', household_id: household._id, shared_expenses: split(30, 30, 30) });
    await save(ben, { store: 'Market', date: '2026-03-10', amount: 12.5, category: 'Food', household_id: household._id, shared_expenses: split(0, 12.5, 0) });
    await save(ben, { store: 'Power', date: '2026-03-11', amount: 60, category: 'Utilities', household_id: household._id, shared_expenses: split(20, 40, 0) });
    await save(ana, {
      store: 'Café',
      date: '2026-03-12',
      amount: 9,
      currency: 'EUR',
      rate: 1.1,
      category: 'Food',
      household_id: household._id,
      shared_expenses: split(9, 0, 0),
    });
    // Another month, a private receipt and another household's receipt count nowhere here.
    await save(ana, { store: 'Costco', date: '2026-02-27', amount: 40, category: 'Food', household_id: household._id });
    await save(ana, { store: 'Books', date: '2026-03-05', amount: 25, category: 'Other' });

    const res = await householdsAs(t, ben).call('GET', `/${household._id}/spending`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      currencies: [
        { currency: 'EUR', total: 9, by_category: [{ category: 'Food', amount: 9 }], by_member: [{ member_id: ids.ana, display_name: 'Ana', amount: 9 }] },
        {
          currency: 'USD',
          total: 162.5,
          by_category: [
            { category: 'Food', amount: 102.5 },
            { category: 'Utilities', amount: 60 },
          ],
          by_member: [
            { member_id: ids.ben, display_name: 'Ben', amount: 82.5 },
            { member_id: ids.ana, display_name: 'Ana', amount: 50 },
            { member_id: ids.mia, display_name: 'Mia', amount: 30 },
          ],
        },
      ],
    } satisfies HouseholdSpending);

    const february = (await householdsAs(t, ana).call('GET', `/${household._id}/spending?from=2026-02-01&to=2026-02-28`)).json() as HouseholdSpending;
    expect(february.currencies.map((c) => [c.currency, c.total])).toEqual([['USD', 40]]);
  });

  it('keeps the sharer’s category name after they leave', async () => {
    const { ana, ben, household, ids } = await flat();
    await save(ben, { store: 'Power', date: '2026-03-11', amount: 60, category: 'Utilities', household_id: household._id, paid_by: ids.ana });
    expect((await householdsAs(t, ben).call('POST', `/${household._id}/leave`)).statusCode).toBe(204);
    const seen = (await householdsAs(t, ana).call('GET', `/${household._id}/spending`)).json() as HouseholdSpending;
    expect(seen.currencies[0].by_category).toEqual([{ category: 'Utilities', amount: 60 }]);
  });

  it('refuses a period it cannot read with a 400 and a message', async () => {
    const { ana, household } = await flat();
    const month = monthContaining('2026-03-18');
    for (const [query, message] of [
      ['from=yesterday', 'from must be a date like 2025-01-31'],
      ['to=2026-02-30', 'to must be a date like 2025-01-31'],
      ['from=2026-03-10&to=2026-03-09', 'to must not be before from'],
      [`from=${month.from}&to=${addDays(month.from, 366)}`, 'Ask for at most 366 days at a time'],
    ]) {
      const res = await householdsAs(t, ana).call('GET', `/${household._id}/spending?${query}`);
      expect([query, res.statusCode, res.json().message]).toEqual([query, 400, message]);
    }
  });
});
