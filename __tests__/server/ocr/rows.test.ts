import { rowsFromSegments } from '../../../src/server/ocr/paddle/rows';
import type { ReadSegment } from '../../../src/server/ocr/paddle/recognize';

const deg = (d: number) => (d * Math.PI) / 180;
const seg = (text: string, cx: number, cy: number, width: number, angle = 0): ReadSegment => ({
  text,
  conf: 0.95,
  region: { cx, cy, width, height: 26, angle: deg(angle), score: 0.9 },
});

describe('rowsFromSegments', () => {
  it('joins each price to its name where a bent receipt slants less at the bottom than at the top', () => {
    // The items slant 5° down to the left (a photo taken at an angle); the totals block and
    // the footer near the bottom are almost level. The page's median slant is the items'.
    const items = ['1 BUCATINI', '1 RAVIOLO', '1 OCTOPUS', '1 HALIBUT', '1 SNAPPER', '1 TARTARE', '1 MARTINI', '1 YODEL'].flatMap((name, i) => {
      const y = 100 + 30 * i;
      return [seg(name, 160, y, 120, -5), seg(`${10 + i}.00`, 440, y - 24, 60, -5)];
    });
    const totals = [
      seg('Subtotal', 180, 400, 90, -1),
      seg('309.00', 450, 395, 70),
      seg('Tax', 160, 428, 40),
      seg('24.72', 455, 423, 62),
      seg('Total', 170, 456, 80, -1),
      seg('333.72', 450, 451, 70),
    ];
    const footer = [seg('VISA CARD PAYMENT', 250, 490, 220, -1), seg('THANK YOU FOR DINING', 250, 520, 240), seg('PLEASE COME AGAIN', 250, 550, 210)];
    const text = rowsFromSegments([...items, ...totals, ...footer]).map((r) => r.text.replace(/\s+/g, ' '));
    expect(text).toEqual([
      '1 BUCATINI 10.00',
      '1 RAVIOLO 11.00',
      '1 OCTOPUS 12.00',
      '1 HALIBUT 13.00',
      '1 SNAPPER 14.00',
      '1 TARTARE 15.00',
      '1 MARTINI 16.00',
      '1 YODEL 17.00',
      'Subtotal 309.00',
      'Tax 24.72',
      'Total 333.72',
      'VISA CARD PAYMENT',
      'THANK YOU FOR DINING',
      'PLEASE COME AGAIN',
    ]);
  });

  it('pairs a price with its name by their own slant where the names were read level and the prices slanted', () => {
    // Names read at 0°, prices far to the right at -4° (the paper curls): each price sits a third
    // of a line below the line of the name before it, and belongs to the name level with its own slant.
    const names = ['Transaction 104379', 'Onion Bhajia', 'Lamb Vindaloo', 'Konkan Fish Curry', 'Shrimp Briyani', 'Garlic Naan'];
    const segs = names.flatMap((name, i) => {
      const y = 380 + 19 * i;
      return i === 0 ? [seg(name, 240, y, 160)] : [seg(name, 240, y, 120), seg(`$${i}.95`, 505, y - 9, 55, -4)];
    });
    const text = rowsFromSegments(segs).map((r) => r.text.replace(/\s+/g, ' '));
    expect(text).toEqual([
      'Transaction 104379',
      'Onion Bhajia $1.95',
      'Lamb Vindaloo $2.95',
      'Konkan Fish Curry $3.95',
      'Shrimp Briyani $4.95',
      'Garlic Naan $5.95',
    ]);
  });

  it('keeps a wide gap between a name and its price, and drops a lone unsure speck', () => {
    const rows = rowsFromSegments([seg('MILK', 100, 50, 60), seg('3.20', 400, 50, 50), { ...seg('l', 250, 120, 8), conf: 0.3 }]);
    expect(rows.map((r) => r.text)).toEqual(['MILK    3.20']);
  });

  it("builds a row's second reading from its segments' second readings, and the first where a segment has none", () => {
    const read = (s: ReadSegment, text: string, conf: number): ReadSegment => ({ ...s, second: { text, conf, alts: [] } });
    const rows = rowsFromSegments([read(seg('99 SPEED HART', 150, 50, 200), '99 SPEED MART', 0.9), seg('S/B', 275, 50, 40), seg('MILK', 100, 120, 60)]);
    expect(rows.map((r) => r.text)).toEqual(['99 SPEED HART S/B', 'MILK']);
    expect(rows[0].second).toBe('99 SPEED MART S/B');
    expect(rows[1].second).toBeUndefined();
  });
});
