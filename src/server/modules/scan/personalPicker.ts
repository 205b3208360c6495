import {
  fitWeightsInTurns,
  repick,
  type FieldOptions,
  type ModelWeights,
  type PickedField,
  type PickerCandidates,
  type ScanResult,
  type TrainingGroup,
} from '../../ocr';
import { PERSONAL_PICKER_MIN_SCANS } from '../../../shared/constants/scan';
import type { PickerFieldFit } from '../../db/schema';
import { sameName, type SavedFields } from './saved';

/**
 * A person's own picker (issue 52): each saved scan's candidates are labelled by what the person
 * saved, the picker's weights are fitted again on those labels around the global weights, and
 * the person's weights are used for a field only where, on their own scans held out, they pick
 * right clearly more often than the global ones. Pure: the refit job, the scan path and the
 * bench (bench/personalPicker.ts) share every rule here.
 */

export const PICKED_FIELDS: readonly PickedField[] = ['store', 'date', 'total'];

/** For each field, the kept candidates that are what the person saved; none: the field teaches nothing. */
export type FieldGold = Record<PickedField, number[]>;

/** A saved scan as the refit reads it: its kept candidates (with the scanner's pick) and what was saved of them. */
export interface LabelledScan {
  candidates: PickerCandidates;
  gold: FieldGold;
}

const cents = (amount: number) => Math.round(amount * 100);

/** Which candidates were saved: the store name as trust.ts compares it, the date, the total to the cent. */
export function goldOf(c: PickerCandidates, saved: SavedFields): FieldGold {
  const right = <T>(field: FieldOptions<T, unknown>, is: (v: T) => boolean) => field.options.flatMap((o, i) => (is(o.value) ? [i] : []));
  return {
    store: right(c.store, (v) => saved.store.trim() !== '' && sameName(v, saved.store)),
    date: right(c.date, (v) => v === saved.date),
    total: right(c.total, (v) => cents(v) === cents(saved.total)),
  };
}

/** A scan teaches something when one of its fields had the saved value among its candidates. */
export const teaches = (gold: FieldGold) => PICKED_FIELDS.some((f) => gold[f].length > 0);

/**
 * How the person's weights are fitted and judged. `strength` pulls them toward the global
 * weights (the L2 of fitWeights' prior, on the summed loss): one scan moves them little, many
 * move them further. On the train replay a pull of 0.3 let the store's weights wander (2 store
 * picks lost with a 1-scan margin), 1 did not. Held out in `folds` folds by position;
 * `iterations` of Adam from the global weights: 1,000 gave the same picks as 300 on the train
 * replay (bench/personalPicker.ts --sweep).
 */
export const PERSONAL_FIT = { strength: 1, folds: 5, iterations: 300 };

/**
 * The margin the person's weights must win by on their held-out scans, in scans: at least
 * `scans`, and at least `share` of the scans that field was judged on. Chosen with
 * PERSONAL_PICKER_MIN_SCANS on the train sets replayed as one person and as two
 * (bench/personalPicker.ts --sweep; never on the dev sets): the global weights were fitted on
 * those receipts, and no setting gained more than one pick in 263. A 1-scan margin gained 1
 * store pick at pull 1 and lost 2 at pull 0.3; this one never switched on there, so it cost
 * nothing, and it is the least that is a clear margin on four held-out scans a fold.
 */
export const PERSONAL_GAIN = { scans: 2, share: 0.05 };

/**
 * The refit runs once per this many newly saved scans that teach something: each refit fits
 * (folds + 1) × 3 small models (a tenth of a second to half a second of CPU at a hundred scans),
 * so it is not run on every save.
 */
export const REFIT_EVERY = 5;

/** Whether the person's weights pick right clearly more often than the global ones on `scans` held-out scans. */
export function clearlyBetter(personal: number, global: number, scans: number, gain = PERSONAL_GAIN): boolean {
  return personal - global >= Math.max(gain.scans, Math.ceil(gain.share * scans));
}

/** One field on the person's held-out scans: how many it was judged on, and right with their weights and with the global ones. */
export type FieldFit = PickerFieldFit;

export interface PersonalFit {
  /** Saved scans that taught something. */
  scans: number;
  weights: ModelWeights;
  fields: Record<PickedField, FieldFit>;
}

export interface RefitSettings {
  minScans: number;
  strength: number;
  folds: number;
  iterations: number;
  gain: { scans: number; share: number };
}

const DEFAULTS: RefitSettings = { minScans: PERSONAL_PICKER_MIN_SCANS, ...PERSONAL_FIT, gain: PERSONAL_GAIN };

interface FieldScan {
  group: TrainingGroup;
  options: FieldOptions<unknown, unknown>;
  gold: number[];
}

/** A field's scans as the fit reads them: the kept candidates and "none of these" last. */
function fieldScans(scans: LabelledScan[], field: PickedField): FieldScan[] {
  return scans
    .filter((s) => s.gold[field].length > 0)
    .map((s) => {
      const options = s.candidates[field] as FieldOptions<unknown, unknown>;
      return { options, gold: s.gold[field], group: { candidates: [...options.options.map((o) => o.features), { none: 1 }], gold: s.gold[field] } };
    });
}

/**
 * The person's weights and whether each field is better with them; null with fewer than
 * `minScans` scans that teach something. Deterministic: the same scans give the same answer.
 */
export async function refitPicker(scans: LabelledScan[], global: ModelWeights, settings: Partial<RefitSettings> = {}): Promise<PersonalFit | null> {
  const s = { ...DEFAULTS, ...settings };
  const teaching = scans.filter((scan) => teaches(scan.gold));
  if (teaching.length < s.minScans) return null;
  // In turns: a fit of a hundred scans' store names is a tenth of a second or more of CPU.
  const fit = (groups: TrainingGroup[], field: PickedField) => fitWeightsInTurns(groups, { prior: global[field], l2: s.strength, iterations: s.iterations });
  const weights = {} as ModelWeights;
  const fields = {} as Record<PickedField, FieldFit>;
  for (const field of PICKED_FIELDS) {
    const data = fieldScans(teaching, field);
    let personal = 0;
    let before = 0;
    for (let k = 0; k < s.folds && data.length >= s.folds; k++) {
      const w = await fit(
        data.filter((_, i) => i % s.folds !== k).map((d) => d.group),
        field,
      );
      data.forEach((d, i) => {
        if (i % s.folds !== k) return;
        if (d.gold.includes(repick(field, w, d.options).index)) personal++;
        if (d.gold.includes(d.options.picked)) before++;
      });
    }
    weights[field] = await fit(
      data.map((d) => d.group),
      field,
    );
    const judged = data.length >= s.folds ? data.length : 0;
    fields[field] = { on: clearlyBetter(personal, before, judged, s.gain), scans: judged, personal, global: before };
  }
  return { scans: teaching.length, weights, fields };
}

/** The person's weights for the fields they are on for. */
export type PersonalWeights = Partial<ModelWeights>;

/** The field's winner under the person's weights: null where they are off for it, or pick none. */
function personalPick<T, W>(field: PickedField, personal: PersonalWeights, kept: FieldOptions<T, W>): { value: T; p: number; why: W } | null {
  const weights = personal[field];
  if (!weights) return null;
  const { index, p } = repick(field, weights, kept);
  return index >= 0 ? { value: kept.options[index].value, p, why: kept.options[index].why } : null;
}

/**
 * The scan as the person's weights read it: each field they are on for is picked again from the
 * kept candidates, with its confidence and its reason; the others stay as the scanner read them.
 */
export function withPersonalPicks(read: ScanResult, personal: PersonalWeights): ScanResult {
  const c = read.candidates;
  if (!c) return read;
  const data = { ...read.processed_data };
  const confidence = { ...read.confidence };
  const reasons = { ...read.reasons };
  const store = personalPick('store', personal, c.store);
  if (store) [data.store_name, confidence.store_name, reasons.store_name] = [store.value, store.p, store.why];
  const date = personalPick('date', personal, c.date);
  if (date) [data.date, confidence.date, reasons.date] = [date.value, date.p, date.why];
  const total = personalPick('total', personal, c.total);
  if (total) [data.total_amount, confidence.total_amount, reasons.total_amount] = [total.value, total.p, total.why];
  return { ...read, processed_data: data, confidence, reasons };
}
