import fc from 'fast-check';
import { itemParts, type CountedItem } from '../../../../src/server/modules/receipts/itemCounts';
import { splitReceipt, spreadOverLines } from '../../../../src/shared/split';

const OWN = 'receipt-category';
const byCategory = (amount: number, parts: ReturnType<typeof itemParts>): Map<string, number> => {
  const counted = new Map([[OWN, amount]]);
  for (const p of parts) counted.set(p.categoryId, (counted.get(p.categoryId) ?? 0) + p.cents);
  return counted;
};
const total = (m: ReadonlyMap<string, number>) => [...m.values()].reduce((s, v) => s + v, 0);

describe('itemParts', () => {
  it('spreads tax over three categories in proportion, to the cent', () => {
    // Lines 20.00, 10.00 and 24.00; 6.00 of tax: 2.22, 1.11 and 2.67 (the odd cent to the largest remainder).
    const items: CountedItem[] = [
      { price_cents: 1000, quantity: 2, category_id: null },
      { price_cents: 1000, quantity: 1, category_id: 'home' },
      { price_cents: 800, quantity: 3, category_id: 'gifts' },
    ];
    const parts = itemParts({ printed_minor: 6000, amount_cents: 6000, category_id: OWN }, items);
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

  const categories = fc.constantFrom<string | null>(null, OWN, 'a', 'b', 'c');
  const item = fc.record({ price_cents: fc.integer({ min: -50_000, max: 500_000 }), quantity: fc.constantFrom(1, 2, 3, 0.5, 1.25), category_id: categories });

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
