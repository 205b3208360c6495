/**
 * Scanning that learns from a person's own corrections (issue 52), measured: the train sets are
 * replayed as one person, receipt after receipt in a fixed order (the two sets interleaved by
 * their share, each in file-name order). Each receipt is read (the OCR's cached reading, as
 * train:scan reads it), its fields picked with the weights this person has at that point (the
 * global ones, or their own for the fields theirs are on for), then "saved" with its label: its
 * candidates are labelled as a save labels them, the last TRUST_SCANS saved scans are kept, and
 * the refit runs as the product runs it (modules/scan/personalPicker.ts: every REFIT_EVERY scans
 * that teach something, at least PERSONAL_PICKER_MIN_SCANS of them, switched on per field only
 * when it wins on the person's held-out scans by PERSONAL_GAIN). Printed per field: how often
 * the pick was right with the global weights and with the personal machinery (its on/off
 * decision included), over every receipt and after the field was first switched on; then each
 * train set replayed as a person of its own. The dev sets are replayed beside them for honesty
 * only: nothing is chosen on them.
 *
 *   npx tsx bench/personalPicker.ts            # train as one person, each train set alone, dev beside
 *   npx tsx bench/personalPicker.ts --sweep    # the minimum, margin and pull compared on the train replay (minutes)
 *
 * The OCR readings are cached under .cache/scan-segments (bench/support/ocrCache.ts); a set not
 * cached yet is read first, which takes minutes of CPU.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parsedText, WEIGHTS, type PickedField, type PickerCandidates, type ScanResult } from '../src/server/ocr';
import {
  goldOf,
  PERSONAL_FIT,
  PERSONAL_GAIN,
  PICKED_FIELDS,
  REFIT_EVERY,
  refitPicker,
  teaches,
  withPersonalPicks,
  type LabelledScan,
  type PersonalFit,
  type RefitSettings,
} from '../src/server/modules/scan/personalPicker';
import { sameName } from '../src/server/modules/scan/saved';
import { PERSONAL_PICKER_MIN_SCANS, TRUST_SCANS } from '../src/shared/constants/scan';
import { closeCachedEngine, readCached } from './support/ocrCache';
import { cents, labelDate, type Label } from './support/scanScoring';

const DATASETS = process.env.TALLY_DATASETS ?? path.resolve(__dirname, '../../shared/datasets');
/** Plausibility is judged against a fixed day, as train:scan judges it. */
const TODAY = new Date(Date.UTC(2026, 0, 1));
const ORDER = { 'sroie-train': 'DMY', 'us-receipts-train': 'MDY', 'sroie-dev': 'DMY', 'us-receipts-dev': 'MDY' } as const;
type SetName = keyof typeof ORDER;

interface Receipt {
  set: SetName;
  candidates: PickerCandidates;
  /** What the scanner picked with the global weights. */
  read: ScanResult;
  /** The label as the person saves it; null where the set labels none. */
  saved: { store: string | null; date: string | null; total: number | null };
}

async function readSet(set: SetName): Promise<Receipt[]> {
  const dir = path.join(DATASETS, set);
  const files = fs
    .readdirSync(dir)
    .filter((f) => /\.jpe?g$/i.test(f))
    .sort();
  const out: Receipt[] = [];
  for (const file of files) {
    const labelFile = path.join(dir, file.replace(/\.[^.]+$/, '.json'));
    if (!fs.existsSync(labelFile)) continue;
    const label = JSON.parse(fs.readFileSync(labelFile, 'utf8')) as Label;
    const { text, layout } = await readCached(dir, file);
    // As the scan process reads it (ocr/parsedRows.ts).
    const opts = { dateOrder: ORDER[set], today: TODAY, layout, lineConf: layout.map((l) => l.conf) };
    const read = parsedText(text, opts);
    const total = cents(label.total);
    out.push({
      set,
      candidates: read.candidates,
      read,
      saved: { store: label.company?.trim() || null, date: labelDate(label.date, ORDER[set]), total: total === null ? null : total / 100 },
    });
  }
  return out;
}

/** The sets interleaved by their share, each in its own order: the same order every run. */
function interleaved(sets: Receipt[][]): Receipt[] {
  return sets
    .flatMap((rs, s) => rs.map((r, i) => ({ r, key: (i + 0.5) / rs.length, s })))
    .sort((a, b) => a.key - b.key || a.s - b.s)
    .map((x) => x.r);
}

type Counts = { receipts: number; global: number; personal: number };
interface FieldOutcome {
  all: Counts;
  afterOn: Counts;
  /** The receipt (1-based) before which the field was first on, or null. */
  onAt: number | null;
}

interface Replay {
  fields: Record<PickedField, FieldOutcome>;
  refits: number;
  last: PersonalFit | null;
}

const fieldValue = (r: ScanResult, field: PickedField) =>
  field === 'store' ? r.processed_data.store_name : field === 'date' ? r.processed_data.date : r.processed_data.total_amount;

function right(field: PickedField, value: string | number | null, saved: Receipt['saved']): boolean {
  if (value === null || value === '') return false;
  if (field === 'store') return saved.store !== null && sameName(String(value), saved.store);
  if (field === 'date') return value === saved.date;
  return saved.total !== null && Math.round(Number(value) * 100) === Math.round(saved.total * 100);
}

const labelled = (field: PickedField, saved: Receipt['saved']) => saved[field] !== null;

/** One person saving `receipts` in order, their refit run as the product runs it. */
async function replay(receipts: Receipt[], settings: Partial<RefitSettings> = {}): Promise<Replay> {
  const zero = (): Counts => ({ receipts: 0, global: 0, personal: 0 });
  const fields = Object.fromEntries(PICKED_FIELDS.map((f) => [f, { all: zero(), afterOn: zero(), onAt: null }])) as Record<PickedField, FieldOutcome>;
  let kept: LabelledScan[] = [];
  let fit: PersonalFit | null = null;
  let sinceFit = 0;
  let refits = 0;
  for (const [n, r] of receipts.entries()) {
    const on = Object.fromEntries(PICKED_FIELDS.filter((f) => fit?.fields[f].on).map((f) => [f, fit!.weights[f]]));
    const shown = withPersonalPicks(r.read, on);
    for (const f of PICKED_FIELDS) {
      if (!labelled(f, r.saved)) continue;
      const o = fields[f];
      if (f in on && o.onAt === null) o.onAt = n + 1;
      const g = right(f, fieldValue(r.read, f), r.saved);
      const p = right(f, fieldValue(shown, f), r.saved);
      for (const c of o.onAt === null ? [o.all] : [o.all, o.afterOn]) {
        c.receipts++;
        if (g) c.global++;
        if (p) c.personal++;
      }
    }
    // Saved with its label: what a field's label lacks, the person typed as something no candidate is.
    const gold = goldOf(r.candidates, { store: r.saved.store ?? '', date: r.saved.date ?? '', total: r.saved.total ?? Number.NaN });
    kept = [...kept, { candidates: r.candidates, gold }].slice(-TRUST_SCANS);
    if (teaches(gold)) sinceFit++;
    if (sinceFit >= REFIT_EVERY) {
      sinceFit = 0;
      refits++;
      fit = (await refitPicker(kept, WEIGHTS, settings)) ?? fit;
    }
  }
  return { fields, refits, last: fit };
}

const pct = (k: number, n: number) => (n ? `${((100 * k) / n).toFixed(1)}%` : '–');
const counts = (c: Counts) => `${c.global}→${c.personal} of ${c.receipts}`;

function printReplay(name: string, r: Replay): void {
  for (const f of PICKED_FIELDS) {
    const o = r.fields[f];
    const held = r.last ? r.last.fields[f] : null;
    console.log(
      `| ${name} | ${f} | ${o.all.receipts} | ${pct(o.all.global, o.all.receipts)} | ${pct(o.all.personal, o.all.receipts)} | ${o.onAt ?? 'never'} | ${
        o.onAt === null ? '–' : `${counts(o.afterOn)} (${pct(o.afterOn.global, o.afterOn.receipts)} → ${pct(o.afterOn.personal, o.afterOn.receipts)})`
      } | ${held ? `${held.on ? 'on' : 'off'}: ${held.personal} vs ${held.global} of ${held.scans}` : 'not fitted'} |`,
    );
  }
}

const HEADER = [
  '| person | field | receipts | right, global | right, personal | on from receipt | after switch-on: global→personal | last refit, held out: personal vs global |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
];

/** One line per person for RESULTS.md: each field's share right, global → personal. */
function summary(name: string, r: Replay): string {
  return `${name}: ${PICKED_FIELDS.map((f) => `${f} ${pct(r.fields[f].all.global, r.fields[f].all.receipts)} → ${pct(r.fields[f].all.personal, r.fields[f].all.receipts)}`).join(', ')}`;
}

/** Right picks the personal machinery gained over the global weights, per field, and all fields together. */
function gained(r: Replay): string {
  const by = PICKED_FIELDS.map((f) => r.fields[f].all.personal - r.fields[f].all.global);
  return `${by.reduce((a, b) => a + b, 0)} (${PICKED_FIELDS.map((f, i) => `${f} ${by[i]}`).join(', ')})`;
}

async function sweep(train: Receipt[], sets: Record<SetName, Receipt[]>): Promise<void> {
  console.log('\nThe train replays under other settings: right picks gained over the global weights (negative: lost), per person.');
  console.log('| min scans | pull | margin (scans, share) | iterations | train, one person | sroie-train | us-receipts-train |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const row = async (settings: Partial<RefitSettings> & { gain: { scans: number; share: number } }) => {
    const people = [await replay(train, settings), await replay(sets['sroie-train'], settings), await replay(sets['us-receipts-train'], settings)];
    const s = { ...PERSONAL_FIT, minScans: PERSONAL_PICKER_MIN_SCANS, ...settings };
    console.log(`| ${s.minScans} | ${s.strength} | ${s.gain.scans}, ${s.gain.share} | ${s.iterations} | ${people.map(gained).join(' | ')} |`);
  };
  for (const minScans of [10, 20, 40])
    for (const strength of [0.3, 1])
      for (const gain of [
        { scans: 1, share: 0 },
        { scans: 2, share: 0.05 },
      ])
        await row({ minScans, strength, gain });
  // The chosen settings with more iterations: the fit has settled.
  await row({ gain: PERSONAL_GAIN, iterations: 1000 });
  await row({ gain: { scans: 1, share: 0 }, strength: 1, iterations: 1000 });
}

async function main(): Promise<void> {
  const sets = {} as Record<SetName, Receipt[]>;
  for (const set of Object.keys(ORDER) as SetName[]) sets[set] = await readSet(set);
  await closeCachedEngine();
  const train = interleaved([sets['sroie-train'], sets['us-receipts-train']]);
  const dev = interleaved([sets['sroie-dev'], sets['us-receipts-dev']]);
  console.log(
    `Settings: at least ${PERSONAL_PICKER_MIN_SCANS} scans that teach, a refit every ${REFIT_EVERY}, pull ${PERSONAL_FIT.strength}, ${PERSONAL_FIT.folds} folds, on when ahead by ≥ ${PERSONAL_GAIN.scans} scans and ≥ ${PERSONAL_GAIN.share * 100}% of those judged; the last ${TRUST_SCANS} saved scans kept.\n`,
  );
  console.log(HEADER.join('\n'));
  const started = performance.now();
  const trainOne = await replay(train);
  const seconds = (performance.now() - started) / 1000;
  printReplay('train, one person', trainOne);
  for (const set of ['sroie-train', 'us-receipts-train'] as const) printReplay(set, await replay(sets[set]));
  const devOne = await replay(dev);
  printReplay('dev, one person (not used to choose)', devOne);
  for (const set of ['sroie-dev', 'us-receipts-dev'] as const) printReplay(`${set} (not used to choose)`, await replay(sets[set]));
  console.log(
    `\nThe train replay took ${seconds.toFixed(1)} s with ${trainOne.refits} refits (${((1000 * seconds) / Math.max(1, trainOne.refits)).toFixed(0)} ms a refit at most).`,
  );
  console.log(`\n${summary('train as one person', trainOne)}; ${summary('dev as one person', devOne)}`);
  if (process.argv.includes('--sweep')) await sweep(train, sets);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
