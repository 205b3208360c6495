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
  const mine = withoutSpaces(seg.text);
  const theirs = withoutSpaces(second.text).chars;
  if (mine.chars.length !== theirs.length) return seg;
  const chars = [...seg.text];
  const kept = seg.alts.filter((a) => {
    const their = chars[a.at] === ' ' ? undefined : theirs[mine.place[a.at]];
    if (their === undefined || their.toLowerCase() !== a.alt.toLowerCase() || their.toLowerCase() === chars[a.at].toLowerCase()) return true;
    if (a.altP / Math.max(a.p, 1e-6) < MIN_ODDS) return true;
    chars[a.at] = their;
    return false;
  });
  const text = chars.join('');
  return text === seg.text ? seg : { ...seg, text, alts: kept };
}

/**
 * A reading's characters that are not spaces; for each of them whether a space stands before it;
 * and for each place in the text, the index among them of the character there (for a space, of
 * the character after it).
 */
function withoutSpaces(text: string): { chars: string[]; spaced: boolean[]; place: number[] } {
  const chars: string[] = [];
  const spaced: boolean[] = [];
  const place: number[] = [];
  let pending = false;
  for (const c of text) {
    place.push(chars.length);
    if (c === ' ') pending = true;
    else {
      chars.push(c);
      spaced.push(pending);
      pending = false;
    }
  }
  return { chars, spaced, place };
}

function withSecondSpaces(seg: ReadSegment): ReadSegment {
  const second = seg.second;
  if (!second || second.text === seg.text || !seg.text.includes(' ')) return seg;
  const mine = withoutSpaces(seg.text);
  const theirs = withoutSpaces(second.text);
  // The same number of characters: the two readings are then taken to align one to one.
  if (mine.chars.length !== theirs.chars.length) return seg;
  const letters = (k: number) => [mine.chars[k], theirs.chars[k]].every((c) => c !== undefined && LETTER.test(c));
  // A space between the characters `next - 1` and `next` goes where the second reader saw none.
  const dropped = (c: string, next: number) => c === ' ' && !theirs.spaced[next] && letters(next - 1) && letters(next);
  // New index of each kept character, to move the unsure places with their characters.
  const moved: number[] = [];
  let text = '';
  [...seg.text].forEach((c, at) => {
    moved[at] = dropped(c, mine.place[at]) ? -1 : text.length;
    if (moved[at] >= 0) text += c;
  });
  if (text === seg.text) return seg;
  const alts = seg.alts?.flatMap((a) => (moved[a.at] >= 0 ? [{ ...a, at: moved[a.at] }] : []));
  return { ...seg, text, ...(alts ? { alts } : {}) };
}
