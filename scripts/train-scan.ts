/**
 * Refits the scan field picker's weights (src/server/ocr/picker/weights.json) from the train
 * sets only: reads every train receipt with the OCR engine (cached, so
 * a refit after a feature change takes seconds: .cache/scan-segments), builds each field's candidates exactly as the
 * scanner does, marks the ones that match the label, and fits the softmax weights. The same
 * images and code give the same weights.
 *
 *   npm run train:scan [-- --fresh]     # --fresh: read the images again
 *   npm run train:scan -- --cv          # also compare L2 penalties by five-fold cross-validation, whole stores held out (minutes)
 */
import fs from 'node:fs';
import path from 'node:path';
import { receiptCandidates } from '../src/server/ocr/parser';
import { crossValidatedPicks, fitWeights, L2, type TrainingGroup } from '../src/server/ocr/picker/fit';
import type { ModelWeights, PickedField } from '../src/server/ocr/picker/model';
import { closeCachedEngine, readCached, type CachedRead } from '../bench/support/ocrCache';
import { cents, labelDate, normStore, type Label } from '../bench/support/scanScoring';

const DATASETS = process.env.TALLY_DATASETS ?? path.resolve(__dirname, '../../shared/datasets');
const SETS = [
  { name: 'sroie-train', order: 'DMY' as const },
  { name: 'us-receipts-train', order: 'MDY' as const },
];
const WEIGHTS_FILE = path.resolve(__dirname, '../src/server/ocr/picker/weights.json');
/** Plausibility is judged against a fixed day so that a refit does not depend on when it runs. */
const TODAY = new Date(Date.UTC(2026, 0, 1));

async function readAll(fresh: boolean): Promise<{ read: CachedRead; label: Label; order: 'DMY' | 'MDY'; set: string }[]> {
  const out = [];
  for (const set of SETS) {
    const dir = path.join(DATASETS, set.name);
    const files = fs
      .readdirSync(dir)
      .filter((f) => /\.jpe?g$/i.test(f))
      .sort();
    for (const f of files) {
      const labelFile = path.join(dir, f.replace(/\.[^.]+$/, '.json'));
      if (!fs.existsSync(labelFile)) continue;
      out.push({ read: await readCached(dir, f, fresh), label: JSON.parse(fs.readFileSync(labelFile, 'utf8')) as Label, order: set.order, set: set.name });
    }
    console.log(`${set.name}: ${files.length} receipts read`);
  }
  await closeCachedEngine();
  return out;
}

async function main() {
  const fresh = process.argv.includes('--fresh');
  const receipts = await readAll(fresh);
  const groups: Record<PickedField, TrainingGroup[]> = { store: [], total: [], date: [] };
  // Which train set each group came from, for the cross-validated figures per set, and its store,
  // so that cross-validation holds out whole stores.
  const setOf: Record<PickedField, string[]> = { store: [], total: [], date: [] };
  const storeOf: Record<PickedField, string[]> = { store: [], total: [], date: [] };
  for (const { read, label, order, set } of receipts) {
    const c = receiptCandidates(read.text, { dateOrder: order, layout: read.layout, today: TODAY });
    const goldDate = labelDate(label.date, order);
    const goldTotal = cents(label.total);
    const goldStore = normStore(label.company);
    const group = <T>(cands: { value: T; features: Record<string, number> }[], right: (v: T) => boolean, known: boolean): TrainingGroup | null => {
      if (!known) return null; // an unlabelled field teaches nothing
      const gold = cands.flatMap((cand, i) => (right(cand.value) ? [i] : []));
      // The last option is "none of these": right when the label is not among the candidates.
      return { candidates: [...cands.map((cand) => cand.features), { none: 1 }], gold: gold.length ? gold : [cands.length] };
    };
    const g = {
      store: group(c.store, (v) => normStore(v) === goldStore, goldStore.length > 0),
      total: group(c.total, (v) => Math.round(v * 100) === goldTotal, goldTotal !== null),
      date: group(c.date, (v) => v === goldDate, goldDate !== null),
    };
    for (const field of ['store', 'total', 'date'] as const) {
      if (!g[field]) continue;
      groups[field].push(g[field]!);
      setOf[field].push(set);
      // A receipt without a store label is a store of its own.
      storeOf[field].push(goldStore || `${set}/${storeOf[field].length}`);
    }
  }
  if (process.argv.includes('--cv')) {
    for (const field of ['store', 'total', 'date'] as const) {
      for (const l2 of [...new Set([L2 / 3, L2, L2 * 3, L2 * 10])]) {
        const right = crossValidatedPicks(groups[field], l2, 5, storeOf[field]);
        const share = (keep: (i: number) => boolean) => {
          const kept = right.filter((_, i) => keep(i));
          return `${((100 * kept.filter(Boolean).length) / Math.max(1, kept.length)).toFixed(1)}%`;
        };
        const perSet = SETS.map((s) => `${s.name} ${share((i) => setOf[field][i] === s.name)}`).join(', ');
        console.log(`${field}: L2 ${l2.toPrecision(2)}, cross-validated pick accuracy ${share(() => true)} (${perSet})`);
      }
    }
  }
  const weights = {} as ModelWeights;
  for (const field of ['store', 'total', 'date'] as const) {
    const gs = groups[field];
    weights[field] = fitWeights(gs);
    const reachable = gs.filter((g) => g.gold[0] !== g.candidates.length - 1).length;
    console.log(`${field}: ${gs.length} labelled receipts, the right value among the candidates in ${reachable}`);
  }
  fs.writeFileSync(WEIGHTS_FILE, `${JSON.stringify(weights, null, 2)}\n`);
  console.log(`weights written to ${path.relative(process.cwd(), WEIGHTS_FILE)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
