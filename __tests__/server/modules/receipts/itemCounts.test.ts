import fc from 'fast-check';
import { itemParts } from '../../../../src/server/modules/receipts/itemCounts';
import { countedItems, type CountedItem } from '../../../../src/shared/itemCounting';
import { splitReceipt, spreadOverLines } from '../../../../src/shared/split';

const OWN = 'receipt-category';
const byCategory = (amount: number, parts: ReturnType<typeof itemParts>): Map<string, number> => {
  const counted = new Map([[OWN, amount]]);
  for (const p of parts) counted.set(p.categoryId, (counted.get(p.categoryId) ?? 0) + p.cents);
  return counted;
};
const total = (m: ReadonlyMap<string, number>) => [...m.values()].reduce((s, v) => s + v, 0);
/** Lines 20.00 in the receipt's category, 10.00 in 'home' and 24.00 in 'gifts'. */
const GROCERIES: CountedItem[] = [
  { price_cents: 1000, quantity: 2, category_id: null },
  { price_cents: 1000, quantity: 1, category_id: 'home' },
  { price_cents: 800, quantity: 3, category_id: 'gifts' },
];
const categories = fc.constantFrom<string | null>(null, OWN, 'a', 'b', 'c');
const item = fc.record({ price_cents: fc.integer({ min: -50_000, max: 500_000 }), quantity: fc.constantFrom(1, 2, 3, 0.5, 1.25), category_id: categories });

describe('itemParts', () => {
  it('spreads tax over three categories in proportion, to the cent', () => {
    // Lines 20.00, 10.00 and 24.00; 6.00 of tax: 2.22, 1.11 and 2.67 (the odd cent to the largest remainder).
    const parts = itemParts({ printed_minor: 6000, amount_cents: 6000, category_id: OWN }, GROCERIES);
    expect(parts).toEqual([
      { categoryId: 'gifts', cents: 2667 },
      { categoryId: 'home', cents: 1111 },
      { categoryId: OWN, cents: -3778 },
    ]);
  });

  it('counts as before when every item is in the receipt category or nothing is there to be in proportion to', () => {
    const receipt = { printed_minor: 500, amount_cents: 500, category_id: OWN };
    expect(itemParts(receipt, [])).toEqual([]);
    expect(itemParts(receipt, [{ price_cents: 500, quantity: 1, category_id: OWN }])).toEqual([]);
    expect(itemParts(receipt, [{ price_cents: 500, quantity: 1, category_id: null }])).toEqual([]);
    // A purchase and its refund cancel: the lines are nothing.
    const cancelling = [
      { price_cents: 500, quantity: 1, category_id: 'a' },
      { price_cents: -500, quantity: 1, category_id: 'b' },
    ];
    expect(itemParts(receipt, cancelling)).toEqual([]);
  });

  it('values a receipt in another currency in the home currency by the same allocation', () => {
    // ¥1,000 counted as 6.67 at home: items ¥600 and ¥400 → 4.00 and 2.67 (largest remainder).
    const parts = itemParts({ printed_minor: 1000, amount_cents: 667, category_id: OWN }, [
      { price_cents: 600, quantity: 1, category_id: 'a' },
      { price_cents: 400, quantity: 1, category_id: 'b' },
    ]);
    expect(byCategory(667, parts)).toEqual(
      new Map([
        [OWN, 0],
        ['a', 400],
        ['b', 267],
      ]),
    );
  });

  it('adds up to the receipt in any currency: items + tax + tip − discount + rounding = total', () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: -99, max: 99 }),
        fc.integer({ min: 1, max: 10_000 }), // home hundredths per 1,000 minor units of the receipt's currency
        (items, tax, tip, discount, rounding, rate) => {
          const lines = items.reduce((s, i) => s + Math.round(i.price_cents * i.quantity), 0);
          const printed = lines + tax + tip - discount + rounding;
          const home = Math.round((printed * rate) / 1000);
          const parts = itemParts({ printed_minor: printed, amount_cents: home, category_id: OWN }, items);
          expect(parts.every((p) => Number.isSafeInteger(p.cents) && p.cents !== 0)).toBe(true);
          expect(parts.reduce((s, p) => s + p.cents, 0)).toBe(0);
          expect(total(byCategory(home, parts))).toBe(home);
        },
      ),
    );
  });

  it('counts each category exactly what households would share out to it', () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        (items, tax, tip) => {
          const lines = items.reduce((s, i) => s + Math.round(i.price_cents * i.quantity), 0);
          const printed = lines + tax + tip;
          fc.pre(lines !== 0 && printed !== 0);
          const members = [OWN, 'a', 'b', 'c'];
          const split = splitReceipt({
            members,
            total: printed,
            tax,
            tip,
            items: items.map((i) => ({ price: i.price_cents, quantity: i.quantity, for: { kind: 'one', member: i.category_id ?? OWN } })),
          });
          if (!split.ok) throw new Error(split.message);
          const counted = byCategory(printed, itemParts({ printed_minor: printed, amount_cents: printed, category_id: OWN }, items));
          for (const share of split.shares) expect(counted.get(share.member) ?? 0).toBe(share.amount);
        },
      ),
    );
  });
});

describe('countedItems', () => {
  it('divides each category among its items, the tax with it, to the cent', () => {
    // Food's 22.22 (see itemParts) over Bread 20.00 and Milk 0.00; the others one item each.
    const items = [...GROCERIES, { price_cents: 0, quantity: 1, category_id: OWN }];
    expect(countedItems({ printed_minor: 6000, amount_cents: 6000, category_id: OWN }, items)).toEqual([
      { categoryId: OWN, printed: 2222, home: 2222 },
      { categoryId: 'home', printed: 1111, home: 1111 },
      { categoryId: 'gifts', printed: 2667, home: 2667 },
      { categoryId: OWN, printed: 0, home: 0 },
    ]);
  });

  it('counts every item in the receipt’s category where the receipt counts whole', () => {
    const cancelling = [
      { price_cents: 500, quantity: 1, category_id: 'a' },
      { price_cents: -500, quantity: 1, category_id: 'b' },
    ];
    expect(countedItems({ printed_minor: 100, amount_cents: 80, category_id: OWN }, cancelling)).toEqual([
      { categoryId: OWN, printed: 550, home: 440 },
      { categoryId: OWN, printed: -450, home: -360 },
    ]);
    expect(countedItems({ printed_minor: 100, amount_cents: 80, category_id: OWN }, [])).toEqual([]);
  });

  it('adds up per category to what itemParts counts, and in all to the receipt', () => {
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: -100_000, max: 100_000 }), // tax, tip, rounding, less discounts
        fc.integer({ min: 1, max: 10_000 }),
        (items, rest, rate) => {
          const printed = items.reduce((s, i) => s + Math.round(i.price_cents * i.quantity), 0) + rest;
          // || 0: Math.round gives -0 for a tiny refund, which no stored amount is.
          const home = Math.round((printed * rate) / 1000) || 0;
          const receipt = { printed_minor: printed, amount_cents: home, category_id: OWN };
          const lines = countedItems(receipt, items);
          expect(lines).toHaveLength(items.length);
          expect(lines.every((l) => Number.isSafeInteger(l.printed) && Number.isSafeInteger(l.home))).toBe(true);
          expect(lines.reduce((s, l) => s + l.printed, 0)).toBe(printed);
          const counted = new Map<string, number>();
          for (const l of lines) counted.set(l.categoryId, (counted.get(l.categoryId) ?? 0) + l.home);
          const expected = byCategory(home, itemParts(receipt, items));
          for (const [categoryId, cents] of expected) expect(counted.get(categoryId) ?? 0).toBe(cents);
          expect(total(counted)).toBe(home);
          lines.forEach((l, i) => expect([OWN, items[i].category_id ?? OWN]).toContain(l.categoryId));
        },
      ),
    );
  });
});

describe('spreadOverLines', () => {
  it('gives each group its lines plus its part of the rest, and the rest evenly when the lines are nothing', () => {
    expect(
      spreadOverLines(
        1000,
        new Map([
          ['x', 600],
          ['y', 300],
        ]),
      ),
    ).toEqual(
      new Map([
        ['x', 667],
        ['y', 333],
      ]),
    );
    expect(
      spreadOverLines(
        101,
        new Map([
          ['x', 0],
          ['y', 0],
        ]),
      ),
    ).toEqual(
      new Map([
        ['x', 51],
        ['y', 50],
      ]),
    );
  });
});
