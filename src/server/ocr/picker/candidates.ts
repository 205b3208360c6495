/**
 * What a scan keeps of its candidates, so the API can rank them again with a person's own
 * weights (issue 52): for the store, the date and the total, the best few by the global weights,
 * each with its features (rounded, zeros left out) and the reason it would be given if it won,
 * and which one the scanner picked. A few kilobytes a scan.
 */
import type { ReceiptCandidates } from '../parser';
import { dateWhy, storeWhy, totalWhy, type DateWhy, type StoreWhy, type TotalWhy } from '../parser/reasons';
import { linearScore, rank, WEIGHTS, type Features, type PickedField, type Weights } from './model';

/** Candidates kept per field: the right value is almost always among the global model's best few. */
export const KEPT_CANDIDATES = 15;

export interface PickerOption<T, W> {
  value: T;
  features: Features;
  /** Why this candidate, were it picked. */
  why: W;
}

export interface FieldOptions<T, W> {
  /** The option the scanner picked (the global weights and the receipt's own checks), -1 when it read none. */
  picked: number;
  options: PickerOption<T, W>[];
}

export interface PickerCandidates {
  store: FieldOptions<string, StoreWhy>;
  date: FieldOptions<string, DateWhy>;
  total: FieldOptions<number, TotalWhy>;
}

/** What the scanner picked of each field, by value. */
export interface PickedValues {
  store: string;
  date: string | null;
  total: number | null;
}

/** Three decimals are far finer than any weight tells apart; zeros are what a missing feature means. */
function rounded(features: Features): Features {
  const out: Features = {};
  for (const [name, x] of Object.entries(features)) {
    const r = Math.round(x * 1000) / 1000;
    if (r !== 0) out[name] = r;
  }
  return out;
}

function kept<C extends { value: T; features: Features }, T, W>(weights: Weights, cands: C[], picked: T | null, why: (c: C) => W): FieldOptions<T, W> {
  const order = cands.map((c, i) => ({ i, s: linearScore(weights, c.features) })).sort((a, b) => b.s - a.s || a.i - b.i);
  const chosen = picked === null ? -1 : cands.findIndex((c) => c.value === picked);
  const keep = order.slice(0, KEPT_CANDIDATES).map((o) => o.i);
  // The receipt's own checks can pick beyond the best few: the pick is always kept.
  if (chosen >= 0 && !keep.includes(chosen)) keep.push(chosen);
  return {
    picked: chosen >= 0 ? keep.indexOf(chosen) : -1,
    options: keep.map((i) => ({ value: cands[i].value, features: rounded(cands[i].features), why: why(cands[i]) })),
  };
}

export function keptCandidates(c: ReceiptCandidates, picked: PickedValues): PickerCandidates {
  return {
    store: kept(WEIGHTS.store, c.store, picked.store === '' ? null : picked.store, (s) => storeWhy(s, c.lines)),
    date: kept(WEIGHTS.date, c.date, picked.date, dateWhy),
    total: kept(WEIGHTS.total, c.total, picked.total, (t) => totalWhy(t, c.body)),
  };
}

/** The "none of these" option, as the parser ranks it: it takes its share, never the pick. */
const NONE: Features = { none: 1 };

/**
 * A total that no label names and no sum confirms is a guess, at most an even chance, as the
 * parser says of it (parser/index.ts, totalConfidence).
 */
const UNCONFIRMED_GUESS = 0.5;

/** The option `weights` pick of a field's kept options, and its share (the field's confidence); -1 when there are none. */
export function repick<T, W>(field: PickedField, weights: Weights, kept: FieldOptions<T, W>): { index: number; p: number } {
  const ranked = rank(weights, [...kept.options.map((o, i) => ({ value: i, features: o.features })), { value: -1, features: NONE }]);
  const top = ranked.find((r) => r.value >= 0);
  if (!top) return { index: -1, p: 0 };
  const f = kept.options[top.value].features;
  const guess = field === 'total' && f.unlabelled_only === 1 && !f.votes;
  return { index: top.value, p: guess ? Math.min(top.p, UNCONFIRMED_GUESS) : top.p };
}
