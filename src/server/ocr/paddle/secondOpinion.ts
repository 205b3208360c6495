/**
 * Two recognisers on one segment: where the first was unsure of a character and its own
 * runner-up, not far less likely, is what the second read there, both models point to the
 * runner-up, and it is taken.
 * Only readings of the same length are compared, character by character.
 */
import type { ReadSegment } from './recognize';

/** The runner-up must be at least this likely against the letter read (weighed on the train sets). */
const MIN_ODDS = 0.1;

export function withSecondOpinion(seg: ReadSegment): ReadSegment {
  const second = seg.second;
  if (!second || !seg.alts?.length || second.text.length !== seg.text.length || second.text === seg.text) return seg;
  const chars = [...seg.text];
  const kept = seg.alts.filter((a) => {
    const theirs = second.text[a.at];
    if (theirs === undefined || theirs.toLowerCase() !== a.alt.toLowerCase() || theirs.toLowerCase() === chars[a.at].toLowerCase()) return true;
    if (a.altP / Math.max(a.p, 1e-6) < MIN_ODDS) return true;
    chars[a.at] = theirs;
    return false;
  });
  const text = chars.join('');
  return text === seg.text ? seg : { ...seg, text, alts: kept };
}
