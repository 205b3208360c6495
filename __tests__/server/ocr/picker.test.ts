import { crossValidatedPicks, fitWeights, type TrainingGroup } from '../../../src/server/ocr/picker/fit';
import type { Features } from '../../../src/server/ocr/picker/model';
import { rank } from '../../../src/server/ocr/picker/model';
import { totalCandidates } from '../../../src/server/ocr/parser/totalCandidates';
import { cannotBeName, storeCandidates, tidyName } from '../../../src/server/ocr/parser/storeCandidates';
import { dateCandidates } from '../../../src/server/ocr/parser/dateCandidates';
import { toLines } from '../../../src/server/ocr/parser/text';

const featuresOf = (text: string, value: number, itemsSum: number | null = null) => {
  const c = totalCandidates(toLines(text), itemsSum).candidates.find((x) => Math.abs(x.value - value) < 0.005);
  if (!c) throw new Error(`no candidate ${value}`);
  return c.features;
};

describe('the picker model', () => {
  test('rank gives softmax shares that sum to one, best first', () => {
    const ranked = rank({ a: 2, b: -1 }, [
      { value: 'x', features: { a: 0 } },
      { value: 'y', features: { a: 1 } },
      { value: 'z', features: { b: 1 } },
    ]);
    expect(ranked.map((r) => r.value)).toEqual(['y', 'x', 'z']);
    expect(ranked.reduce((s, r) => s + r.p, 0)).toBeCloseTo(1, 10);
    expect(ranked[0].p).toBeCloseTo(Math.exp(2) / (Math.exp(2) + 1 + Math.exp(-1)), 10);
  });

  test('fitting learns which feature marks the right candidate, and does so reproducibly', () => {
    // In every group the right candidate is the one with `good`; `noise` is unrelated to it.
    const groups = Array.from({ length: 40 }, (_, i) => ({
      candidates: [
        { good: 1, noise: i % 2 },
        { good: 0, noise: (i + 1) % 2 },
        { good: 0, noise: 1 },
      ],
      gold: [0],
    }));
    const w = fitWeights(groups, { iterations: 500 });
    expect(w.good).toBeGreaterThan(2);
    expect(Math.abs(w.noise)).toBeLessThan(w.good / 2);
    expect(fitWeights(groups, { iterations: 500 })).toEqual(w);
  });

  test('fitting with nothing to learn from (no groups, a lone candidate, no right one) gives no weights', () => {
    expect(fitWeights([])).toEqual({});
    expect(
      fitWeights([
        { candidates: [{ a: 1 }], gold: [0] },
        { candidates: [{ a: 1 }, { b: 1 }], gold: [] },
      ]),
    ).toEqual({});
  });

  test('cross-validation says, receipt by receipt, whether weights fitted without it pick it right', () => {
    // The right candidate carries `good`, except in the last group, whose value no candidate holds
    // ("none of these" is right there, and the picker never returns it).
    const groups: TrainingGroup[] = Array.from({ length: 20 }, (_, i) => ({
      candidates: [{ good: 0, noise: i % 2 }, { good: 1, noise: (i + 1) % 2 }, { none: 1 }] as Features[],
      gold: i === 19 ? [2] : [1],
    }));
    const right = crossValidatedPicks(groups, 0.001, 4);
    expect(right).toHaveLength(20);
    expect(right.slice(0, 19).every(Boolean)).toBe(true);
    expect(right[19]).toBe(false);
    expect(crossValidatedPicks(groups, 0.001, 4)).toEqual(right);
  });

  test('cross-validation by store judges each store by weights that never saw it', () => {
    // Store A's name carries `a`; store B prints its name with `b` and an `a` line above it. A
    // picker that has seen both learns both; one that has seen only B takes A's `a` line for a
    // wrong one, and the other way round.
    const a = (): TrainingGroup => ({ candidates: [{ a: 1 }, { other: 1 }, { none: 1 }], gold: [0] });
    const b = (): TrainingGroup => ({ candidates: [{ a: 1 }, { b: 1 }, { none: 1 }], gold: [1] });
    const groups = Array.from({ length: 20 }, (_, i) => (i % 2 ? b() : a()));
    const stores = groups.map((_, i) => (i % 2 ? 'B' : 'A'));
    // By position every fold holds receipts of both stores.
    expect(crossValidatedPicks(groups, 0.001, 4).every(Boolean)).toBe(true);
    expect(crossValidatedPicks(groups, 0.001, 4, stores).some(Boolean)).toBe(false);
  });

  test('groups whose answer is not among the candidates teach nothing but the "none" option', () => {
    const w = fitWeights(
      [
        { candidates: [{ a: 1 }, { none: 1 }], gold: [1] },
        { candidates: [{ a: 1 }, { none: 1 }], gold: [1] },
        { candidates: [{ a: 1 }, { none: 1 }], gold: [0] },
      ],
      { iterations: 500 },
    );
    expect(w.none).toBeGreaterThan(w.a);
  });
});

describe("total candidates carry the receipt's own arithmetic", () => {
  test('a total misread by one digit: subtotal + tax gives a candidate that repairs the label', () => {
    const text = ['Coffee 4.50', 'Bagel 3.25', 'SUBTOTAL 7.75', 'TAX 0.62', 'TOTAL 8.97'].join('\n');
    const repaired = featuresOf(text, 8.37, 7.75);
    expect(repaired).toMatchObject({ derived: 1, repairs_label: 1, eq_chain: 1, eq_items_tax: 1 });
    const printed = featuresOf(text, 8.97);
    expect(printed).toMatchObject({ total: 1, derived: 0, eq_chain: 0 });
  });

  test('cash minus change agrees with the total; the cash tendered is labelled as cash', () => {
    const text = ['SUBTOTAL 18.40', 'TOTAL 18.40', 'CASH 20.00', 'CHANGE 1.60'].join('\n');
    expect(featuresOf(text, 18.4)).toMatchObject({ total: 1, subtotal: 1, eq_cash_less_change: 1 });
    expect(featuresOf(text, 20)).toMatchObject({ cash: 1, total: 0, largest: 1, eq_cash_less_change: 0 });
    expect(featuresOf(text, 1.6)).toMatchObject({ change: 1 });
  });

  test('a tax line is told from the total, and an inclusive-tax remark does not make a total a tax', () => {
    const text = ['SUBTOTAL 10.00', 'GST 6% 0.60', 'TOTAL (INCL. GST) 10.60'].join('\n');
    expect(featuresOf(text, 0.6)).toMatchObject({ tax: 1, total: 0 });
    expect(featuresOf(text, 10.6)).toMatchObject({ total: 1, tax: 0, eq_chain: 1 });
  });

  test('a garbled label still reads as a total; a lost decimal point is flagged against the subtotal', () => {
    expect(featuresOf(['SUBTOTAL 12.00', 'T0TAL 12.00'].join('\n'), 12)).toMatchObject({ total: 1 });
    const lost = featuresOf(['SUBTOTAL 48.50', 'TOTAL 485.00'].join('\n'), 485);
    expect(lost).toMatchObject({ decimal_lost: 1, far_above_rest: 1 });
  });

  test('a cash-rounded total and the unrounded total it comes from know of each other', () => {
    const text = ['SUBTOTAL 52.08', 'TOTAL 52.08', 'ROUNDING ADJ 0.02', 'TOTAL ROUNDED 52.10'].join('\n');
    expect(featuresOf(text, 52.1)).toMatchObject({ cash_rounding_of_total: 1, rounds_to_printed: 0 });
    expect(featuresOf(text, 52.08)).toMatchObject({ cash_rounding_of_total: 0, rounds_to_printed: 1 });
  });

  test('items that add up to the subtotal are evidence for it', () => {
    const text = ['Milk 3.00', 'Bread 2.50', 'SUBTOTAL 5.50', 'TOTAL 5.50'].join('\n');
    expect(featuresOf(text, 5.5, 5.5)).toMatchObject({ eq_items: 1, eq_subtotal: 1 });
  });
});

describe('store and date candidates', () => {
  test('names are tidied as printed names are spaced', () => {
    expect(tidyName('S.H.H.MOTOR(SUNGAI RENGIT ) SDN.BHD')).toBe('S.H.H.MOTOR (SUNGAI RENGIT) SDN. BHD.');
    expect(tidyName('URBAN IDEA SDN BHD.')).toBe('URBAN IDEA SDN BHD');
    expect(tidyName('MAKASSAR FRESH MARKET S/B.')).toBe('MAKASSAR FRESH MARKET S/B');
    expect(tidyName('MR.D.I.Y. (KUCHAI) SDN BHD')).toBe('MR. D.I.Y. (KUCHAI) SDN BHD');
    expect(tidyName('Taco Time -Kenmore')).toBe('Taco Time - Kenmore');
    expect(tidyName('Firepoint Gri11')).toBe('Firepoint Grill');
  });

  test('numbers, specks and marks around a name are cleaned off; a trailing & says the name goes on', () => {
    const values = (text: string) => storeCandidates(toLines(text)).map((c) => c.value);
    expect(values("Wendy's Restaurant #00003675")).toContain("Wendy's Restaurant");
    expect(values('#Noches De Colombia')).toContain('Noches De Colombia');
    expect(values('THE MARCO POLO . KITCH\nX')).toContain('THE MARCO POLO KITCH');
    expect(values("DOMINO 'S PIZZA")).toContain("DOMINO'S PIZZA");
    const home = storeCandidates(toLines('HOME MASTER HARDWARE &\nELECTRICAL'));
    expect(home.find((c) => c.value === 'HOME MASTER HARDWARE &')?.features).toMatchObject({ dangling: 1 });
    expect(home.find((c) => c.value === 'HOME MASTER HARDWARE & ELECTRICAL')?.features).toMatchObject({ join_completes: 1 });
  });

  test('a name printed beside a field is a candidate of its own, and a logo word over the full name is marked', () => {
    const beside = storeCandidates(toLines('Server:\nFourthStreetMill    Receipt\n2124 BONITA AVENUE'));
    expect(beside.find((c) => c.value === 'FourthStreetMill')?.features).toMatchObject({ segment: 1 });
    const logo = storeCandidates(toLines('PASTA\nAE1R\nBella Pasta\n223 Newport Ave'));
    expect(logo.find((c) => c.value === 'Bella Pasta')?.features).toMatchObject({ echoes_above: 1 });
    expect(logo.find((c) => c.value === 'PASTA')?.features).toMatchObject({ echoed_below: 1 });
    const spread = storeCandidates(toLines('-THE\nPLACE\n2BE\nThe Place 2 Be'));
    expect(spread.find((c) => c.value === 'The Place 2 Be')?.features).toMatchObject({ echoes_above: 1 });
    expect(storeCandidates(toLines('IKEA\nIKEA FOOD')).find((c) => c.value === 'IKEA IKEA FOOD')?.features).toMatchObject({ repeats_word: 1 });
  });

  test('a logo read with letters wrong over the name printed in full is marked both ways; a branch number and a line under the items are marked', () => {
    const garbled = storeCandidates(toLines('HEART SPORTUGA\nHeart of Portugal Restaurant\n241 Mineola Blvd'));
    expect(garbled.find((c) => c.value === 'HEART SPORTUGA')?.features).toMatchObject({ garbled_echo_below: 1 });
    expect(garbled.find((c) => c.value === 'Heart of Portugal Restaurant')?.features).toMatchObject({ garbled_echo_above: 1 });
    // Lines that merely share a few letters are not echoes.
    const apart = storeCandidates(toLines('GOLDEN SPOON\nNew Portugal Market\n12 Main Street'));
    expect(apart.every((c) => !c.features.garbled_echo_above && !c.features.garbled_echo_below)).toBe(true);
    const branch = storeCandidates(toLines('**PURCHASE **\nPanda Express #2614\nBrooklyn, NY\n1 Plate 9.10\nCHOW MEIN-1/2'));
    expect(branch.find((c) => c.value === 'Panda Express #2614')?.features).toMatchObject({ store_number: 1, after_amount: 0 });
    expect(branch.find((c) => c.value === 'CHOW MEIN-1/2')?.features).toMatchObject({ after_amount: 1 });
  });

  test('the first line of real words is marked, whatever scraps or an address stand above it; lines under it count them', () => {
    const cands = storeCandidates(toLines(['~~ 4 ~~', '12 Main Street', 'Golden Spoon Diner', 'Fresh Daily Bakery', 'Dine In'].join('\n')));
    const of = (value: string) => cands.find((c) => c.value === value)?.features;
    expect(of('12 Main Street')).toMatchObject({ first_wordy: 1, wordy_above: 0 });
    expect(of('Golden Spoon Diner')).toMatchObject({ first_wordy: 1, wordy_above: 0 });
    expect(of('Fresh Daily Bakery')).toMatchObject({ first_wordy: 0, wordy_above: 1 / 3 });
    expect(of('Dine In')).toMatchObject({ first_wordy: 0, wordy_above: 2 / 3 });
  });

  test('a name a second recogniser read alike in the header is marked; one it read otherwise is not, and it adds no names', () => {
    const lines = toLines('99 SPEED HART S/B\nLOT 2811 JALAN ANGSA\nTAMAN BERKELEY');
    const at = (second?: string) => ({ conf: 90, height: 20, centre: 100, pageLeft: 0, pageWidth: 200, ...(second === undefined ? {} : { second }) });
    const cands = storeCandidates(lines, [at('99 SPEED MART S/B'), at('LOT 2811 JALAN ANGSA'), at()]);
    const named = (value: string) => cands.find((c) => c.value === value)?.features;
    expect(named('99 SPEED HART S/B')).toMatchObject({ read_alike: 0 });
    expect(named('LOT 2811 JALAN ANGSA')).toMatchObject({ read_alike: 1 });
    // A line the second recogniser did not read is its own reading.
    expect(named('TAMAN BERKELEY')).toMatchObject({ read_alike: 1 });
    expect(named('99 SPEED MART S/B')).toBeUndefined();
    // Without a second reading nothing is marked.
    expect(storeCandidates(lines, [at(), at(), at()]).every((c) => c.features.read_alike === undefined)).toBe(true);
  });

  test('common OCR slips in names are repaired: & read as S, EHD for BHD, S/R for S/B, one letter of a shop word', () => {
    expect(tidyName('TEO HENG STATIONERY S BOOKS')).toBe('TEO HENG STATIONERY & BOOKS');
    expect(tidyName('GARDENIA BAKERIES (KL) SDN EHD')).toBe('GARDENIA BAKERIES (KL) SDN BHD');
    expect(tidyName('SOON FATT S/R')).toBe('SOON FATT S/B');
    expect(tidyName('AIK HUAT HARDNARE')).toBe('AIK HUAT HARDWARE');
  });

  test('a line that goes on from the one above cannot stand alone, and a town with its state is marked', () => {
    const cands = storeCandidates(toLines(['POPULAR BOOK', 'CO. (M) SDN BHD', 'HOME MASTER HARDWARE', '& ELECTRICAL', 'Covina, CA', 'DINE IN'].join('\n')));
    expect(cands.find((c) => c.value === 'CO. (M) SDN BHD')?.features).toMatchObject({ connector_start: 1 });
    expect(cands.find((c) => c.value === 'POPULAR BOOK')?.features).toMatchObject({ continued_below: 1 });
    expect(cands.find((c) => c.value === 'POPULAR BOOK CO. (M) SDN BHD')?.features).toMatchObject({ join_completes: 1 });
    expect(cands.find((c) => c.value === 'HOME MASTER HARDWARE & ELECTRICAL')?.features).toMatchObject({ join_completes: 1 });
    expect(cands.find((c) => c.value === 'Covina, CA')?.features).toMatchObject({ place: 1 });
    expect(cands.find((c) => c.value === 'DINE IN')?.features).toMatchObject({ place: 0, meta: 1 });
  });

  test('a line that speaks to the reader is marked, and a shop word with a branch number is no name', () => {
    const cands = storeCandidates(
      toLines(['JOIN US FOR BRUNCH', 'Place Your Card Here', "MARIE CALLENDER'S", 'Store #0134', 'Panda Express #2614'].join('\n')),
    );
    const of = (v: string) => cands.find((c) => c.value === v)!.features;
    expect(of('JOIN US FOR BRUNCH')).toMatchObject({ pronoun: 1 });
    expect(of('Place Your Card Here')).toMatchObject({ pronoun: 1 });
    expect(of("MARIE CALLENDER'S")).toMatchObject({ pronoun: 0 });
    expect(of('Store #0134')).toMatchObject({ lone_shop_word: 1 });
    expect(cannotBeName(of('Store #0134'))).toBe(true);
    expect(of('Panda Express #2614')).toMatchObject({ lone_shop_word: 0, store_number: 1 });
    expect(cannotBeName(of('Panda Express #2614'))).toBe(false);
  });

  test('header lines and their joins are candidates, each described by what it looks like', () => {
    const cands = storeCandidates(toLines(['KEDAI MAJU JAYA', 'SDN BHD', 'NO. 5, JALAN BUNGA RAYA', 'TEL 03-1234 5678'].join('\n')));
    const joined = cands.find((c) => c.value === 'KEDAI MAJU JAYA SDN BHD');
    expect(joined?.features).toMatchObject({ joined_one: 1, ends_in_legal_line: 1, legal_end: 1 });
    expect(cands.find((c) => c.value.startsWith('NO. 5'))?.features).toMatchObject({ address: 1 });
    expect(cands.find((c) => c.value.startsWith('TEL'))?.features).toMatchObject({ phone: 1 });
  });

  test('dates carry their label, a time beside them and their plausibility', () => {
    const today = new Date(Date.UTC(2026, 0, 1));
    const cands = dateCandidates(toLines(['Date: 05/03/2025 10:22', 'Valid until 05/03/2035'].join('\n')), 'DMY', today);
    expect(cands.find((c) => c.value === '2025-03-05')?.features).toMatchObject({ date_label: 1, time_beside: 1, implausible: 0, first_date: 1 });
    expect(cands.find((c) => c.value === '2035-03-05')?.features).toMatchObject({ other_label: 1, implausible: 1 });
  });
});
