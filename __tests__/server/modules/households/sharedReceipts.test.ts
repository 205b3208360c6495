import { startTestApp, type TestApp, type TestUser } from '../../helpers';
import type { Household } from '../../../../src/shared/households';
import type { Receipt } from '../../../../src/shared/receipts';
import type { Notification } from '../../../../src/shared/notifications';
import { todayUtc } from '../receipts/fixtures';
import { householdsAs, join, verifiedUser } from './householdApi';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const messageOf = (res: { json(): unknown }) => (res.json() as { message: string }).message;

/** Ana's household with Ben (signed in) and Mia (a placeholder); member ids by name. */
async function flat() {
  const ana = await verifiedUser(t, { displayName: 'Ana' });
  const ben = await verifiedUser(t, { displayName: 'Ben' });
  const api = householdsAs(t, ana);
  const created = await api.create('Flat 4B');
  await join(t, ana, created._id, ben);
  const withMia: Household = (await api.call('POST', `/${created._id}/members`, { display_name: 'Mia' })).json();
  const id = (name: string) => withMia.members.find((m) => m.display_name === name)!._id;
  return { ana, ben, household: withMia, ids: { ana: id('Ana'), ben: id('Ben'), mia: id('Mia') } };
}

/** The scan screen's save payload (spec §3), as a person who shares nothing sends it. */
const scanPayload = (overrides: object = {}) => ({
  store_name: 'Costco',
  date: todayUtc(),
  total_amount: 33,
  items: [
    { id: null, name: 'Milk', price: 10, quantity: 1, category: 'food', assigned_to: null, shared_with: [] },
    { id: null, name: 'Bread', price: 20, quantity: 1, category: 'food', assigned_to: null, shared_with: [] },
  ],
  tax: 3,
  image_url: null,
  is_shared: false,
  shared_expenses: [],
  ...overrides,
});

const save = (user: TestUser, payload: object) => t.request(user, { method: 'POST', url: '/receipts', payload });
const sharesOf = (receipt: Receipt) => Object.fromEntries((receipt.shared_expenses ?? []).map((s) => [s.display_name, s.amount]));
/** The amounts of an even split, smallest first: which member takes a left-over cent goes by member id. */
const evenly = (receipt: Receipt) => (receipt.shared_expenses ?? []).map((s) => s.amount).sort((a, b) => a - b);

async function tableCounts() {
  const db = t.db.db;
  const count = async (table: 'shared_receipts' | 'shared_receipt_shares' | 'receipts') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { shared: await count('shared_receipts'), shares: await count('shared_receipt_shares'), receipts: await count('receipts') };
}

describe('a shared receipt', () => {
  it('keeps the answer of a person who shares nothing exactly as before', async () => {
    const { ana } = await flat();
    const res = await save(ana, scanPayload());
    expect(res.statusCode).toBe(201);
    const receipt = res.json();
    for (const key of ['is_shared', 'household_id', 'paid_by', 'shared_expenses']) expect(receipt).not.toHaveProperty(key);
    expect(receipt.items).toEqual([
      { name: 'Milk', price: 10, quantity: 1 },
      { name: 'Bread', price: 20, quantity: 1 },
    ]);
  });

  it('splits by item with tax spread in proportion, to the cent, and tells the members', async () => {
    const { ana, ben, household, ids } = await flat();
    const res = await save(
      ana,
      scanPayload({
        is_shared: true,
        household_id: household._id,
        total_amount: 30.8,
        tax: 2.8,
        items: [
          { id: null, name: 'Milk', price: 10, quantity: 1, assigned_to: ids.ben, shared_with: [] },
          { id: null, name: 'Bread', price: 4.5, quantity: 2, assigned_to: null, shared_with: [ids.ana, { member_id: ids.mia, portions: 2 }] },
          { id: null, name: 'Soap', price: 9, quantity: 1, assigned_to: null, shared_with: [] },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const receipt: Receipt = res.json();
    expect(receipt).toMatchObject({ is_shared: true, household_id: household._id, paid_by: ids.ana });
    // Lines: Ana 3 + 3, Ben 10 + 3, Mia 6 + 3; the 2.80 tax in proportion (10% each).
    expect(sharesOf(receipt)).toEqual({ Ana: 6.6, Ben: 14.3, Mia: 9.9 });
    expect(receipt.items.map((i) => i.assigned_to)).toEqual([ids.ben, null, null]);
    expect(receipt.items.map((i) => i.shared_with)).toEqual([[], expect.arrayContaining([ids.ana, { member_id: ids.mia, portions: 2 }]), []]);
    const ben$ = receipt.shared_expenses!.find((s) => s.member_id === ids.ben)!;
    expect(ben$).toMatchObject({ currency: 'USD', home_currency: 'USD', home_amount: 14.3 });
    expect(receipt.shared_expenses!.find((s) => s.member_id === ids.mia)).toMatchObject({ home_currency: null, home_amount: null });

    const told: Notification[] = (await t.request(ben, { method: 'GET', url: '/notifications' })).json();
    expect(told.map((n) => n.message)).toContain('Ana shared a receipt from Costco: your share $14.30');
    const anaTold: Notification[] = (await t.request(ana, { method: 'GET', url: '/notifications?include_read=true' })).json();
    expect(anaTold.map((n) => n.message).filter((m) => m.includes('shared a receipt'))).toEqual([]);
    // Ben reads it through the household, never through Ana's receipts.
    expect((await t.request(ben, { method: 'GET', url: `/receipts/${receipt.id}` })).statusCode).toBe(404);
  });

  it('lists who shares an item in the household’s order, whatever order they were sent in and however the database keeps them', async () => {
    const { ana, household, ids } = await flat();
    // The household's order: Ana, Ben, Mia (by joining); sent Mia first, then Ben, then Ana.
    const bread = { id: null, name: 'Bread', price: 9, quantity: 1, assigned_to: null, shared_with: [{ member_id: ids.mia, portions: 2 }, ids.ben, ids.ana] };
    const res = await save(ana, scanPayload({ is_shared: true, household_id: household._id, total_amount: 9, tax: 0, items: [bread] }));
    expect(res.statusCode).toBe(201);
    const inOrder = [ids.ana, ids.ben, { member_id: ids.mia, portions: 2 }];
    const saved: Receipt = res.json();
    const read: Receipt = (await t.request(ana, { method: 'GET', url: `/receipts/${saved.id}` })).json();
    const listed: Receipt[] = (await t.request(ana, { method: 'GET', url: '/receipts' })).json();
    for (const answer of [saved, read, listed.find((r) => r.id === saved.id)!]) {
      // Compared as JSON text: the order of the keys as well as of the entries.
      expect(JSON.stringify(answer.items[0].shared_with)).toBe(JSON.stringify(inOrder));
      expect(answer.shared_expenses!.map((s) => s.member_id)).toEqual([ids.ana, ids.ben, ids.mia]);
    }
    expect(JSON.stringify(read)).toBe(JSON.stringify(saved));
  });

  it('splits a receipt without items evenly, by portions or by exact amounts', async () => {
    const { ana, household, ids } = await flat();
    const manual = (shared_expenses: object[], extra: object = {}) =>
      save(ana, { store: 'Rent', date: todayUtc(), amount: 100, household_id: household._id, shared_expenses, ...extra });
    expect(evenly((await manual([])).json())).toEqual([33.33, 33.33, 33.34]);
    expect(sharesOf((await manual([{ member_id: ids.ana, portions: 3 }, { member_id: ids.ben }])).json())).toEqual({ Ana: 75, Ben: 25, Mia: 0 });
    const exact = await manual(
      [
        { member_id: ids.ben, amount: 60.5 },
        { member_id: ids.mia, amount: 39.5 },
      ],
      { paid_by: ids.ben },
    );
    expect(exact.json()).toMatchObject({ paid_by: ids.ben });
    expect(sharesOf(exact.json())).toEqual({ Ana: 0, Ben: 60.5, Mia: 39.5 });
  });

  it('refuses a household or members that are not the sharer’s with a message, and writes nothing', async () => {
    const { ana, household, ids } = await flat();
    const stranger = await t.signUp();
    const theirs = await householdsAs(t, stranger).create('Elsewhere');
    const before = await tableCounts();
    const cases: Array<[object, number, string]> = [
      [{ is_shared: true, household_id: theirs._id }, 404, 'Household not found'],
      [{ is_shared: true, household_id: 'not-an-id' }, 404, 'Household not found'],
      [
        { is_shared: true, household_id: household._id, paid_by: theirs.my_member_id },
        400,
        `paid_by: ${theirs.my_member_id} is not a member of this household.`,
      ],
      [
        { is_shared: true, household_id: household._id, items: [{ name: 'Milk', price: 30, assigned_to: theirs.my_member_id }] },
        400,
        `${theirs.my_member_id} is not a member of this household.`,
      ],
      [{ is_shared: true }, 400, 'Choose the household to share this receipt with (household_id)'],
      [{ is_shared: false, household_id: household._id }, 400, 'is_shared is false but household_id names a household: send is_shared true to share it'],
      [{ paid_by: ids.ben }, 400, 'Who paid and who each part is for only count on a shared receipt: choose its household (household_id)'],
      [
        { is_shared: true, household_id: household._id, items: [], shared_expenses: [{ member_id: ids.ana, amount: 10 }] },
        400,
        'The amounts do not add up to the total.',
      ],
      [
        { is_shared: true, household_id: household._id, items: [{ name: 'Milk', price: 30, assigned_to: ids.ana, shared_with: [ids.ben] }] },
        400,
        'items.0: give either assigned_to or shared_with, not both',
      ],
    ];
    for (const [overrides, status, message] of cases) {
      const res = await save(ana, scanPayload({ tax: 3, ...overrides }));
      expect([res.statusCode, messageOf(res)]).toEqual([status, message]);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('divides again when edited, stops sharing with household_id null, and takes its shares away when deleted', async () => {
    const { ana, household, ids } = await flat();
    const created: Receipt = (await save(ana, { store: 'Pizza', date: todayUtc(), amount: 30, household_id: household._id, paid_by: ids.ben })).json();
    const put = (payload: object) =>
      t.request(ana, { method: 'PUT', url: `/receipts/${created.id}`, payload: { store: 'Pizza', date: todayUtc(), ...payload } });
    // Left out: the household and payer kept, the new amount divided again.
    const edited = await put({ amount: 31 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ household_id: household._id, paid_by: ids.ben });
    expect(evenly(edited.json())).toEqual([10.33, 10.33, 10.34]);
    const rows = await t.db.db.selectFrom('shared_receipts').selectAll().where('household_id', '=', household._id).execute();
    expect(rows.map((r) => Number(r.total_minor))).toEqual([3100]);

    const refused = await put({ amount: 31, shared_expenses: [{ member_id: ids.ana, amount: 1 }] });
    expect(refused.statusCode).toBe(400);
    expect((await t.request(ana, { method: 'GET', url: `/receipts/${created.id}` })).json().amount).toBe(31);

    const unshared = await put({ amount: 31, household_id: null });
    expect(unshared.statusCode).toBe(200);
    expect(unshared.json()).not.toHaveProperty('is_shared');
    expect(await t.db.db.selectFrom('shared_receipts').selectAll().where('household_id', '=', household._id).execute()).toEqual([]);

    const again = await put({ amount: 31, is_shared: true, household_id: household._id });
    expect(evenly(again.json())).toEqual([10.33, 10.33, 10.34]);
    expect((await t.request(ana, { method: 'DELETE', url: `/receipts/${created.id}` })).statusCode).toBe(204);
    expect(await t.db.db.selectFrom('shared_receipt_shares').selectAll().where('household_id', '=', household._id).execute()).toEqual([]);
  });

  it('shares in the receipt’s currency and counts each member’s share in their home currency', async () => {
    const { ana, ben, household } = await flat();
    expect((await t.request(ben, { method: 'PUT', url: '/api/settings', payload: { home_currency: 'EUR', home_currency_rate: 0.9 } })).statusCode).toBe(200);
    const res = await save(ana, { store: 'Café', date: todayUtc(), amount: 30, currency: 'EUR', rate: 1.1, household_id: household._id });
    expect(res.statusCode).toBe(201);
    const shares = (res.json() as Receipt).shared_expenses!;
    // Ana counts in USD at the receipt's rate, Ben in EUR as it is, Mia (a placeholder) in no home currency.
    expect(shares.map((s) => [s.display_name, s.amount, s.currency, s.home_currency, s.home_amount])).toEqual([
      ['Ana', 10, 'EUR', 'USD', 11],
      ['Ben', 10, 'EUR', 'EUR', 10],
      ['Mia', 10, 'EUR', null, null],
    ]);
  });
});
