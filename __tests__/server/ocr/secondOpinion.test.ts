import type { CharAlternative, ReadSegment } from '../../../src/server/ocr/paddle/recognize';
import { withSecondOpinion } from '../../../src/server/ocr/paddle/secondOpinion';

const region = { cx: 100, cy: 20, width: 200, height: 20, angle: 0, score: 0.99 };
const seg = (text: string, alts: CharAlternative[], second?: string): ReadSegment => ({
  region,
  text,
  conf: 0.9,
  alts,
  ...(second === undefined ? {} : { second: { text: second, conf: 0.9, alts: [] } }),
});

describe("a second recogniser's reading of a segment", () => {
  it("takes the first reader's runner-up where the second read exactly that", () => {
    const out = withSecondOpinion(seg('99 SPEED HART', [{ at: 9, p: 0.64, alt: 'M', altP: 0.26 }], '99 SPEED MART'));
    expect(out.text).toBe('99 SPEED MART');
    // The repaired place is no longer unsure: the word check leaves it.
    expect(out.alts).toEqual([]);
    expect(withSecondOpinion(seg('YONG SOON FAIT', [{ at: 12, p: 0.7, alt: 't', altP: 0.2 }], 'YONG SOON FATT')).text).toBe('YONG SOON FATT');
  });

  it('keeps the first reading where the second read another letter than its runner-up, or where they differ elsewhere', () => {
    expect(withSecondOpinion(seg('99 SPEED HART', [{ at: 9, p: 0.64, alt: 'M', altP: 0.26 }], '99 SPEED NART')).text).toBe('99 SPEED HART');
    // A place the first reader was sure of is never changed, whatever the second read.
    expect(withSecondOpinion(seg('LAN HING', [{ at: 4, p: 0.8, alt: 'K', altP: 0.1 }], 'LAN KINO')).text).toBe('LAN KING');
    expect(withSecondOpinion(seg('LAN HING', [{ at: 4, p: 0.8, alt: 'K', altP: 0.1 }], 'LAN KINO')).alts).toEqual([]);
    // A runner-up far less likely than the letter read is not taken on the second's word alone.
    expect(withSecondOpinion(seg('TEO HENG', [{ at: 2, p: 0.89, alt: 'D', altP: 0.06 }], 'TED HENG')).text).toBe('TEO HENG');
  });

  it('leaves a segment read once, read alike, or read to another length as it was', () => {
    const once = seg('99 SPEED HART', [{ at: 9, p: 0.64, alt: 'M', altP: 0.26 }]);
    expect(withSecondOpinion(once)).toBe(once);
    const alike = seg('99 SPEED HART', [{ at: 9, p: 0.64, alt: 'M', altP: 0.26 }], '99 SPEED HART');
    expect(withSecondOpinion(alike)).toBe(alike);
    const longer = seg('LAN HING', [{ at: 1, p: 0.6, alt: 'I', altP: 0.3 }], 'LIAN HING');
    expect(withSecondOpinion(longer)).toBe(longer);
  });

  it('keeps a space between two letters only where the second reader saw it too', () => {
    expect(withSecondOpinion(seg('JAL ISCO', [], 'JALISCO')).text).toBe('JALISCO');
    expect(withSecondOpinion(seg('S&Y STAT IONERY', [], 'S&Y STATIONERY')).text).toBe('S&Y STATIONERY');
    // The unsure places after a dropped space move with their letters.
    const moved = withSecondOpinion(seg('Dom inican Restaurant', [{ at: 5, p: 0.8, alt: 'l', altP: 0.1 }], 'Dominican Restaurant'));
    expect(moved.text).toBe('Dominican Restaurant');
    expect(moved.alts).toEqual([{ at: 4, p: 0.8, alt: 'l', altP: 0.1 }]);
    // A space both saw stays, and the second reader's own extra spaces are not taken.
    expect(withSecondOpinion(seg('PappaRi ch BMC', [], 'PappaR i ch BMC')).text).toBe('PappaRi ch BMC');
    expect(withSecondOpinion(seg('Family Restaurant', [], 'Fa mily Restaurant')).text).toBe('Family Restaurant');
  });

  it('leaves a space beside a digit or a mark, or in a segment read to another number of characters', () => {
    expect(withSecondOpinion(seg('12/03/2018 10:15', [], '12/03/201810:15')).text).toBe('12/03/2018 10:15');
    expect(withSecondOpinion(seg('TEL : 03-555', [], 'TEL: 03-555')).text).toBe('TEL : 03-555');
    expect(withSecondOpinion(seg('LAN HING', [], 'LIANHING')).text).toBe('LAN HING');
    expect(withSecondOpinion(seg('LAN HING', [], 'LAN-HING')).text).toBe('LAN HING');
  });

  it('compares the letters once the spaces agree', () => {
    expect(withSecondOpinion(seg('TRENDY HAX', [{ at: 7, p: 0.6, alt: 'M', altP: 0.3 }], 'TRENDYMAX')).text).toBe('TRENDYMAX');
  });
});
