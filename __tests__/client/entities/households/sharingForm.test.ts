import {
  exactGap,
  liveShares,
  privateSharing,
  sharingErrorOf,
  sharingFromReceipt,
  validateSharing,
  withSharing,
  type ShareableValues,
  type SharingValues,
} from '../../../../src/client/entities/households/sharingForm';
import { toReceiptBody, emptyReceiptForm, receiptFormValues } from '../../../../src/client/features/receipts/receiptFormValues';
import { manualScanForm, toScanPayload } from '../../../../src/client/features/scan/scanForm';
import type { ItemFormValues } from '../../../../src/client/entities/receipts/receiptRules';
import type { ManualReceiptBody, Receipt } from '../../../../src/shared/receipts';
import { household, ME, member } from '../../features/households/builders';
import { receipt as receiptOf } from '../../ui/builders';

const BEN = member({ _id: 'm-ben', display_name: 'Ben' });
const MIA = member({ _id: 'm-mia', display_name: 'Mia', status: 'placeholder' });
const GONE = member({ _id: 'm-gone', display_name: 'Gone', status: 'former' });
const MEMBERS = household({ members: [ME, BEN, MIA, GONE] }).members;
const IDS = [ME._id, BEN._id, MIA._id];

const row = (key: string, name: string, price: string, quantity = '1'): ItemFormValues => ({ key, name, price, quantity });
const shared = (fields: Partial<SharingValues> = {}): SharingValues => ({ ...privateSharing(), householdId: 'h1', ...fields });
const form = (fields: Partial<ShareableValues>): ShareableValues => ({ amount: '', tax: '', currency: 'USD', items: [], ...fields });

describe('a receipt that is not shared', () => {
  it("sends today's body, byte for byte, on both save shapes", () => {
    const manual = { ...emptyReceiptForm('2026-11-20', 'USD'), store: 'Shop', amount: '12.00', items: [row('a', 'Milk', '2.00')] };
    expect(JSON.stringify(toReceiptBody({ ...manual, sharing: privateSharing() }, 'USD'))).toBe(JSON.stringify(toReceiptBody(manual, 'USD')));
    expect(toReceiptBody(manual, 'USD')).not.toHaveProperty('is_shared');
    const scan = { ...manualScanForm('c1', '2026-11-20', 'USD'), store: 'Shop', amount: '2.00', items: [row('a', 'Milk', '2.00')] };
    expect(toScanPayload({ ...scan, sharing: privateSharing() }, null)).toEqual(toScanPayload(scan, null));
    expect(toScanPayload(scan, null)).toMatchObject({ is_shared: false, shared_expenses: [], items: [{ assigned_to: null, shared_with: [] }] });
  });

  it('says it is no longer shared when it was', () => {
    const values = form({ amount: '10.00', sharing: { ...privateSharing(), sharedBefore: 'h1' } });
    expect(withSharing({ store: 'S', date: '2026-11-20', amount: 10 }, values)).toEqual({
      store: 'S',
      date: '2026-11-20',
      amount: 10,
      is_shared: false,
      household_id: null,
    });
  });
});

describe('who each item is for, in the payload', () => {
  const items = [row('a', 'Wine', '20.00'), row('b', 'Bread', '3.00'), row('c', 'Cheese', '9.00'), row('d', 'Salt', '1.00')];
  const sharing = shared({
    paidBy: BEN._id,
    items: {
      a: { mode: 'one', member: BEN._id, portions: {} },
      b: { mode: 'several', member: '', portions: { [ME._id]: '1', [BEN._id]: '1', [MIA._id]: '0' } },
      c: { mode: 'several', member: '', portions: { [ME._id]: '2', [MIA._id]: '1', [BEN._id]: '' } },
    },
  });

  it('names one member, several evenly (bare ids), several by portions, or everyone', () => {
    const values = { ...emptyReceiptForm('2026-11-20', 'USD'), store: 'Deli', amount: '33.00', items, sharing };
    const body = toReceiptBody(values, 'USD');
    expect(body).toMatchObject({ is_shared: true, household_id: 'h1', paid_by: BEN._id });
    expect(body.items!.map((i) => [i.assigned_to, i.shared_with])).toEqual([
      [BEN._id, []],
      [null, [ME._id, BEN._id]],
      [null, [{ member_id: ME._id, portions: 2 }, MIA._id]],
      [null, []],
    ]);
    expect(body).not.toHaveProperty('shared_expenses');
  });

  it('does the same on the scan payload, which keeps its own item fields', () => {
    const scan = { ...manualScanForm('c1', '2026-11-20', 'USD'), store: 'Deli', amount: '33.00', items, sharing };
    const body = toScanPayload(scan, null);
    expect(body).toMatchObject({ is_shared: true, household_id: 'h1', paid_by: BEN._id, shared_expenses: [] });
    expect(body.items![0]).toEqual({ id: null, name: 'Wine', price: 20, quantity: 1, category: 'c1', assigned_to: BEN._id, shared_with: [] });
  });

  it('leaves paid_by out while it is me by default', () => {
    expect(withSharing({ store: 'S', date: 'd', amount: 1 }, form({ amount: '1.00', sharing: shared() }))).not.toHaveProperty('paid_by');
  });
});

describe('a receipt without items, in the payload', () => {
  const body = (sharing: SharingValues) =>
    withSharing<ManualReceiptBody>({ store: 'S', date: '2026-11-20', amount: 40 }, form({ amount: '40.00', sharing })).shared_expenses;
  it('is evenly among everyone (empty), by portions, or exact amounts', () => {
    expect(body(shared())).toEqual([]);
    expect(body(shared({ split: 'portions', portions: { [ME._id]: '3', [BEN._id]: '1', [MIA._id]: '0' } }))).toEqual([
      { member_id: ME._id, portions: 3 },
      { member_id: BEN._id, portions: 1 },
    ]);
    expect(body(shared({ split: 'exact', amounts: { [ME._id]: '30.50', [BEN._id]: '9.50', [MIA._id]: '' } }))).toEqual([
      { member_id: ME._id, amount: 30.5 },
      { member_id: BEN._id, amount: 9.5 },
    ]);
  });
});

describe('the live shares, by the split the server uses', () => {
  it('spreads the tax in proportion to each member’s items, to the cent', () => {
    const values = form({
      amount: '16.50',
      tax: '1.50',
      items: [row('a', 'Wine', '10.00'), row('b', 'Bread', '2.50', '2')],
      sharing: shared({
        items: { a: { mode: 'one', member: ME._id, portions: {} }, b: { mode: 'several', member: '', portions: { [ME._id]: '1', [BEN._id]: '1' } } },
      }),
    });
    // Me: 10.00 + 2.50 = 12.50 of 15.00 in items; Ben 2.50. The tax 1.50 goes 1.25 / 0.25.
    expect(liveShares(values, IDS)).toEqual({
      ok: true,
      shares: [
        { member: ME._id, amount: 1375 },
        { member: BEN._id, amount: 275 },
        { member: MIA._id, amount: 0 },
      ].sort((x, y) => (x.member < y.member ? -1 : 1)),
    });
  });

  it('spreads a tip or discount the items and tax do not explain the same way, and hands out the odd cent', () => {
    const values = form({ amount: '10.00', items: [row('a', 'Pizza', '9.00')], sharing: shared() });
    const outcome = liveShares(values, IDS);
    expect(outcome).toMatchObject({ ok: true });
    const amounts = outcome!.ok ? outcome!.shares.map((s) => s.amount) : [];
    expect(amounts.reduce((s, a) => s + a, 0)).toBe(1000);
    expect([...amounts].sort()).toEqual([333, 333, 334]);
  });

  it('waits for an amount it can read', () => {
    expect(liveShares(form({ amount: '12.3x', sharing: shared() }), IDS)).toBeNull();
    expect(liveShares(form({ amount: '12.30' }), IDS)).toBeNull();
  });
});

describe('the form’s own checks', () => {
  it('says how far exact amounts are from the total', () => {
    const values = form({ amount: '40.00', sharing: shared({ split: 'exact', amounts: { [ME._id]: '30.00', [BEN._id]: '7.50' } }) });
    expect(exactGap(values)).toBe('The amounts add up to $37.50: $2.50 less than the total of $40.00.');
    expect(validateSharing(values, MEMBERS)).toEqual({ split: exactGap(values) });
    const over = form({ amount: '40.00', sharing: shared({ split: 'exact', amounts: { [ME._id]: '45.00' } }) });
    expect(exactGap(over)).toBe('The amounts add up to $45.00: $5.00 more than the total of $40.00.');
    expect(exactGap(form({ amount: '40.00', sharing: shared({ split: 'exact', amounts: { [ME._id]: '40' } }) }))).toBeNull();
  });

  it('names the item with no one chosen, bad portions, and a payer from elsewhere', () => {
    const values = form({
      amount: '5.00',
      items: [row('a', 'Tea', '2.00'), row('b', 'Cake', '3.00')],
      sharing: shared({
        paidBy: 'm-stranger',
        items: { a: { mode: 'one', member: '', portions: {} }, b: { mode: 'several', member: '', portions: { [ME._id]: '1.5' } } },
      }),
    });
    expect(validateSharing(values, MEMBERS)).toEqual({
      paidBy: 'Choose who paid from the household.',
      items: { a: 'Choose who this item is for.', b: 'Portions are whole numbers from 0 to 100.' },
    });
    const nobody = form({ amount: '5.00', sharing: shared({ split: 'portions', portions: { [ME._id]: '0' } }) });
    expect(validateSharing(nobody, MEMBERS)).toEqual({ split: 'Give at least one person a portion.' });
  });

  it('checks nothing of a receipt that is not shared', () => {
    expect(validateSharing(form({ amount: 'x', sharing: privateSharing() }), MEMBERS)).toEqual({});
  });
});

describe('an edit form opened on a shared receipt', () => {
  const receipt = (fields: Partial<Receipt>): Receipt =>
    receiptOf({ amount: 40, is_shared: true, household_id: 'h1', paid_by: BEN._id, shared_expenses: [], ...fields });
  const share = (member_id: string, amount: number) => ({
    member_id,
    display_name: member_id,
    amount,
    currency: 'USD',
    home_currency: 'USD',
    home_amount: amount,
  });

  it('shows who each item is for', () => {
    const values = receiptFormValues(
      receipt({
        items: [
          { name: 'Wine', price: 30, quantity: 1, assigned_to: BEN._id, shared_with: [] },
          { name: 'Bread', price: 6, quantity: 1, assigned_to: null, shared_with: [ME._id, { member_id: BEN._id, portions: 2 }] },
          { name: 'Salt', price: 4, quantity: 1, assigned_to: null, shared_with: [] },
        ],
      }),
    );
    const [wine, bread, salt] = values.items.map((i) => values.sharing!.items[i.key]);
    expect(values.sharing).toMatchObject({ householdId: 'h1', sharedBefore: 'h1', paidBy: BEN._id });
    expect(wine).toEqual({ mode: 'one', member: BEN._id, portions: {} });
    expect(bread).toEqual({ mode: 'several', member: '', portions: { [ME._id]: '1', [BEN._id]: '2' } });
    expect(salt.mode).toBe('everyone');
    // Saved again as it is, it sends the same targets back.
    expect(toReceiptBody(values, 'USD').items!.map((i) => i.shared_with)).toEqual([[], [ME._id, { member_id: BEN._id, portions: 2 }], []]);
  });

  it('shows an even split as even, and any other as the exact amounts', () => {
    const even = receipt({ amount: 40.01, shared_expenses: [share(ME._id, 13.34), share(BEN._id, 13.34), share(MIA._id, 13.33)] });
    expect(sharingFromReceipt(even, [])).toMatchObject({ split: 'evenly' });
    const uneven = receipt({ shared_expenses: [share(ME._id, 30), share(BEN._id, 10), share(MIA._id, 0)] });
    expect(sharingFromReceipt(uneven, [])).toMatchObject({ split: 'exact', amounts: { [ME._id]: '30.00', [BEN._id]: '10.00' } });
  });

  it('has no sharing for a receipt that is not shared', () => {
    expect(receiptFormValues(receipt({ is_shared: undefined, household_id: undefined }))).not.toHaveProperty('sharing');
  });
});

describe("a refused save's message, next to its field", () => {
  const values = form({ amount: '5', items: [row('a', 'Tea', '2'), row('b', 'Cake', '3')], sharing: shared() });
  it.each([
    ['Failed to save receipt: paid_by: m-x is not a member of this household.', { paidBy: 'paid_by: m-x is not a member of this household.' }],
    [
      'Failed to save receipt: items.1: give either assigned_to or shared_with, not both',
      { items: { b: 'items.1: give either assigned_to or shared_with, not both' } },
    ],
    ['Failed to save receipt: Household not found', { householdId: 'Household not found' }],
    ['Failed to save receipt: m-x is not a member of this household.', { split: 'm-x is not a member of this household.' }],
    ['Failed to save receipt: Store is required', {}],
  ])('%s', (message, expected) => {
    expect(sharingErrorOf(message, values)).toEqual(expected);
  });
});
