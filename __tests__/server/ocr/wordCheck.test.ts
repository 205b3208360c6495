import type { CharAlternative, ReadSegment } from '../../../src/server/ocr/paddle/recognize';
import { withWordsChecked } from '../../../src/server/ocr/paddle/wordCheck';

const region = { cx: 100, cy: 20, width: 200, height: 20, angle: 0, score: 0.99 };
const read = (text: string, alts: CharAlternative[]): string => withWordsChecked({ region, text, conf: 0.9, alts } satisfies ReadSegment).text;

describe('checking unsure words against the lexicon', () => {
  it("takes the recogniser's runner-up letter when it makes a word of what is none", () => {
    expect(read('BIILION SIX ENTERPRISE', [{ at: 2, p: 0.57, alt: 'L', altP: 0.37 }])).toBe('BILLION SIX ENTERPRISE');
    expect(read('CNE ONE THREE SEAFOOD', [{ at: 0, p: 0.88, alt: 'O', altP: 0.12 }])).toBe('ONE ONE THREE SEAFOOD');
    // Two unsure places, both needed.
    expect(
      read('HARDWAKE SHUP', [
        { at: 6, p: 0.6, alt: 'R', altP: 0.3 },
        { at: 11, p: 0.7, alt: 'O', altP: 0.2 },
      ]),
    ).toBe('HARDWARE SHOP');
  });

  it('writes the letter in the case of the word', () => {
    expect(read('buardian Health', [{ at: 0, p: 0.73, alt: 'G', altP: 0.07 }])).toBe('guardian Health');
    expect(read('Bnead Cafe', [{ at: 1, p: 0.51, alt: 'R', altP: 0.41 }])).toBe('Bread Cafe');
  });

  it('leaves a word that is already one, receipt vocabulary, and names no runner-up makes a word', () => {
    expect(read('99 SPEED HART', [{ at: 9, p: 0.64, alt: 'M', altP: 0.26 }])).toBe('99 SPEED HART');
    expect(read('ACME SDN. BHD', [{ at: 6, p: 0.92, alt: 'O', altP: 0.06 }])).toBe('ACME SDN. BHD');
    expect(read('UNIHAKKA INTERNATIONAL', [{ at: 5, p: 0.8, alt: 'X', altP: 0.1 }])).toBe('UNIHAKKA INTERNATIONAL');
  });

  it('leaves a letter whose runner-up is far less likely', () => {
    expect(read('BIILION', [{ at: 2, p: 0.94, alt: 'L', altP: 0.001 }])).toBe('BIILION');
  });

  it('reads a digit in a word of letters as the letter it could be', () => {
    expect(read('SECT1ON U6', [{ at: 4, p: 0.57, alt: 'I', altP: 0.37 }])).toBe('SECTION U6');
  });

  it('leaves a segment with nothing unsure as it was', () => {
    const seg: ReadSegment = { region, text: 'CNE', conf: 0.99 };
    expect(withWordsChecked(seg)).toBe(seg);
  });
});
