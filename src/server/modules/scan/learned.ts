import type { Db } from '../../db';
import type { Executor } from '../../db/schema';
import { PERSONAL_PICKER_MIN_SCANS } from '../../../shared/constants/scan';
import type { LearnedField, ScanLearned } from '../../../shared/scan';
import { PICKED_FIELDS, type FieldFit, type PersonalWeights } from './personalPicker';
import { storedPicker, teachingScans } from './personalPickerRepository';
import { PICKER_VERSION } from './refitJob';

/** What scanning learned of a person's corrections: the weights a scan uses, and what Settings says of it. */

/** The person's own weights of the fields they are on for; null when none is, or they were fitted around other global weights. */
export async function personalWeights(db: Db, userId: string): Promise<PersonalWeights | null> {
  const row = await storedPicker(db, userId);
  if (!row?.weights || !row.fields || row.model_version !== PICKER_VERSION) return null;
  const on = PICKED_FIELDS.filter((f) => row.fields![f].on && row.weights![f]);
  return on.length ? Object.fromEntries(on.map((f) => [f, row.weights![f]])) : null;
}

const figures = (f: FieldFit): LearnedField => ({ on: f.on, scans: f.scans, with_corrections: f.personal, before: f.global });

export async function scanLearned(db: Executor, userId: string): Promise<ScanLearned> {
  const row = await storedPicker(db, userId);
  if (!row?.fields) return { state: 'too_few_scans', scans: await teachingScans(db, userId), min_scans: PERSONAL_PICKER_MIN_SCANS };
  // Once fitted: the scans it learned from (a restored account has none of them kept).
  const base = { scans: row.scans, min_scans: PERSONAL_PICKER_MIN_SCANS };
  const fields = { store_name: figures(row.fields.store), date: figures(row.fields.date), total_amount: figures(row.fields.total) };
  const state = row.model_version !== PICKER_VERSION ? 'relearning' : PICKED_FIELDS.some((f) => row.fields![f].on) ? 'on' : 'no_gain';
  return { ...base, state, fields };
}
