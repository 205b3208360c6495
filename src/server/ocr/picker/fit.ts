/**
 * Fitting the picker's weights: a conditional logit (softmax over each receipt's candidates),
 * maximising the share of the right candidates, with an L2 penalty that keeps weights small
 * where the train sets say little. Full-batch gradient descent from zero: the same data gives
 * the same weights.
 */
import { linearScore, type Features, type Weights } from './model';

export interface TrainingGroup {
  candidates: Features[];
  /** Indexes of the candidates that are right (several can carry the same value). */
  gold: number[];
}

export interface FitOptions {
  iterations?: number;
  learningRate?: number;
  l2?: number;
}

/**
 * The L2 penalty the picker is fitted with: chosen by five-fold cross-validation on the train
 * sets (`npm run train:scan -- --cv` prints the comparison).
 */
export const L2 = 0.001;

export function fitWeights(groups: TrainingGroup[], opts: FitOptions = {}): Weights {
  const iterations = opts.iterations ?? 3000;
  const lr = opts.learningRate ?? 0.5;
  const l2 = opts.l2 ?? L2;
  const usable = groups.filter((g) => g.gold.length > 0 && g.candidates.length > 1);
  const names = [...new Set(usable.flatMap((g) => g.candidates.flatMap((c) => Object.keys(c))))].sort();
  const w: Weights = Object.fromEntries(names.map((n) => [n, 0]));
  // Adam keeps features of very different spread moving at similar speed.
  const m: Weights = Object.fromEntries(names.map((n) => [n, 0]));
  const v: Weights = Object.fromEntries(names.map((n) => [n, 0]));
  for (let it = 1; it <= iterations; it++) {
    const grad: Weights = Object.fromEntries(names.map((n) => [n, l2 * w[n]]));
    for (const g of usable) {
      const scores = g.candidates.map((c) => linearScore(w, c));
      const top = Math.max(...scores);
      const e = scores.map((s) => Math.exp(s - top));
      const z = e.reduce((a, b) => a + b, 0);
      const zg = g.gold.reduce((a, i) => a + e[i], 0);
      const gold = new Set(g.gold);
      g.candidates.forEach((c, i) => {
        const diff = e[i] / z - (gold.has(i) ? e[i] / zg : 0);
        for (const k in c) grad[k] += (diff * c[k]) / usable.length;
      });
    }
    for (const n of names) {
      m[n] = 0.9 * m[n] + 0.1 * grad[n];
      v[n] = 0.999 * v[n] + 0.001 * grad[n] * grad[n];
      const mh = m[n] / (1 - 0.9 ** it);
      const vh = v[n] / (1 - 0.999 ** it);
      w[n] -= (lr * 0.1 * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  return Object.fromEntries(names.map((n) => [n, Math.round(w[n] * 1e4) / 1e4]));
}

/** For each group, whether its best real candidate (the "none" option last, never picked) is right. */
function picksRight(weights: Weights, groups: TrainingGroup[]): boolean[] {
  return groups.map((g) => {
    const real = g.candidates.slice(0, -1);
    if (!real.length) return false;
    const scores = real.map((c) => linearScore(weights, c));
    return g.gold.includes(scores.indexOf(Math.max(...scores)));
  });
}

/**
 * K-fold cross-validation with a given L2 penalty: for each group, whether the weights fitted
 * without its fold pick it right. With `keys` (each group's store), all of a store's receipts
 * share a fold, so each is judged by weights that never saw that store, as a new store's
 * receipt is; without, folds go by position. The same data gives the same answer; the trainer
 * reads it per dataset, the honest figure where a dev set is small.
 */
export function crossValidatedPicks(groups: TrainingGroup[], l2: number, folds = 5, keys?: string[]): boolean[] {
  const distinct = keys ? [...new Set(keys)].sort() : [];
  const fold = groups.map((_, i) => (keys ? distinct.indexOf(keys[i]) : i) % folds);
  const right: boolean[] = new Array(groups.length).fill(false);
  for (let k = 0; k < folds; k++) {
    const held = groups.flatMap((_, i) => (fold[i] === k ? [i] : []));
    const weights = fitWeights(
      groups.filter((_, i) => fold[i] !== k),
      { l2 },
    );
    picksRight(
      weights,
      held.map((i) => groups[i]),
    ).forEach((ok, n) => (right[held[n]] = ok));
  }
  return right;
}
