import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import type { Balances, HistoryEntry, Household, SharedReceipt } from '../../../../src/shared/households';
import type { Notification } from '../../../../src/shared/notifications';
import { TOTAL_COUNT_HEADER } from '../../../../src/shared/receipts';
import { addReceipt, todayUtc } from '../receipts/fixtures';
import { householdsAs, join, verifiedUser } from './householdApi';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const messageOf = (res: { json(): unknown }) => (res.json() as { message: string }).message;

/** Ana's household with Ben (signed in); member ids by name. */
async function couple() {
  const ana = await verifiedUser(t, { displayName: 'Ana' });
  const ben = await verifiedUser(t, { displayName: 'Ben' });
  const household: Household = await householdsAs(t, ana).create('Flat 4B');
  const joined = await join(t, ana, household._id, ben);
  const id = (name: string) => joined.members.find((m) => m.display_name === name)!._id;
  return { ana, ben, householdId: household._id, ids: { ana: id('Ana'), ben: id('Ben') } };
}

const get = (user: TestUser, url: string) => t.request(user, { method: 'GET', url: `/api/households${url}` });
const balances = async (user: TestUser, householdId: string): Promise<Balances> => (await get(user, `/${householdId}/balances`)).json();
const settle = (user: TestUser, householdId: string, payload: object) =>
  t.request(user, { method: 'POST', url: `/api/households/${householdId}/settlements`, payload });
const debts = (b: Balances) => b.debts.map((d) => `${d.from_name} owes ${d.to_name} ${d.amount} ${d.currency}`);

describe('balances and settling up', () => {
  it('nets what each owes the other per currency, and records full and part payments', async () => {
    const { ana, ben, householdId, ids } = await couple();
    // Ana pays 46.80 (Ben owes 23.40); Ben pays 10 (Ana owes 5); Ana pays €9 (Ben owes €4.50).
    await addReceipt(t, ana, { store: 'Costco', amount: 46.8, household_id: householdId });
    await addReceipt(t, ben, { store: 'Bakery', amount: 10, household_id: householdId });
    const euro = await t.request(ana, {
      method: 'POST',
      url: '/receipts',
      payload: { store: 'Café', date: todayUtc(), amount: 9, currency: 'EUR', rate: 1.1, household_id: householdId },
    });
    expect(euro.statusCode).toBe(201);
    const seen = await balances(ben, householdId);
    expect(seen.my_member_id).toBe(ids.ben);
    expect(debts(seen)).toEqual(['Ben owes Ana 4.5 EUR', 'Ben owes Ana 18.4 USD']);

    const tooMuch = await settle(ben, householdId, { from_member_id: ids.ben, to_member_id: ids.ana, amount: 18.41, currency: 'USD' });
    expect([tooMuch.statusCode, messageOf(tooMuch)]).toEqual([400, 'Ben owes Ana $18.40: record at most that.']);
    const wrongWay = await settle(ben, householdId, { from_member_id: ids.ana, to_member_id: ids.ben, amount: 1, currency: 'USD' });
    expect([wrongWay.statusCode, messageOf(wrongWay)]).toEqual([400, 'Ana owes Ben nothing in USD.']);

    const part = await settle(ben, householdId, { from_member_id: ids.ben, to_member_id: ids.ana, amount: 8.4, currency: 'USD' });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({ from_member_id: ids.ben, to_member_id: ids.ana, recorded_by: ids.ben, amount: 8.4, currency: 'USD' });
    expect(debts(await balances(ana, householdId))).toEqual(['Ben owes Ana 4.5 EUR', 'Ben owes Ana 10 USD']);
    expect((await settle(ana, householdId, { from_member_id: ids.ben, to_member_id: ids.ana, amount: 10, currency: 'USD' })).statusCode).toBe(201);
    expect(debts(await balances(ana, householdId))).toEqual(['Ben owes Ana 4.5 EUR']);

    const told: Notification[] = (await t.request(ana, { method: 'GET', url: '/notifications' })).json();
    expect(told.map((n) => n.message)).toContain('Ben recorded that Ben paid Ana $8.40');
    const benTold: Notification[] = (await t.request(ben, { method: 'GET', url: '/notifications' })).json();
    expect(benTold.map((n) => n.message)).toContain('Ana recorded that Ben paid Ana $10.00');

    // The history: newest first, shares and payments, paged.
    const history = await get(ben, `/${householdId}/history?limit=2`);
    expect(history.headers[TOTAL_COUNT_HEADER]).toBe('5');
    const page: HistoryEntry[] = history.json();
    expect(page.map((e) => e.kind)).toHaveLength(2);
    const all: HistoryEntry[] = (await get(ben, `/${householdId}/history?limit=10`)).json();
    expect(all.map((e) => (e.kind === 'share' ? e.receipt.store : e.settlement.amount)).sort()).toEqual([10, 8.4, 'Bakery', 'Café', 'Costco'].sort());
    const rest: HistoryEntry[] = (await get(ben, `/${householdId}/history?limit=10&offset=2`)).json();
    expect([...page, ...rest]).toEqual(all);
  });

  it('refuses a bad payment with its message and records nothing', async () => {
    const { ana, householdId, ids } = await couple();
    await addReceipt(t, ana, { store: 'Costco', amount: 20, household_id: householdId });
    const stranger = await t.signUp();
    const theirs = await householdsAs(t, stranger).create('Elsewhere');
    const cases: Array<[object, string]> = [
      [{ from_member_id: ids.ben, to_member_id: ids.ben, amount: 1, currency: 'USD' }, 'A payment is between two different members.'],
      [
        { from_member_id: theirs.my_member_id, to_member_id: ids.ana, amount: 1, currency: 'USD' },
        `from_member_id: ${theirs.my_member_id} is not a member of this household.`,
      ],
      [{ from_member_id: ids.ben, to_member_id: 'nobody', amount: 1, currency: 'USD' }, 'to_member_id: nobody is not a member of this household.'],
      [{ from_member_id: ids.ben, to_member_id: ids.ana, amount: 1.005, currency: 'USD' }, 'amount must have at most two decimals'],
      [{ from_member_id: ids.ben, to_member_id: ids.ana, amount: 1, currency: 'XXX' }, 'currency is not a currency code Tally knows: XXX'],
      [{ from_member_id: ids.ben, to_member_id: ids.ana, amount: 0, currency: 'USD' }, 'amount must be more than 0'],
    ];
    for (const [payload, message] of cases) {
      const res = await settle(ana, householdId, payload);
      expect([res.statusCode, messageOf(res)]).toEqual([400, message]);
    }
    expect(await t.db.db.selectFrom('household_settlements').selectAll().where('household_id', '=', householdId).execute()).toEqual([]);
    expect(debts(await balances(ana, householdId))).toEqual(['Ben owes Ana 10 USD']);
  });

  it('shows members the household’s shared receipts, paged, and no one else anything', async () => {
    const { ana, ben, householdId, ids } = await couple();
    await addReceipt(t, ben, { store: 'Private', amount: 99 });
    for (const store of ['One', 'Two', 'Three']) await addReceipt(t, ana, { store, amount: 12, household_id: householdId });
    const first = await get(ben, `/${householdId}/receipts?limit=2`);
    expect(first.statusCode).toBe(200);
    expect(first.headers[TOTAL_COUNT_HEADER]).toBe('3');
    const rest = await get(ben, `/${householdId}/receipts?limit=2&offset=2`);
    const all: SharedReceipt[] = [...first.json(), ...rest.json()];
    expect(all.map((r) => r.store).sort()).toEqual(['One', 'Three', 'Two']);
    expect(all[0]).toMatchObject({ amount: 12, currency: 'USD', paid_by: ids.ana, shared_by: ids.ana });
    expect(all[0].shares.map((s) => [s.display_name, s.amount])).toEqual([
      ['Ana', 6],
      ['Ben', 6],
    ]);

    const stranger = await t.signUp();
    for (const url of ['receipts', 'balances', 'history']) expect((await get(stranger, `/${householdId}/${url}`)).statusCode).toBe(404);
    const payment = await settle(stranger, householdId, { from_member_id: ids.ben, to_member_id: ids.ana, amount: 1, currency: 'USD' });
    expect([payment.statusCode, messageOf(payment)]).toEqual([404, 'Household not found']);

    // Ben leaves: at once he sees nothing, and what Ana shared, and what he owes, stay with the household.
    expect((await householdsAs(t, ben).call('POST', `/${householdId}/leave`)).statusCode).toBe(204);
    expect((await get(ben, `/${householdId}/receipts`)).statusCode).toBe(404);
    expect(debts(await balances(ana, householdId))).toEqual(['Ben owes Ana 18 USD']);
  });

  it('keeps a deleted account’s shared receipts with the household as a former member’s, balances unchanged', async () => {
    const { ana, ben, householdId } = await couple();
    await addReceipt(t, ben, { store: 'Groceries', amount: 30, household_id: householdId });
    await addReceipt(t, ana, { store: 'Rent', amount: 10, household_id: householdId });
    expect(debts(await balances(ana, householdId))).toEqual(['Ana owes Ben 10 USD']);
    const gone = await t.request(ben, { method: 'DELETE', url: '/api/account', payload: { confirm: ben.email } });
    expect(gone.statusCode).toBe(204);
    expect(debts(await balances(ana, householdId))).toEqual(['Ana owes A former member 10 USD']);
    const shared: SharedReceipt[] = (await get(ana, `/${householdId}/receipts`)).json();
    expect(shared.map((r) => r.store).sort()).toEqual(['Groceries', 'Rent']);
    const rows = await t.db.db.selectFrom('shared_receipts').select(['store', 'receipt_id']).where('household_id', '=', householdId).orderBy('store').execute();
    expect(rows.map((r) => [r.store, r.receipt_id === null])).toEqual([
      ['Groceries', true],
      ['Rent', false],
    ]);
  });
});

describe('the history, paged', () => {
  it('pages more rows than one page holds in one order, newest first, equal times by id', async () => {
    const { ben, householdId, ids } = await couple();
    // Straight into the tables: 150 shared receipts and 130 payments, three to a second, so that
    // equal times fall within each list and across them.
    const base = Date.parse('2026-01-05T10:00:00.000Z');
    const at = (i: number) => new Date(base + Math.floor(i / 3) * 1000);
    const db = t.db.db;
    const receipts = await db
      .insertInto('shared_receipts')
      .values(
        Array.from({ length: 150 }, (_, i) => ({
          household_id: householdId,
          receipt_id: null,
          shared_by: ids.ana,
          paid_by: ids.ana,
          store: `Store ${i}`,
          date: '2026-01-05',
          currency: 'USD',
          total_minor: 100 + i,
          rate: null,
          split: JSON.stringify({ byAmount: { kind: 'everyone' } }),
          created_at: at(i * 2),
          updated_at: at(i * 2),
        })),
      )
      .returning(['id', 'created_at'])
      .execute();
    const payments = await db
      .insertInto('household_settlements')
      .values(
        Array.from({ length: 130 }, (_, i) => ({
          household_id: householdId,
          from_member: ids.ben,
          to_member: ids.ana,
          recorded_by: ids.ben,
          currency: 'USD',
          amount_minor: 1 + i,
          created_at: at(i * 2 + 1),
        })),
      )
      .returning(['id', 'created_at'])
      .execute();
    const expected = [...receipts.map((r) => ({ ...r, kind: 'share' })), ...payments.map((r) => ({ ...r, kind: 'settlement' }))]
      .sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || (a.id < b.id ? 1 : -1))
      .map((r) => `${r.kind} ${r.id}`);
    const idOf = (e: HistoryEntry) => (e.kind === 'share' ? `share ${e.receipt._id}` : `settlement ${e.settlement._id}`);

    for (const limit of [200, 37]) {
      const seen: string[] = [];
      for (let offset = 0; offset < expected.length; offset += limit) {
        const res = await get(ben, `/${householdId}/history?limit=${limit}&offset=${offset}`);
        expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(expected.length));
        const page: HistoryEntry[] = res.json();
        expect(page).toHaveLength(Math.min(limit, expected.length - offset));
        seen.push(...page.map(idOf));
      }
      expect(seen).toEqual(expected);
    }
    const past = await get(ben, `/${householdId}/history?limit=10&offset=${expected.length}`);
    expect([past.statusCode, past.json()]).toEqual([200, []]);
    // Each entry is whole: the receipt's store and amount, the payment's amount.
    const [first]: HistoryEntry[] = (await get(ben, `/${householdId}/history?limit=1&offset=${expected.indexOf(`share ${receipts[0].id}`)}`)).json();
    expect(first).toMatchObject({ kind: 'share', receipt: { _id: receipts[0].id, store: 'Store 0', amount: 1 } });
  });
});
