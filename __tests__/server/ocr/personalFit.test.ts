import fc from 'fast-check';
import { fitWeights, fitWeightsInTurns, picksRight, type TrainingGroup } from '../../../src/server/ocr/picker/fit';
import type { Features, Weights } from '../../../src/server/ocr/picker/model';

/**
 * The picker fitted around a prior (a person's own weights around the global ones, issue 52):
 * nothing to learn from gives the prior back, a few corrections move it a little, and many
 * consistent ones make the corrected choice win.
 */

/** The global weights prefer `a`; the person keeps choosing the candidate with `b`. */
const GLOBAL: Weights = { a: 2, b: 0, none: -1 };
const corrected = (n: number): TrainingGroup[] =>
  Array.from({ length: n }, (): TrainingGroup => ({
    candidates: [{ a: 1 }, { b: 1 }, { none: 1 }] as Features[],
    gold: [1],
  }));
const margin = (w: Weights) => (w.b ?? 0) - (w.a ?? 0);

describe('fitWeights around a prior', () => {
  it('gives the prior back when there is nothing to learn from', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.integer({ min: -50_000, max: 50_000 })), (raw) => {
        const prior = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v / 1e4]));
        expect(fitWeights([], { prior, iterations: 50 })).toEqual(prior);
        // A group with nothing right, or a single candidate, teaches nothing either.
        expect(
          fitWeights(
            [
              { candidates: [{ x: 1 }, { none: 1 }], gold: [] },
              { candidates: [{ x: 1 }], gold: [0] },
            ],
            { prior, iterations: 50 },
          ),
        ).toEqual(prior);
      }),
      { numRuns: 50 },
    );
  });

  it('moves little for one correction and further for each consistent one, until the corrected choice wins', () => {
    const moved = [1, 3, 10, 30].map((n) => margin(fitWeights(corrected(n), { prior: GLOBAL, l2: 1, iterations: 400 })));
    expect(moved[0]).toBeGreaterThan(margin(GLOBAL));
    for (let i = 1; i < moved.length; i++) expect(moved[i]).toBeGreaterThan(moved[i - 1]);
    // One correction does not overturn the global weights; thirty do.
    expect(moved[0]).toBeLessThan(0);
    expect(moved[3]).toBeGreaterThan(0);
    expect(picksRight(fitWeights(corrected(30), { prior: GLOBAL, l2: 1, iterations: 400 }), corrected(1))).toEqual([true]);
  });

  it('pulls harder toward the prior with a larger penalty, and gives the same weights for the same data', () => {
    const loose = fitWeights(corrected(10), { prior: GLOBAL, l2: 0.3, iterations: 400 });
    const tight = fitWeights(corrected(10), { prior: GLOBAL, l2: 3, iterations: 400 });
    expect(margin(loose)).toBeGreaterThan(margin(tight));
    expect(fitWeights(corrected(10), { prior: GLOBAL, l2: 0.3, iterations: 400 })).toEqual(loose);
  });

  it('gives the same weights in turns, however often it lets other work run', async () => {
    const groups = [...corrected(7), { candidates: [{ a: 1, c: 0.5 }, { b: 0.2 }, { none: 1 }], gold: [0] }];
    const whole = fitWeights(groups, { prior: GLOBAL, l2: 1, iterations: 300 });
    // Other work scheduled after the fit started runs before it ends.
    let ranMeanwhile = false;
    const sliced = fitWeightsInTurns(groups, { prior: GLOBAL, l2: 1, iterations: 300 }, 0).then((weights) => ({ weights, ranMeanwhile }));
    setImmediate(() => (ranMeanwhile = true));
    expect(await sliced).toEqual({ weights: whole, ranMeanwhile: true });
    expect(await fitWeightsInTurns(groups, { iterations: 300 })).toEqual(fitWeights(groups, { iterations: 300 }));
  });

  it('keeps the fit from zero without a prior', () => {
    expect(fitWeights([])).toEqual({});
    const w = fitWeights(corrected(10), { iterations: 400 });
    expect(margin(w)).toBeGreaterThan(0);
    expect(w.a).toBeLessThan(0.5);
  });
});
