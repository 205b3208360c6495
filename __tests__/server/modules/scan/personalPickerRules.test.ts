import fc from 'fast-check';
import { parsedText, repick, WEIGHTS, type PickerCandidates, type ScanResult } from '../../../../src/server/ocr';
import { clearlyBetter, goldOf, refitPicker, teaches, withPersonalPicks, type LabelledScan } from '../../../../src/server/modules/scan/personalPicker';
import { PERSONAL_PICKER_MIN_SCANS } from '../../../../src/shared/constants/scan';
import { asText, SUBTOTAL_AND_TOTAL } from './receiptImage';

/**
 * The rules of a person's own picker (issue 52) on candidates as the parser builds them: how a
 * save labels them, when a refit switches a field on, and how a scan is picked again with the
 * person's weights. The API tests (personalPicker.test.ts) run them through real scans.
 */

/** Printed before tax and after: the global weights take the total after tax. */
const RECEIPT = asText(SUBTOTAL_AND_TOTAL);
const TODAY = new Date(Date.UTC(2025, 5, 1));

function read(text = RECEIPT): ScanResult {
  return parsedText(text, { dateOrder: 'DMY', today: TODAY });
}

const saved = (total: number) => ({ store: 'harbour  deli and co', date: '2025-05-14', total });
const scansSaving = (n: number, total: number, c: PickerCandidates): LabelledScan[] =>
  Array.from({ length: n }, () => ({ candidates: c, gold: goldOf(c, saved(total)) }));

describe('labelling a saved scan', () => {
  it('marks the candidates saved: the name whatever its case and spacing, the date, the total to the cent', () => {
    const c = read().candidates!;
    const gold = goldOf(c, { store: ' Harbour Deli  and co ', date: '2025-05-14', total: 8.0000001 });
    expect(gold.store.map((i) => c.store.options[i].value.toLowerCase())).toEqual(['harbour deli and co']);
    expect(gold.date.map((i) => c.date.options[i].value)).toEqual(['2025-05-14']);
    expect(gold.total.map((i) => c.total.options[i].value)).toEqual([8]);
    expect(teaches(gold)).toBe(true);
  });

  it('learns nothing of a field saved as none of its candidates', () => {
    const c = read().candidates!;
    const gold = goldOf(c, { store: '', date: '2024-01-01', total: 123.45 });
    expect(gold).toEqual({ store: [], date: [], total: [] });
    expect(teaches(gold)).toBe(false);
  });

  it('keeps at most the best few candidates, the scanner’s pick always among them', () => {
    const c = read().candidates!;
    for (const field of ['store', 'date', 'total'] as const) {
      expect(c[field].options.length).toBeLessThanOrEqual(16);
      expect(c[field].picked).toBeGreaterThanOrEqual(0);
    }
    expect(c.total.options[c.total.picked].value).toBe(8.8);
    expect(Object.values(c.total.options[0].features).every((x) => x !== 0 && Math.round(x * 1000) === x * 1000)).toBe(true);
  });
});

describe('switching a field on', () => {
  it('only when the person’s weights win on held-out scans by the margin', () => {
    expect(clearlyBetter(15, 11, 15)).toBe(true);
    expect(clearlyBetter(12, 11, 15)).toBe(false);
    expect(clearlyBetter(60, 58, 100)).toBe(false);
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), fc.integer({ min: 1, max: 100 }), (personal, global, scans) => {
        // Never on without winning; winning by more never turns it off.
        if (personal <= global) expect(clearlyBetter(personal, global, scans)).toBe(false);
        if (clearlyBetter(personal, global, scans)) expect(clearlyBetter(personal + 1, global, scans)).toBe(true);
      }),
    );
  });

  it(`needs ${PERSONAL_PICKER_MIN_SCANS} scans that teach something`, async () => {
    const c = read().candidates!;
    expect(await refitPicker(scansSaving(PERSONAL_PICKER_MIN_SCANS - 1, 8, c), WEIGHTS)).toBeNull();
    const untaught = Array.from({ length: 40 }, () => ({ candidates: c, gold: { store: [], date: [], total: [] } }));
    expect(await refitPicker(untaught, WEIGHTS)).toBeNull();
  });

  it('turns on the field the person keeps correcting, and leaves the others off', async () => {
    const c = read().candidates!;
    const fit = (await refitPicker(scansSaving(PERSONAL_PICKER_MIN_SCANS, 8, c), WEIGHTS))!;
    expect(fit.scans).toBe(PERSONAL_PICKER_MIN_SCANS);
    expect(fit.fields.total).toEqual({ on: true, scans: PERSONAL_PICKER_MIN_SCANS, personal: PERSONAL_PICKER_MIN_SCANS, global: 0 });
    expect(fit.fields.date).toEqual({ on: false, scans: PERSONAL_PICKER_MIN_SCANS, personal: PERSONAL_PICKER_MIN_SCANS, global: PERSONAL_PICKER_MIN_SCANS });
    expect(fit.fields.store.on).toBe(false);
    expect(c.total.options[repick('total', fit.weights.total, c.total).index].value).toBe(8);
    // The same scans give the same fit.
    expect(await refitPicker(scansSaving(PERSONAL_PICKER_MIN_SCANS, 8, c), WEIGHTS)).toEqual(fit);
  });

  it('stays off when the person saves what the scanner read', async () => {
    const c = read().candidates!;
    const fit = (await refitPicker(scansSaving(30, 8.8, c), WEIGHTS))!;
    expect(Object.values(fit.fields).map((f) => f.on)).toEqual([false, false, false]);
  });
});

describe('a scan picked with the person’s weights', () => {
  it('takes their pick with its confidence and its reason; the other fields stay as read', async () => {
    const scan = read();
    const fit = (await refitPicker(scansSaving(PERSONAL_PICKER_MIN_SCANS, 8, scan.candidates!), WEIGHTS))!;
    const mine = withPersonalPicks(scan, { total: fit.weights.total });
    expect(mine.processed_data.total_amount).toBe(8);
    // Why, as the parser says of that amount: the items add up to it (SUBTOTAL is no total label).
    expect(mine.reasons.total_amount).toEqual({ code: 'sum', printed: 'SUBTOTAL', sums: ['items'] });
    expect(mine.confidence.total_amount).toBeGreaterThan(0.5);
    expect(mine.processed_data.store_name).toBe(scan.processed_data.store_name);
    expect(mine.processed_data.date).toBe(scan.processed_data.date);
    expect(mine.reasons.date).toEqual(scan.reasons.date);
    expect(mine.confidence.date).toBe(scan.confidence.date);
    // The global weights pick again what the scanner picked.
    expect(withPersonalPicks(scan, WEIGHTS).processed_data).toEqual(scan.processed_data);
  });

  it('leaves a reading without candidates as it is', () => {
    const { candidates: _, ...scan } = read();
    expect(withPersonalPicks(scan, { total: { subtotal: 10 } })).toEqual(scan);
  });
});
