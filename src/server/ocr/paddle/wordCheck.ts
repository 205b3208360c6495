/**
 * A word read with a letter or two unsure is checked against the lexicon: when what was read is
 * no word, and the recogniser's runner-up letter in one or two of its unsure places makes one,
 * that word is the reading ('BIILION' → 'BILLION', 'CNE' → 'ONE'). A word that is already a word,
 * or that no runner-up makes one, is kept as read: names are often no English word.
 */
import { isKnownWord } from '../lexicon';
import type { CharAlternative, ReadSegment } from './recognize';

/** The runner-up must be at least this likely against the letter read (weighed on the train sets). */
const MIN_ODDS = 0.05;
const MAX_PLACES = 3;
const MAX_CHANGES = 2;

/** The letter in the case of the word around it: capitals in a word of capitals, else the case of the letter it replaces. */
function inCase(letter: string, word: string, at: number): string {
  const others = (word.slice(0, at) + word.slice(at + 1)).replace(/[^A-Za-z]/g, '');
  if (others && others === others.toUpperCase()) return letter.toUpperCase();
  const was = word[at];
  if (/[A-Z]/.test(was)) return letter.toUpperCase();
  return /[a-z]/.test(was) || at > 0 ? letter.toLowerCase() : letter;
}

/** The likeliest known word the runner-ups make of `word` (its alternatives' positions are relative to it). */
function checkedWord(word: string, alts: CharAlternative[]): string {
  if (isKnownWord(word)) return word;
  const places = [...alts].sort((a, b) => a.p - b.p).slice(0, MAX_PLACES);
  let best = word;
  let bestOdds = MIN_ODDS;
  const visit = (from: number, chars: string[], odds: number, changes: number) => {
    if (changes > 0) {
      const candidate = chars.join('');
      if (odds >= bestOdds && /^[A-Za-z]+$/.test(candidate) && isKnownWord(candidate)) {
        best = candidate;
        bestOdds = odds;
      }
    }
    if (changes === MAX_CHANGES) return;
    for (let k = from; k < places.length; k++) {
      const { at, p, alt, altP } = places[k];
      const next = [...chars];
      next[at] = inCase(alt, word, at);
      visit(k + 1, next, (odds * altP) / Math.max(p, 1e-6), changes + 1);
    }
  };
  visit(0, [...word], 1, 0);
  return best;
}

/** A reading with each unsure word checked; its text keeps its length, so positions hold. */
function checkedText(text: string, alts: CharAlternative[] | undefined): string {
  if (!alts?.length) return text;
  return text.replace(/[A-Za-z0-9]{3,}/g, (word: string, start: number) => {
    if (!/[A-Za-z].*[A-Za-z]/.test(word)) return word;
    const inside = alts.filter((a) => a.at >= start && a.at < start + word.length).map((a) => ({ ...a, at: a.at - start }));
    return inside.length ? checkedWord(word, inside) : word;
  });
}

/** The segment with each unsure word checked, in both readings where it was read twice. */
export function withWordsChecked(seg: ReadSegment): ReadSegment {
  const text = checkedText(seg.text, seg.alts);
  const second = seg.second && { ...seg.second, text: checkedText(seg.second.text, seg.second.alts) };
  if (text === seg.text && second?.text === seg.second?.text) return seg;
  return { ...seg, text, ...(second ? { second } : {}) };
}
