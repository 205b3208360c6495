import fc from 'fast-check';
import { allocate, splitReceipt, type MemberShare, type SplitFor, type SplitInput, type SplitItem } from '../../../../src/shared/split';

const sharesOf = (input: SplitInput): Record<string, number> => {
  const out = splitReceipt(input);
  if (!out.ok) throw new Error(out.message);
  return Object.fromEntries(out.shares.map((s: MemberShare) => [s.member, s.amount]));
};
const sum = (shares: Record<string, number>) => Object.values(shares).reduce((s, a) => s + a, 0);

describe('splitReceipt by items', () => {
  it('gives each item to whom it is for and spreads tax and tip in proportion', () => {
    // a's items 30.00, b's 10.00, a shared 20.00 half each: a 40, b 20 of 60 lines; tax 6 and tip 3 → 9 in 2:1.
    const shares = sharesOf({
      members: ['a', 'b'],
      total: 6900,
      tax: 600,
      tip: 300,
      items: [
        { price: 1500, quantity: 2, for: { kind: 'one', member: 'a' } },
        { price: 1000, quantity: 1, for: { kind: 'one', member: 'b' } },
        { price: 2000, quantity: 1, for: { kind: 'everyone' } },
      ],
    });
    expect(shares).toEqual({ a: 4600, b: 2300 });
  });

  it('hands the odd cent by largest remainder, ties to the smaller member id', () => {
    expect(sharesOf({ members: ['c', 'b', 'a'], total: 100, items: [{ price: 100, quantity: 1, for: { kind: 'everyone' } }] })).toEqual({
      a: 34,
      b: 33,
      c: 33,
    });
    expect(sharesOf({ members: ['a', 'b'], total: 1000, items: [{ price: 1000, quantity: 1, for: { kind: 'portions', portions: { a: 1, b: 2 } } }] })).toEqual({
      a: 333,
      b: 667,
    });
  });

  it('takes a discount and cash rounding off in proportion, and a member with no items owes nothing', () => {
    const shares = sharesOf({
      members: ['a', 'b', 'c'],
      total: 895,
      discount: 100,
      rounding: -5,
      items: [
        { price: 600, quantity: 1, for: { kind: 'one', member: 'a' } },
        { price: 400, quantity: 1, for: { kind: 'one', member: 'b' } },
      ],
    });
    expect(shares).toEqual({ a: 537, b: 358, c: 0 });
  });

  it('lets a refunded item make a share negative', () => {
    const shares = sharesOf({
      members: ['a', 'b'],
      total: 500,
      items: [
        { price: 1000, quantity: 1, for: { kind: 'one', member: 'a' } },
        { price: -500, quantity: 1, for: { kind: 'one', member: 'b' } },
      ],
    });
    expect(shares).toEqual({ a: 1000, b: -500 });
  });

  it.each<[string, Partial<SplitInput>, string]>([
    ['extras that do not explain the total', { total: 1001 }, 'The items, tax, tip, discount and rounding do not add up to the total.'],
    [
      'an item for someone outside the household',
      { items: [{ price: 1000, quantity: 1, for: { kind: 'one', member: 'z' } }] },
      'z is not a member of this household.',
    ],
    ['portions of zero', { items: [{ price: 1000, quantity: 1, for: { kind: 'portions', portions: { a: 0 } } }] }, 'Portions are whole numbers of at least 1.'],
    ['a fractional cent', { tax: 0.5 }, 'Amounts are whole minor units.'],
    ['a quantity of zero', { items: [{ price: 1000, quantity: 0, for: { kind: 'everyone' } }] }, 'Each item needs a price and a quantity above 0.'],
    ['nobody to split with', { members: [] }, 'A split needs at least one member.'],
  ])('refuses %s', (_what, change, message) => {
    const input: SplitInput = { members: ['a', 'b'], total: 1000, items: [{ price: 1000, quantity: 1, for: { kind: 'everyone' } }], ...change };
    expect(splitReceipt(input)).toEqual({ ok: false, message });
  });
});

describe('splitReceipt by amount', () => {
  it('splits evenly, by portions, or by exact amounts that add up', () => {
    expect(sharesOf({ members: ['a', 'b', 'c'], total: 1000 })).toEqual({ a: 334, b: 333, c: 333 });
    expect(sharesOf({ members: ['a', 'b'], total: 1000, byAmount: { kind: 'portions', portions: { a: 3, b: 1 } } })).toEqual({ a: 750, b: 250 });
    expect(sharesOf({ members: ['a', 'b'], total: 1000, byAmount: { kind: 'exact', amounts: { a: 999, b: 1 } } })).toEqual({ a: 999, b: 1 });
    expect(splitReceipt({ members: ['a', 'b'], total: 1000, byAmount: { kind: 'exact', amounts: { a: 998, b: 1 } } })).toEqual({
      ok: false,
      message: 'The amounts do not add up to the total.',
    });
  });
});

describe('allocate', () => {
  it('never loses a cent on amounts beyond float precision', () => {
    const parts = allocate(
      999_999_999_999_99,
      new Map([
        ['a', 1],
        ['b', 1],
        ['c', 1],
      ]),
    );
    expect([...parts.values()].reduce((s, p) => s + p, 0)).toBe(999_999_999_999_99);
  });
});

/** Random receipts: members, items for one, several or everyone, refunds, tax, tip, discount and rounding. */
const memberIds = fc.uniqueArray(fc.stringMatching(/^[a-f0-9]{1,6}$/), { minLength: 1, maxLength: 8 });

const receipt = memberIds.chain((members) => {
  const target: fc.Arbitrary<SplitFor> = fc.oneof(
    fc.constant<SplitFor>({ kind: 'everyone' }),
    fc.constantFrom(...members).map((member): SplitFor => ({ kind: 'one', member })),
    fc
      .subarray(members, { minLength: 1 })
      .chain((some) =>
        fc
          .tuple(...some.map(() => fc.integer({ min: 1, max: 5 })))
          .map((ps): SplitFor => ({ kind: 'portions', portions: Object.fromEntries(some.map((m, i) => [m, ps[i]])) })),
      ),
  );
  const item = (refunds: boolean): fc.Arbitrary<SplitItem> =>
    fc.record({
      price: refunds ? fc.integer({ min: -50_000, max: 50_000 }) : fc.integer({ min: 0, max: 50_000 }),
      quantity: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constantFrom(0.5, 1.25, 2.333)),
      for: target,
    });
  return fc.boolean().chain((refunds) =>
    fc
      .record({
        items: fc.array(item(refunds), { minLength: 1, maxLength: 15 }),
        tax: fc.integer({ min: 0, max: 10_000 }),
        tip: fc.integer({ min: 0, max: 10_000 }),
        discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
        rounding: fc.integer({ min: -4, max: 4 }),
      })
      .map(({ items, tax, tip, discountShare, rounding }) => {
        const lines = items.reduce((s, i) => s + Math.round(i.price * i.quantity), 0);
        // A discount is at most what was bought, so a receipt without refunds never goes below 0.
        const discount = Math.floor(Math.max(0, lines) * discountShare);
        const roundingKept = lines + tax + tip - discount + rounding < 0 ? 0 : rounding;
        const total = lines + tax + tip - discount + roundingKept;
        return { refunds, input: { members, items, tax, tip, discount, rounding: roundingKept, total } as SplitInput };
      }),
  );
});

describe('splitReceipt over random receipts', () => {
  it('shares always add up to the total, to the cent', () => {
    fc.assert(fc.property(receipt, ({ input }) => sum(sharesOf(input)) === input.total));
  });

  it('no share is negative unless an item is a refund', () => {
    fc.assert(
      fc.property(
        receipt.filter((r) => !r.refunds),
        ({ input }) => Object.values(sharesOf(input)).every((a) => a >= 0),
      ),
    );
  });

  it('the split is the same whatever the item order', () => {
    fc.assert(
      fc.property(receipt, fc.infiniteStream(fc.nat()), ({ input }, keys) => {
        const order = [...input.items!].map((item) => ({ item, key: keys.next().value as number }));
        order.sort((x, y) => x.key - y.key);
        expect(sharesOf({ ...input, items: order.map((o) => o.item) })).toEqual(sharesOf(input));
      }),
    );
  });

  it('evenly and by portions, by amount, add up to any total', () => {
    fc.assert(fc.property(memberIds, fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (members, total) => sum(sharesOf({ members, total })) === total));
  });
});
