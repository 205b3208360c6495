/**
 * Who pays what of a shared receipt, in integer minor units, on both sides: the server when it
 * saves the shares, the form while they change. Pure, no schema library (the client imports it).
 *
 * - Each item's line (price × quantity) is split among the members it is for, by portions.
 * - What the items do not cover (tax, tip, cash rounding, less any discount) is spread in
 *   proportion to what each member's items came to, which is the same as spreading it over the
 *   items in proportion to their lines.
 * - Every division hands out the cents left over by largest remainder, ties to the smaller
 *   member id, so the shares add up to the total to the cent and do not depend on item order.
 */

/** Who an item (or a receipt without items) is for: every member, one, or several by portions (1 each: evenly). */
export type SplitFor = { kind: 'everyone' } | { kind: 'one'; member: string } | { kind: 'portions'; portions: Readonly<Record<string, number>> };

export interface SplitItem {
  /** Minor units per unit; negative for a refund or a returned item. */
  price: number;
  /** Units, may be fractional (1.5 kg); the line is price × quantity rounded to a minor unit. */
  quantity: number;
  for: SplitFor;
}

/** A receipt without items: evenly, by portions, or exact amounts that must add up to the total. */
export type SplitByAmount = SplitFor | { kind: 'exact'; amounts: Readonly<Record<string, number>> };

export interface SplitInput {
  /** The members the split may name; 'everyone' means all of them. */
  members: readonly string[];
  /** What was paid, minor units. */
  total: number;
  /** The receipt's items; none (or empty): split by `byAmount`. */
  items?: readonly SplitItem[];
  byAmount?: SplitByAmount;
  /** Extras, minor units: with items, lines + tax + tip − discount + rounding must be the total. */
  tax?: number;
  tip?: number;
  discount?: number;
  /** Cash rounding (signed): what the till added or took off to reach a payable amount. */
  rounding?: number;
}

export interface MemberShare {
  member: string;
  amount: number;
}

export type SplitOutcome = { ok: true; shares: MemberShare[] } | { ok: false; message: string };

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const isMinor = (n: number) => Number.isSafeInteger(n);

/**
 * `amount` divided in proportion to integer `weights` (any sign, not summing to 0), each part an
 * integer and the parts adding up to `amount`. BigInt, so amount × weight never loses a cent.
 */
export function allocate(amount: number, weights: ReadonlyMap<string, number>): Map<string, number> {
  const ids = [...weights.keys()].sort(byId);
  let total = 0n;
  for (const id of ids) total += BigInt(weights.get(id)!);
  if (total === 0n) throw new Error('allocate: weights add up to nothing');
  const sign = total < 0n ? -1n : 1n;
  const divisor = total * sign;
  const a = BigInt(amount);
  const parts = new Map<string, bigint>();
  const remainders: Array<{ id: string; rest: bigint }> = [];
  let given = 0n;
  for (const id of ids) {
    const numerator = a * BigInt(weights.get(id)!) * sign;
    // Floor division for either sign, so every remainder is in [0, divisor).
    let floor = numerator / divisor;
    if (numerator % divisor !== 0n && numerator < 0n) floor -= 1n;
    parts.set(id, floor);
    remainders.push({ id, rest: numerator - floor * divisor });
    given += floor;
  }
  let left = Number(a - given); // 0 ≤ left < number of weights
  remainders.sort((x, y) => (x.rest === y.rest ? byId(x.id, y.id) : x.rest > y.rest ? -1 : 1));
  for (const { id } of remainders) {
    if (left-- <= 0) break;
    parts.set(id, parts.get(id)! + 1n);
  }
  return new Map(ids.map((id) => [id, Number(parts.get(id)!)]));
}

/** The portions a `for` stands for, or the message saying what is wrong with it. */
function portionsOf(target: SplitFor, members: ReadonlySet<string>): Map<string, number> | string {
  if (target.kind === 'everyone') return new Map([...members].map((m) => [m, 1]));
  if (target.kind === 'one') return members.has(target.member) ? new Map([[target.member, 1]]) : `${target.member} is not a member of this household.`;
  const entries = Object.entries(target.portions);
  if (entries.length === 0) return 'Choose at least one member.';
  for (const [member, portion] of entries) {
    if (!members.has(member)) return `${member} is not a member of this household.`;
    if (!Number.isSafeInteger(portion) || portion < 1) return 'Portions are whole numbers of at least 1.';
  }
  return new Map(entries);
}

const done = (parts: ReadonlyMap<string, number>, members: ReadonlySet<string>): SplitOutcome => {
  const shares = [...members].sort(byId).map((member) => ({ member, amount: parts.get(member) ?? 0 }));
  return { ok: true, shares };
};

/** Each member's share of a receipt; every share is integer minor units and they add up to `total`. */
export function splitReceipt(input: SplitInput): SplitOutcome {
  const members = new Set(input.members);
  if (members.size === 0) return { ok: false, message: 'A split needs at least one member.' };
  const extras = [input.tax ?? 0, input.tip ?? 0, -(input.discount ?? 0), input.rounding ?? 0];
  if (![input.total, ...extras].every(isMinor)) return { ok: false, message: 'Amounts are whole minor units.' };
  const items = input.items ?? [];
  if (items.length === 0) return splitByAmount(input.total, input.byAmount ?? { kind: 'everyone' }, members);

  // Each line split among its members; base: what each member's items came to.
  const base = new Map<string, number>();
  let lines = 0;
  for (const item of items) {
    if (!isMinor(item.price) || !Number.isFinite(item.quantity) || item.quantity <= 0)
      return { ok: false, message: 'Each item needs a price and a quantity above 0.' };
    const line = lineOf(item);
    if (!isMinor(line)) return { ok: false, message: 'An item is too large to split.' };
    const portions = portionsOf(item.for, members);
    if (typeof portions === 'string') return { ok: false, message: portions };
    lines += line;
    for (const [member, part] of allocate(line, portions)) base.set(member, (base.get(member) ?? 0) + part);
  }
  const explained = lines + extras.reduce((s, e) => s + e, 0);
  if (explained !== input.total) return { ok: false, message: 'The items, tax, tip, discount and rounding do not add up to the total.' };
  return done(spreadOverLines(input.total, base), members);
}

/** An item's line, price × quantity rounded to a minor unit. */
export const lineOf = (item: { price: number; quantity: number }) => Math.round(item.price * item.quantity);

/**
 * What each item's line gives `member`, in the items' order: the same division splitReceipt
 * makes of each line (0 where the item is not theirs, or names someone no longer a member).
 */
export function memberLineParts(member: string, items: readonly SplitItem[], members: readonly string[]): number[] {
  const all = new Set(members);
  return items.map((item) => {
    const portions = portionsOf(item.for, all);
    return typeof portions === 'string' || !portions.has(member) ? 0 : allocate(lineOf(item), portions).get(member)!;
  });
}

/**
 * `total` divided among groups (members, or an item's categories) that each hold `lines`: each
 * gets its lines plus the rest (tax, tip, rounding, less discounts) in proportion to them, to the
 * minor unit. With nothing to be in proportion to (no lines, or refunds cancelling purchases),
 * the rest goes evenly among the groups.
 */
export function spreadOverLines(total: number, lines: ReadonlyMap<string, number>): Map<string, number> {
  const parts = new Map(lines);
  const sum = [...lines.values()].reduce((s, l) => s + l, 0);
  const rest = total - sum;
  if (rest === 0) return parts;
  const weights = sum === 0 ? new Map([...lines.keys()].map((m) => [m, 1])) : lines;
  for (const [group, part] of allocate(rest, weights)) parts.set(group, (parts.get(group) ?? 0) + part);
  return parts;
}

function splitByAmount(total: number, by: SplitByAmount, members: ReadonlySet<string>): SplitOutcome {
  if (by.kind !== 'exact') {
    const portions = portionsOf(by, members);
    if (typeof portions === 'string') return { ok: false, message: portions };
    return done(allocate(total, portions), members);
  }
  const amounts = new Map(Object.entries(by.amounts));
  for (const [member, amount] of amounts) {
    if (!members.has(member)) return { ok: false, message: `${member} is not a member of this household.` };
    if (!isMinor(amount)) return { ok: false, message: 'Amounts are whole minor units.' };
    if (Math.sign(amount) === -Math.sign(total)) return { ok: false, message: 'An amount cannot go against the total.' };
  }
  const sum = [...amounts.values()].reduce((s, a) => s + a, 0);
  if (sum !== total) return { ok: false, message: 'The amounts do not add up to the total.' };
  return done(amounts, members);
}
