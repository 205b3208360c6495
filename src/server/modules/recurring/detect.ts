/**
 * Recurring bills found in a person's receipts: the same store, a similar amount, at a regular
 * interval. Deterministic and explainable: every series names the receipts it is built from,
 * and the same receipts always give the same series.
 *
 * Within one store the receipts are walked in date order; a series starts at a receipt and takes,
 * each step, the receipt nearest the expected date (one interval on, or two where one was
 * skipped) whose amount is the last one's, or once a new price, so a price rise carries on while
 * a second bill of another size at the same store forms a series of its own. A shop visited often
 * (coffee every few days) is not a bill: see standsOut.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { addDays, calendarParts, daysInMonth, type CalendarDate } from '../../../shared/calendar';
import type { RecurringInterval } from '../../../shared/recurring';
import { storeKey } from '../../storeKey';

export interface DatedReceipt {
  id: string;
  store: string;
  date: CalendarDate;
  amountCents: number;
}

export interface FoundSeries {
  storeKey: string;
  /** The store as its latest receipt names it. */
  store: string;
  interval: RecurringInterval;
  /** The latest amount: after a price rise, the new price. */
  amountCents: number;
  /** Oldest first. */
  receiptIds: string[];
  first: CalendarDate;
  last: CalendarDate;
  next: CalendarDate;
}

interface IntervalRule {
  interval: RecurringInterval;
  /** The day number `steps` intervals after the series' first receipt. */
  after: (first: Dated, steps: number) => number;
  /** Days either side of the expected date that still count. */
  slack: number;
  minLength: number;
}

/** Days since 1970-01-01 of a calendar day (month 1–12), by Hinnant's days_from_civil: no Date objects in the hot loop. */
function dayNumber(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The day number of the same day `months` later, or that month's last day where it is shorter (Jan 31 → Feb 28). */
function monthsLater(first: Dated, months: number): number {
  const [y, m, d] = first.parts;
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = (index % 12) + 1;
  return dayNumber(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

/** Longest first: a monthly bill is never taken for a weekly one. */
const RULES: IntervalRule[] = [
  { interval: 'yearly', after: (first, n) => monthsLater(first, 12 * n), slack: 10, minLength: 2 },
  { interval: 'monthly', after: (first, n) => monthsLater(first, n), slack: 4, minLength: 3 },
  { interval: 'weekly', after: (first, n) => first.day + 7 * n, slack: 2, minLength: 4 },
];

/** The same bill again: within a tenth, or half a dollar for small amounts. */
function sameBill(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(50, 0.1 * Math.max(a, b));
}

/** Two receipts are a series only at the very same price (a yearly bill seen twice): anything looser is chance. */
function samePrice(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(5, 0.01 * Math.max(a, b));
}

/** A bill that varies (power, water): within a quarter of what the series has cost on average. */
function nearAverage(amount: number, average: number): boolean {
  return Math.abs(amount - average) <= 0.25 * average;
}

/** Every receipt at the very same price: what a series no longer than its rule's least must show. */
const allSamePrice = (chain: readonly Dated[]) => chain.every((r) => samePrice(r.amountCents, chain[0].amountCents));

/** A new price for the same bill (once per series): within 30%. */
function priceChange(a: number, b: number): boolean {
  return Math.abs(a - b) <= 0.3 * Math.max(a, b);
}

/**
 * A chain at a store where it is less than half of what was bought in its span is kept only when
 * it is long and like receipts would rarely fall in its windows by chance: a shop visited often
 * gives short chains of alike amounts at any interval.
 */
const BILL_SHARE = 0.5;
const CHANCE_LIMIT = 0.1;
const EXTRA_LENGTH_AT_BUSY_STORE = 2;
/** How far past the chance limit the lookalikes a chain walks by may go before the walk stops (see chainFrom). */
const EARLY_CHANCE_FACTOR = 4;

interface Dated extends DatedReceipt {
  /** Days since 1970-01-01. */
  day: number;
  parts: [number, number, number];
}

const EPOCH = '1970-01-01';
const byDateThenId = (a: Dated, b: Dated) => a.day - b.day || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The first index whose day is at least `day` (receipts sorted by day). */
function firstOnOrAfter(receipts: Dated[], day: number): number {
  let lo = 0;
  let hi = receipts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (receipts[mid].day < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Chain {
  receipts: Dated[];
  /** Intervals from the first receipt's date to the last one's. */
  steps: number;
}

/** Like receipts in a chain's span at or past this many would fill its windows by chance (see standsOut). */
const chanceLimit = (spanDays: number, rule: IntervalRule) => (CHANCE_LIMIT * Math.max(1, spanDays)) / (2 * rule.slack + 1);

/**
 * The chain that starts at `receipts[start]` under `rule`, or null once its windows hold so many
 * like receipts it took no part of that it could only be chance: at a shop visited daily every
 * window is full, and walking each chain to its end would cost time squared in the visits.
 */
function chainFrom(receipts: Dated[], taken: Set<string>, start: number, rule: IntervalRule): Chain | null {
  const first = receipts[start];
  const chain: Chain = { receipts: [first], steps: 0 };
  let changedPrice = false;
  let passedOver = 0;
  let total = first.amountCents;
  for (;;) {
    const last = chain.receipts[chain.receipts.length - 1];
    // Bills that vary come monthly or weekly (power, a meal box); a few yearly receipts near an average are chance.
    const average = chain.receipts.length >= 2 && rule.interval !== 'yearly' ? total / chain.receipts.length : null;
    let best: { index: number; daysOff: number; ahead: number; sameBill: boolean } | null = null;
    // The most lookalikes this step may pass over, whichever receipt it takes (the farthest it can
    // reach gives the most room): past it the chain is chance, as the check below would find once
    // the windows were walked, so the walk stops here. A day of thousands of lookalikes (one
    // statement's store) would otherwise be walked whole from each of its receipts.
    const passable = EARLY_CHANCE_FACTOR * chanceLimit(rule.after(first, chain.steps + 2) + rule.slack - first.day, rule) + rule.minLength;
    // One interval on, or two where one was missed; the same amount before a new price.
    for (let ahead = 1; ahead <= 2 && !best?.sameBill; ahead++) {
      const expected = rule.after(first, chain.steps + ahead);
      for (let i = firstOnOrAfter(receipts, expected - rule.slack); i < receipts.length && receipts[i].day <= expected + rule.slack; i++) {
        const r = receipts[i];
        if (r.day <= last.day || taken.has(r.id)) continue;
        const same = sameBill(r.amountCents, last.amountCents) || (average !== null && nearAverage(r.amountCents, average));
        if (!same && (changedPrice || !priceChange(r.amountCents, last.amountCents))) continue;
        const daysOff = Math.abs(r.day - expected);
        if (best && ++passedOver > passable) return null;
        if (!best || (same && !best.sameBill) || (same === best.sameBill && daysOff < best.daysOff)) best = { index: i, daysOff, ahead, sameBill: same };
      }
    }
    if (!best) return chain;
    if (passedOver > EARLY_CHANCE_FACTOR * chanceLimit(receipts[best.index].day - first.day, rule) + rule.minLength) return null;
    chain.receipts.push(receipts[best.index]);
    total += receipts[best.index].amountCents;
    chain.steps += best.ahead;
    changedPrice ||= !best.sameBill;
  }
}

/** Whether a chain stands out from the store's other receipts in its span (see BILL_SHARE). */
function standsOut(receipts: Dated[], chain: Dated[], rule: IntervalRule): boolean {
  const first = chain[0].day;
  const last = chain[chain.length - 1].day;
  const from = firstOnOrAfter(receipts, first);
  const inSpan = firstOnOrAfter(receipts, last + 1) - from;
  if (chain.length >= BILL_SHARE * inSpan) return true;
  if (chain.length < rule.minLength + EXTRA_LENGTH_AT_BUSY_STORE) return false;
  const inChain = new Set(chain.map((r) => r.id));
  // Like receipts in its span at or past this many would fill its windows by chance.
  const limit = chanceLimit(last - first, rule);
  let like = 0;
  for (let i = from; i < from + inSpan && like < limit; i++) {
    const r = receipts[i];
    if (!inChain.has(r.id) && chain.some((c) => priceChange(c.amountCents, r.amountCents))) like++;
  }
  return like < limit;
}

/** Chains tried between two pauses of detection in turns (findRecurringSeriesInTurns): a few milliseconds of work. */
const CHAINS_PER_TURN = 2_000;

/** The series of one store, into `found`; pauses (yields) every CHAINS_PER_TURN chains tried. */
function* seriesOfStore(key: string, receipts: Dated[], found: FoundSeries[]): Generator<void, void> {
  const taken = new Set<string>();
  let tried = 0;
  for (const rule of RULES) {
    for (let start = 0; start < receipts.length; start++) {
      if (taken.has(receipts[start].id)) continue;
      if (++tried % CHAINS_PER_TURN === 0) yield;
      const walked = chainFrom(receipts, taken, start, rule);
      if (!walked) continue;
      const { receipts: chain, steps } = walked;
      // A series no longer than its rule's least is chance unless at one price.
      if (chain.length < rule.minLength || (chain.length === rule.minLength && !allSamePrice(chain)) || !standsOut(receipts, chain, rule)) continue;
      for (const r of chain) taken.add(r.id);
      const last = chain[chain.length - 1];
      found.push({
        storeKey: key,
        store: last.store,
        interval: rule.interval,
        amountCents: last.amountCents,
        receiptIds: chain.map((r) => r.id),
        first: chain[0].date,
        last: last.date,
        next: addDays(EPOCH, rule.after(chain[0], steps + 1)),
      });
    }
  }
}

/** `work` of each text asked for worked out once. */
function remembered<T>(work: (text: string) => T): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined) known.set(text, (value = work(text)));
    return value;
  };
}

/** Detection as steps that pause now and then (see seriesOfStore); its value, every series. */
function* detection(receipts: readonly DatedReceipt[]): Generator<void, FoundSeries[]> {
  const byStore = new Map<string, Dated[]>();
  // A store's receipts repeat a few names and days: each is worked out once (a statement's 49,000 rows name one).
  const keyOf = remembered(storeKey);
  const dayOf = remembered((date: CalendarDate) => {
    const parts = calendarParts(date);
    return { parts, day: dayNumber(...parts) };
  });
  for (const r of receipts) {
    const key = keyOf(r.store);
    if (!key || r.amountCents <= 0) continue;
    const { parts, day } = dayOf(r.date);
    // Named, not spread: a spread copies generically, a tenth of detection at a busy store.
    const dated: Dated = { id: r.id, store: r.store, date: r.date, amountCents: r.amountCents, parts, day };
    const list = byStore.get(key);
    if (list) list.push(dated);
    else byStore.set(key, [dated]);
  }
  const found: FoundSeries[] = [];
  for (const key of [...byStore.keys()].sort()) {
    const ofStore: FoundSeries[] = [];
    yield* seriesOfStore(key, byStore.get(key)!.sort(byDateThenId), ofStore);
    found.push(...ofStore.sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0)));
  }
  return found;
}

/** Every series in a person's receipts, ordered by store and then first date. */
export function findRecurringSeries(receipts: readonly DatedReceipt[]): FoundSeries[] {
  const steps = detection(receipts);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same series as findRecurringSeries, with a turn of the event loop for others' requests every
 * few milliseconds: a store of 49,000 receipts (one statement's) takes hundreds, and a receipt
 * write detects its store again.
 */
export async function findRecurringSeriesInTurns(receipts: readonly DatedReceipt[]): Promise<FoundSeries[]> {
  const steps = detection(receipts);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}
