/**
 * The field picker's model: each candidate (a line for the store, an amount for the total, a
 * date) is described by named features, scored by a weighted sum, and the candidates of one
 * receipt compete through a softmax. The winner's share is the field's confidence. Weights are
 * fitted on the train sets by `npm run train:scan` and live in weights.json beside this file.
 */
import fittedWeights from './weights.json';

export type Features = Record<string, number>;
export type Weights = Record<string, number>;
export type PickedField = 'store' | 'total' | 'date';
export type ModelWeights = Record<PickedField, Weights>;

export interface Scored<T> {
  value: T;
  features: Features;
  /** The candidate's softmax share among the receipt's candidates, 0-1. */
  p: number;
}

export const WEIGHTS: ModelWeights = fittedWeights as ModelWeights;

export function linearScore(weights: Weights, features: Features): number {
  let s = weights.bias ?? 0;
  for (const k in features) s += (weights[k] ?? 0) * features[k];
  return s;
}

/** Candidates with their softmax shares, best first. */
export function rank<T>(weights: Weights, candidates: { value: T; features: Features }[]): Scored<T>[] {
  if (!candidates.length) return [];
  const scores = candidates.map((c) => linearScore(weights, c.features));
  const top = Math.max(...scores);
  const exps = scores.map((s) => Math.exp(s - top));
  const sum = exps.reduce((a, b) => a + b, 0);
  return candidates.map((c, i) => ({ value: c.value, features: c.features, p: exps[i] / sum })).sort((a, b) => b.p - a.p);
}
