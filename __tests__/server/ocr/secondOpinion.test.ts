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
});
