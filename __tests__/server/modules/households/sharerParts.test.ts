import fc from 'fast-check';
import { countedParts, shareCategories } from '../../../../src/server/modules/households/counting';
import type { CountingRow, ShareWithAccount } from '../../../../src/server/modules/households/repository';
import { countedItems } from '../../../../src/shared/itemCounting';
import { lineOf, splitReceipt, type SplitFor } from '../../../../src/shared/split';

/**
 * What a shared receipt takes off its sharer's categories and counts in the other members'
 * (counting.ts), for any items, item categories, split and tax: from the stored rows straight to
 * the parts, no database.
 */
const MEMBERS = ['m-ana', 'm-ben', 'm-mia'];
const USERS: Record<string, string | null> = { 'm-ana': 'u-ana', 'm-ben': 'u-ben', 'm-mia': null };
const CATEGORIES = ['c-food', 'c-home', 'c-fun'];
const NAMES: Record<string, string> = { 'c-food': 'Food', 'c-home': 'Home', 'c-fun': 'Fun' };
/** A member's own category of a name: theirs, as memberCategory finds it. */
const theirs = async (userId: string, name: string | null) => `${userId}:${name}`;

const target = fc.oneof(
  fc.constant<SplitFor>({ kind: 'everyone' }),
  fc.constantFrom(...MEMBERS).map((member): SplitFor => ({ kind: 'one', member })),
  fc
    .uniqueArray(fc.tuple(fc.constantFrom(...MEMBERS), fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 3, selector: ([m]) => m })
    .map((pairs): SplitFor => ({ kind: 'portions', portions: Object.fromEntries(pairs) })),
);
/** Whether an item's `for` gives the member a part of it. */
const counts = (target: SplitFor, member: string) =>
  target.kind === 'everyone' || (target.kind === 'one' ? target.member === member : member in target.portions);

const item = fc.record({
  price_cents: fc.integer({ min: 1, max: 50_000 }),
  quantity: fc.integer({ min: 1, max: 3 }),
  category_id: fc.option(fc.constantFrom(...CATEGORIES), { nil: null }),
  for: target,
});

it('keeps each category the sharer counts in between nothing and what its items count, and counts the others’ shares where their items count', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(item, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 5_000 }), async (items, tax) => {
      const total = items.reduce((s, i) => s + lineOf({ price: i.price_cents, quantity: i.quantity }), 0) + tax;
      const outcome = splitReceipt({ members: MEMBERS, total, items: items.map((i) => ({ price: i.price_cents, quantity: i.quantity, for: i.for })), tax });
      if (!outcome.ok) throw new Error(outcome.message);
      const shares = outcome.shares.map((s): ShareWithAccount => ({
        household_id: 'h',
        member_id: s.member,
        amount_minor: s.amount,
        home_currency: 'USD',
        home_minor: s.amount,
        user_id: USERS[s.member],
      }));
      const row = {
        id: 's',
        date: '2026-11-02',
        currency: 'USD',
        shared_by: 'm-ana',
        kept_category: 'Food',
        owner: 'u-ana',
        amount_cents: String(total),
        printed_minor: total,
        category_id: 'c-food',
        rate: null,
        split: { items: items.map((i) => i.for) },
        category_name: 'Food',
      } as unknown as CountingRow;

      const named = items.map((i) => ({ ...i, category_name: i.category_id && NAMES[i.category_id] }));
      const divided = shareCategories(row, shares, named);
      const parts = await countedParts(row, shares, named, divided, theirs);
      const hers = parts.filter((p) => p.userId === 'u-ana');
      const herShare = outcome.shares.find((s) => s.member === 'm-ana')!.amount;
      expect(hers.reduce((s, p) => s + p.cents, 0)).toBe(herShare - total);

      const counted = countedItems({ printed_minor: total, amount_cents: total, category_id: 'c-food' }, items);
      for (const category of new Set(counted.map((c) => c.categoryId))) {
        const inIt = counted.filter((c) => c.categoryId === category);
        const whole = inIt.reduce((s, c) => s + c.home, 0);
        const kept = whole + hers.filter((p) => p.categoryId === category).reduce((s, p) => s + p.cents, 0);
        expect(kept).toBeGreaterThanOrEqual(0);
        expect(kept).toBeLessThanOrEqual(whole);
        // Items that are hers alone count whole for her, to the cent each.
        const herOwn = items.every((i, n) => counted[n].categoryId !== category || (i.for.kind === 'one' && i.for.member === 'm-ana'));
        if (herOwn) expect(Math.abs(whole - kept)).toBeLessThanOrEqual(inIt.length);
      }
      // Ben's share counts in his categories of the names his items count under, to the cent;
      // Mia has no account and counts nowhere.
      const ben = outcome.shares.find((s) => s.member === 'm-ben')!.amount;
      const bens = parts.filter((p) => p.userId === 'u-ben');
      expect(bens.reduce((s, p) => s + p.cents, 0)).toBe(ben);
      const bensLines = new Set(counted.filter((c, n) => counts(items[n].for, 'm-ben')).map((c) => `u-ben:${NAMES[c.categoryId]}`));
      for (const p of bens) if (bensLines.size) expect(bensLines).toContain(p.categoryId);
      expect(parts.some((p) => p.categoryId.endsWith(':null'))).toBe(false);
      // Every name holds, of all the shares together, what its items count: to the cent where every
      // member has a part of every item, else but for the cents the split rounded a share up by
      // whose member has no part in the category they are short in.
      const everyones = items.every((i) => i.for.kind === 'everyone');
      for (const id of new Set(counted.map((c) => c.categoryId))) {
        const inIt = counted.filter((c) => c.categoryId === id).reduce((s, c) => s + c.printed, 0);
        const shared = divided.filter((d) => d.category === NAMES[id]).reduce((s, d) => s + d.minor, 0);
        if (everyones) expect(shared).toBe(inIt);
        else expect(Math.abs(shared - inIt)).toBeLessThanOrEqual(MEMBERS.length - 1);
      }
    }),
    { numRuns: 3_000, seed: 52 },
  );
});

it('takes everything off the receipt’s category for a receipt without items', async () => {
  const row = {
    id: 's',
    date: '2026-11-02',
    owner: 'u-ana',
    shared_by: 'm-ana',
    amount_cents: '10000',
    printed_minor: 10000,
    category_id: 'c-food',
    split: { byAmount: { kind: 'everyone' } },
    category_name: 'Food',
  } as unknown as CountingRow;
  const shares = [
    { household_id: 'h', member_id: 'm-ana', amount_minor: 7000, home_currency: 'USD', home_minor: 7000, user_id: 'u-ana' },
    { household_id: 'h', member_id: 'm-ben', amount_minor: 3000, home_currency: 'USD', home_minor: 3000, user_id: 'u-ben' },
  ] as ShareWithAccount[];
  expect(await countedParts(row, shares, [], shareCategories(row, shares, []), theirs)).toEqual([
    { userId: 'u-ana', categoryId: 'c-food', day: '2026-11-02', cents: -3000 },
    { userId: 'u-ben', categoryId: 'u-ben:Food', day: '2026-11-02', cents: 3000 },
  ]);
});
