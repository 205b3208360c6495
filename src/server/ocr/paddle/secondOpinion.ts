/**
 * Two recognisers on one segment:
 * - Letters: where the first was unsure of a character and its own runner-up, not far less
 *   likely, is what the second read there, both models point to the runner-up, and it is taken.
 *   Only readings of as many characters (spaces aside) are compared, character by character.
 * - Spaces: both recognisers sometimes break a word with a space ('JAL ISCO', 'STAT IONERY'),
 *   seldom at the same place. Where both read as many characters, a space between two letters
 *   is kept only if the second reader saw it too.
 */
import type { ReadSegment } from './recognize';

/** The runner-up must be at least this likely against the letter read (weighed on the train sets). */
const MIN_ODDS = 0.1;

const LETTER = /\p{L}/u;

export function withSecondOpinion(seg: ReadSegment): ReadSegment {
  return withSecondLetters(withSecondSpaces(seg));
}

function withSecondLetters(seg: ReadSegment): ReadSegment {
  const second = seg.second;
  if (!second || !seg.alts?.length || second.text === seg.text) return seg;
  // Characters are compared by their place among those that are not spaces, so that a space one
  // reader put inside a word does not shift the rest.
  const theirs = spacesBefore(second.text).chars;
  const ordinal: number[] = [];
  let n = 0;
  for (const c of seg.text) ordinal.push(c === ' ' ? -1 : n++);
  if (n !== theirs.length) return seg;
  const chars = [...seg.text];
  const kept = seg.alts.filter((a) => {
    const their = theirs[ordinal[a.at]];
    if (their === undefined || their.toLowerCase() !== a.alt.toLowerCase() || their.toLowerCase() === chars[a.at].toLowerCase()) return true;
    if (a.altP / Math.max(a.p, 1e-6) < MIN_ODDS) return true;
    chars[a.at] = their;
    return false;
  });
  const text = chars.join('');
  return text === seg.text ? seg : { ...seg, text, alts: kept };
}

/** For each character but a space, whether a space stands before it. */
function spacesBefore(text: string): { chars: string[]; spaced: boolean[] } {
  const chars: string[] = [];
  const spaced: boolean[] = [];
  let pending = false;
  for (const c of text) {
    if (c === ' ') pending = true;
    else {
      chars.push(c);
      spaced.push(pending);
      pending = false;
    }
  }
  return { chars, spaced };
}

function withSecondSpaces(seg: ReadSegment): ReadSegment {
  const second = seg.second;
  if (!second || second.text === seg.text || !seg.text.includes(' ')) return seg;
  const mine = spacesBefore(seg.text);
  const theirs = spacesBefore(second.text);
  // The same number of characters: the two readings are then taken to align one to one.
  if (mine.chars.length !== theirs.chars.length) return seg;
  const letters = (k: number) => [mine.chars[k], theirs.chars[k]].every((c) => c !== undefined && LETTER.test(c));
  // Old index of each kept character, to move the unsure places with their characters.
  const moved = new Map<number, number>();
  let text = '';
  let at = 0;
  let k = -1; // the last character before this place that is not a space
  for (const c of seg.text) {
    if (c !== ' ') k += 1;
    const dropped = c === ' ' && !theirs.spaced[k + 1] && letters(k) && letters(k + 1);
    if (!dropped) {
      moved.set(at, text.length);
      text += c;
    }
    at += 1;
  }
  if (text === seg.text) return seg;
  const alts = seg.alts?.flatMap((a) => (moved.has(a.at) ? [{ ...a, at: moved.get(a.at)! }] : []));
  return { ...seg, text, ...(alts ? { alts } : {}) };
}
