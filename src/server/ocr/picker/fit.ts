/**
 * Fitting the picker's weights: a conditional logit (softmax over each receipt's candidates),
 * maximising the share of the right candidates, with an L2 penalty that keeps weights small
 * where the train sets say little. Full-batch gradient descent from zero (or from a prior, for a
 * person's own weights): the same data gives the same weights.
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
  /**
   * Fit around these weights instead of zero (a person's own fit around the global weights):
   * the loss is then the summed log-loss of the groups + l2·||w − prior||², so a handful of
   * receipts moves the weights a little and many move them further. Without it, today's fit:
   * the mean log-loss + l2/2·||w||², from zero.
   */
  prior?: Weights;
}

/**
 * The L2 penalty the picker is fitted with: chosen by five-fold cross-validation on the train
 * sets (`npm run train:scan -- --cv` prints the comparison).
 */
export const L2 = 0.001;

export function fitWeights(groups: TrainingGroup[], opts: FitOptions = {}): Weights {
  const steps = fitting(groups, opts);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * fitWeights giving other work on the event loop a turn every `sliceMs` (a person's refit runs
 * in the API process): the same weights, however it is sliced.
 */
export async function fitWeightsInTurns(groups: TrainingGroup[], opts: FitOptions = {}, sliceMs = 10): Promise<Weights> {
  const steps = fitting(groups, opts);
  let until = performance.now() + sliceMs;
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() > until) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      until = performance.now() + sliceMs;
    }
  }
}

/** The fit, one iteration a step. */
function* fitting(groups: TrainingGroup[], opts: FitOptions): Generator<void, Weights> {
  const iterations = opts.iterations ?? 3000;
  const lr = opts.learningRate ?? 0.5;
  const l2 = opts.l2 ?? L2;
  const prior = opts.prior;
  const usable = groups.filter((g) => g.gold.length > 0 && g.candidates.length > 1);
  const names = [...new Set([...Object.keys(prior ?? {}), ...usable.flatMap((g) => g.candidates.flatMap((c) => Object.keys(c)))])].sort();
  const data = packed(usable, names);
  const d = names.length;
  const centre = Float64Array.from(names, (name) => prior?.[name] ?? 0);
  // From the prior (or zero): with nothing to learn from, the fit is the prior itself.
  const w = Float64Array.from(centre);
  // Adam keeps features of very different spread moving at similar speed.
  const m = new Float64Array(d);
  const v = new Float64Array(d);
  const grad = new Float64Array(d);
  const e = new Float64Array(data.maxCandidates);
  const n = usable.length;
  // Summed around a prior (evidence grows with the data), averaged otherwise.
  const scale = prior ? 1 : n;
  const pull = prior ? 2 * l2 : l2;
  for (let it = 1; it <= iterations; it++) {
    for (let j = 0; j < d; j++) grad[j] = pull * (w[j] - centre[j]);
    for (let g = 0; g < n; g++) {
      const first = data.groupStart[g];
      const count = data.groupStart[g + 1] - first;
      let top = -Infinity;
      for (let i = 0; i < count; i++) {
        let s = 0;
        for (let k = data.rowStart[first + i]; k < data.rowStart[first + i + 1]; k++) s += w[data.feature[k]] * data.value[k];
        e[i] = s;
        if (s > top) top = s;
      }
      let z = 0;
      let zg = 0;
      for (let i = 0; i < count; i++) {
        e[i] = Math.exp(e[i] - top);
        z += e[i];
      }
      for (const i of usable[g].gold) zg += e[i];
      for (let i = 0; i < count; i++) {
        const diff = e[i] / z - (data.gold[first + i] ? e[i] / zg : 0);
        for (let k = data.rowStart[first + i]; k < data.rowStart[first + i + 1]; k++) grad[data.feature[k]] += (diff * data.value[k]) / scale;
      }
    }
    for (let j = 0; j < d; j++) {
      m[j] = 0.9 * m[j] + 0.1 * grad[j];
      v[j] = 0.999 * v[j] + 0.001 * grad[j] * grad[j];
      const mh = m[j] / (1 - 0.9 ** it);
      const vh = v[j] / (1 - 0.999 ** it);
      w[j] -= (lr * 0.1 * mh) / (Math.sqrt(vh) + 1e-8);
    }
    yield;
  }
  return Object.fromEntries(names.map((name, j) => [name, Math.round(w[j] * 1e4) / 1e4]));
}

/** The groups' candidates as flat arrays of (feature index, value): the fit runs thousands of passes over them. */
function packed(groups: TrainingGroup[], names: string[]) {
  const index = new Map(names.map((name, j) => [name, j]));
  const candidates = groups.flatMap((g) => g.candidates);
  const entries = candidates.map((c) => Object.entries(c));
  const total = entries.reduce((a, c) => a + c.length, 0);
  const feature = new Int32Array(total);
  const value = new Float64Array(total);
  const rowStart = new Int32Array(candidates.length + 1);
  const groupStart = new Int32Array(groups.length + 1);
  const gold = new Uint8Array(candidates.length);
  let k = 0;
  let row = 0;
  groups.forEach((g, n) => {
    groupStart[n] = row;
    for (const i of g.gold) gold[row + i] = 1;
    for (let i = 0; i < g.candidates.length; i++, row++) {
      rowStart[row] = k;
      for (const [name, x] of entries[row]) {
        feature[k] = index.get(name)!;
        value[k++] = x;
      }
    }
  });
  rowStart[row] = k;
  groupStart[groups.length] = row;
  return { feature, value, rowStart, groupStart, gold, maxCandidates: Math.max(0, ...groups.map((g) => g.candidates.length)) };
}

/** For each group, whether its best real candidate (the "none" option last, never picked) is right. */
export function picksRight(weights: Weights, groups: TrainingGroup[]): boolean[] {
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
