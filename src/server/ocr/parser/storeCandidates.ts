/**
 * Candidates for the store name: each of the header's lines, and each line joined with the one
 * or two below it (names wrap, legal forms go on their own line). What makes a line a name is
 * left to the fitted weights: where it stands, how large and how centred it is printed, how
 * sure the OCR was, and what it looks like (words, capitals, a legal form, an address, a phone
 * number, a label). No rule or word list names a particular store.
 */
import type { Features } from '../picker/model';
import { findMoney, letterRatio, lettersForDigits, toLines, type Line } from './text';
import {
  ADDRESS_RE,
  cleanStoreLine,
  COMPANY_RE,
  CONNECTOR_START_RE,
  DATE_OR_NUMBER_RE,
  LABEL_RE,
  LEGAL_END_RE,
  META_RE,
  normaliseLegalForm,
  PHONE_RE,
  isPlace,
  plausibleWords,
  SUFFIX_ONLY_RE,
} from './store';

/** Where and how a raw text line was printed (by raw line index). */
export interface LineLayout {
  /** OCR confidence 0-100. */
  conf: number;
  /** Text height in pixels. */
  height: number;
  /** Horizontal centre and the page's printed width, in pixels. */
  centre: number;
  pageLeft: number;
  pageWidth: number;
  /** The line as a second recogniser read it, where it read it (the header's lines). */
  second?: string;
}

export interface StoreCandidate {
  value: string;
  /** Positions (in `lines`) the name was taken from. */
  used: number[];
  features: Features;
}

/** The lines a name is looked for in. */
export const HEADER_LINES = 12;
const DANGLING_RE = /(\s&|\band|\bof|\bthe|-)$/i;

/**
 * A name as printed names are written: no space inside brackets, one around them, and the
 * usual OCR slips of a digit inside a word of letters repaired.
 */
export function tidyName(s: string): string {
  return normaliseLegalForm(
    joinSplitWords(s)
      .replace(/[A-Za-z0-9]+/g, lettersForDigits)
      // '&' between two capitalised words is often read as a lone S ("STATIONERY S BOOKS").
      .replace(/\b([A-Z]{3,}) S (?=[A-Z]{3,}\b)/g, '$1 & ')
      .replace(/\b(Mr|Mrs|Ms|Dr)\.(?=[A-Za-z])/gi, '$1. ')
      .replace(/([A-Za-z]) -(?=[A-Za-z])/g, '$1 - ') // 'Taco Time -Kenmore'
      // A bracket OCR lost before a short code ('BAKERIES KL) SDN BHD' for '(KL)').
      .replace(/(^|\s)([A-Z]{1,3})\)/g, (m, before: string, code: string, at: number, all: string) =>
        all.slice(0, at).includes('(') ? m : `${before}(${code})`,
      )
      .replace(/\(\s+/g, '(')
      .replace(/\s+\)/g, ')')
      .replace(/([A-Za-z0-9.])\(/g, '$1 (')
      .replace(/\)([A-Za-z0-9])/g, ') $1')
      .replace(/\s+([,.])/g, '$1')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** Short words in lower case that are words of a name, not the pieces of a broken one (with LOWER_NAME_WORDS). */
const SMALL_WORDS = new Set([
  'a',
  'an',
  'at',
  'by',
  'de',
  'da',
  'di',
  'du',
  'el',
  'en',
  'in',
  'la',
  'le',
  'of',
  'on',
  'or',
  'to',
  'y',
  'e',
  'n',
  'co',
  'bar',
  'pub',
  'inn',
  'sdn',
  'bhd',
]);

/** Small words a Title Case name keeps in lower case ('Lalo's Mexican at Navy Pier'). */
const LOWER_NAME_WORDS = new Set(['and', 'the', 'del', 'des', 'les', 'los', 'las', 'von', 'van', 'der', 'with', 'for', 'per', 'con', 'und']);

/**
 * A word OCR split in two inside a Title Case name ('Go lden Coin', 'Dom inican Restaurant'):
 * where every other word starts with a capital, a lower-case piece after a short capitalised
 * one is the rest of that word.
 */
function joinSplitWords(s: string): string {
  const words = s.split(/\s+/).filter((w) => /[A-Za-z]{2}/.test(w));
  const lower = words.filter((w) => /^[a-z]/.test(w) && !LOWER_NAME_WORDS.has(w.toLowerCase()));
  if (words.length < 3 || lower.length !== 1) return s;
  return s.replace(/\b([A-Z][a-z]{0,3}) ([a-z]{3,})\b/, (m, start: string, rest: string) => (LOWER_NAME_WORDS.has(rest) ? m : start + rest));
}

const squeeze = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

function median(xs: number[]): number {
  const s = xs.filter((x) => x > 0).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
}

function looks(s: string): Features {
  const letters = s.replace(/[^A-Za-z]/g, '');
  const nonSpace = s.replace(/\s/g, '');
  const words = s.split(/\s+/).filter(Boolean);
  const withoutBranch = s.replace(/\s*(?:#|\bno\.?)\s*\d+$/i, '').trim();
  return {
    letters: letterRatio(s),
    digits: nonSpace ? (nonSpace.match(/\d/g) ?? []).length / nonSpace.length : 0,
    plausible: plausibleWords(s),
    upper: letters.length >= 2 && letters === letters.toUpperCase() ? 1 : 0,
    words: Math.min(words.length, 6) / 6,
    length: Math.min(s.length, 50) / 50,
    short: letters.length < 4 ? 1 : 0,
    legal_end: LEGAL_END_RE.test(s) ? 1 : 0,
    company_word: COMPANY_RE.test(s) ? 1 : 0,
    meta: META_RE.test(s) ? 1 : 0,
    address: ADDRESS_RE.test(s) ? 1 : 0,
    phone: PHONE_RE.test(s) ? 1 : 0,
    place: isPlace(s) ? 1 : 0,
    label: LABEL_RE.test(s) ? 1 : 0,
    date_or_number: DATE_OR_NUMBER_RE.test(s) ? 1 : 0,
    suffix_only: SUFFIX_ONLY_RE.test(s) && words.length <= 2 ? 1 : 0,
    connector_start: CONNECTOR_START_RE.test(s) ? 1 : 0,
    // A word for a kind of shop, alone or with a branch number ('Restaurant', 'Store #0134').
    lone_shop_word: withoutBranch.split(/\s+/).length === 1 && COMPANY_RE.test(withoutBranch) ? 1 : 0,
    amount: findMoney(s).length ? 1 : 0,
    // A line that speaks to the reader ('Place Your Order', 'We Deliver') is a slogan or a notice.
    pronoun: /\b(?:you|your|we|our|us|my|me)\b/i.test(s) ? 1 : 0,
    // Marks of a garbled reading: a bracket without its pair ('(M SDN BHD'), words run together
    // by a full stop ('MIKUNI..JAPANESE'), a word broken by a space ('Enter pr i se').
    unbalanced_bracket: (s.match(/\(/g) ?? []).length !== (s.match(/\)/g) ?? []).length ? 1 : 0,
    dotted_words: /[A-Za-z]{2,}\.+[A-Za-z]{2,}/.test(s) ? 1 : 0,
    broken_word: words.some((w, i) => i > 0 && /^[a-z]{1,3}$/.test(w) && !LOWER_NAME_WORDS.has(w) && !SMALL_WORDS.has(w)) ? 1 : 0,
  };
}

/**
 * What can never be a name, whatever the weights say: a legal form alone ('SDN BHD'), a lone word
 * for a kind of shop ('Restaurant'), half a name whose next line goes on ('of Windham'), a line
 * ending in '&' or the rest of the line above ('& ELECTRICAL'), a 'label: value' field, an amount, a phone number, a date.
 */
export function cannotBeName(f: Features): boolean {
  return (
    f.suffix_only === 1 ||
    f.label === 1 ||
    f.amount === 1 ||
    f.phone === 1 ||
    f.lone_shop_word === 1 ||
    f.starts_with_shop_word === 1 ||
    f.continued_below === 1 ||
    f.dangling === 1 ||
    f.continues_above === 1 ||
    (f.date_or_number === 1 && f.letters < 0.5)
  );
}

/** A line of real words (four letters or more) that is no address, phone, place, label or receipt field. */
function isWordy(t: string): boolean {
  return (
    t.replace(/[^A-Za-z]/g, '').length >= 4 && plausibleWords(t) >= 0.67 && ![META_RE, ADDRESS_RE, PHONE_RE, LABEL_RE].some((re) => re.test(t)) && !isPlace(t)
  );
}

/** For each position, how many of the flags before it are set. */
function countAbove(flags: boolean[]): number[] {
  let n = 0;
  return flags.map((f) => {
    const above = n;
    if (f) n++;
    return above;
  });
}

/** The parts of a line printed apart (a wide gap): a name and a field beside it ('FourthStreetMill    Receipt'). */
const segmentsOf = (text: string) => text.split(/\s{3,}/).filter((p) => p.trim());

/**
 * The candidates of the header's lines as one recogniser read them: `reading` is each header
 * line's text in that reading; where and how the lines were printed comes from `lines` and `layout`.
 */
function readingCandidates(lines: Line[], reading: Line[], layout: (LineLayout | undefined)[] | undefined): StoreCandidate[] {
  const cleaned = reading.map((l) => cleanStoreLine(l.text));
  const header = lines.slice(0, HEADER_LINES);
  const squeezed = cleaned.map(squeeze);
  const heights = header.map((l) => layout?.[l.index]?.height ?? 0);
  const medianHeight = median(lines.map((l) => layout?.[l.index]?.height ?? 0));
  const below = lines
    .slice(HEADER_LINES)
    .map((l) => squeeze(l.text))
    .join('|');
  // Under the first line with an amount the items have begun: no header line comes after them.
  const firstAmount = header.findIndex((l) => findMoney(l.text).length > 0);
  const wordyAbove = countAbove(cleaned.map(isWordy));
  const out: StoreCandidate[] = [];
  const seen = new Set<string>();

  const add = (parts: string[], i: number, span: number, segment: boolean) => {
    const value = tidyName(parts.join(' '));
    if (value.length < 2 || value.length > 64 || !/[A-Za-z]{2}/.test(value)) return;
    const sq = squeeze(value);
    const key = `${sq}@${i}`;
    if (seen.has(key)) return;
    seen.add(key);
    const lay = layout?.[header[i].index];
    const f: Features = {
      ...looks(value),
      position: i / HEADER_LINES,
      // The name is mostly the first line of real words, whatever logo scraps or banners stand above it.
      first_wordy: wordyAbove[i] === 0 ? 1 : 0,
      wordy_above: Math.min(wordyAbove[i], 3) / 3,
      first: i === 0 ? 1 : 0,
      joined_one: span === 2 ? 1 : 0,
      joined_two: span === 3 ? 1 : 0,
      segment: segment ? 1 : 0,
      next_is_legal: span === 1 && i + 1 < header.length && (LEGAL_END_RE.test(cleaned[i + 1]) || SUFFIX_ONLY_RE.test(cleaned[i + 1])) ? 1 : 0,
      ends_in_legal_line: span > 1 && LEGAL_END_RE.test(parts[parts.length - 1]) ? 1 : 0,
      joins_address: span > 1 && parts.slice(1).some((p) => ADDRESS_RE.test(p) || PHONE_RE.test(p)) ? 1 : 0,
      repeated_below: sq.length >= 4 && below.includes(sq) ? 1 : 0,
      // A large logo word over the name printed in full ('PASTA' over 'Bella Pasta'): the full line repeats it.
      echoes_above: echoesAbove(squeezed, i, sq) ? 1 : 0,
      echoed_below: squeezed.slice(i + span, i + span + 3).some((t) => t.length > sq.length && sq.length >= 3 && t.includes(sq)) ? 1 : 0,
      // A logo read with a letter or two wrong ('HEART SPORTUGA' over 'Heart of Portugal Restaurant'):
      // most of its letter pairs recur in a longer line just below, or it echoes such a line above.
      garbled_echo_below: span === 1 && squeezed.slice(i + 1, i + 4).some((t) => garbledEcho(sq, t)) ? 1 : 0,
      garbled_echo_above: squeezed.slice(Math.max(0, i - 3), i).some((t) => garbledEcho(t, sq)) ? 1 : 0,
      // A branch number after the name ('Panda Express #2614').
      store_number: /\S\s*#\s*\d{1,6}(?:-\d+)?$/.test(value) ? 1 : 0,
      after_amount: firstAmount >= 0 && i > firstAmount ? 1 : 0,
      // A word set between stars ('**DUPLICATE**', '** PURCHASE **') is a banner over the receipt, not its name.
      banner: /^\W*\*{2,}|\*{2,}\W*$/.test(header[i].text) ? 1 : 0,
      repeats_word: /\b(\w{3,})\b\W+\1\b/i.test(value) ? 1 : 0,
      // A line ending in '&', 'and', 'of' or '-' is half a name; joined with the next it is whole.
      dangling: DANGLING_RE.test(value) ? 1 : 0,
      join_completes: span > 1 && (DANGLING_RE.test(parts[0]) || CONNECTOR_START_RE.test(parts[1])) ? 1 : 0,
      starts_with_shop_word: span > 1 && parts[0].split(/\s+/).length === 1 && COMPANY_RE.test(parts[0]) ? 1 : 0,
      // '& ELECTRICAL' or 'CO. (M) SDN BHD' under a line: the rest of the name above it, never a name alone.
      continues_above: i > 0 && cleaned[i - 1] !== '' && /^(?:&|(?:of|and)\b|(?:CO|Co|co)\.\s)/.test(parts[0]) ? 1 : 0,
      continued_below: span === 1 && !segment && i + 1 < header.length && CONNECTOR_START_RE.test(cleaned[i + 1]) ? 1 : 0,
      // "ALBETOS" over "MEXICAN FOOD": a line naming the kind of shop under the name.
      joins_shop_kind: span > 1 && parts.slice(1).every((p) => COMPANY_RE.test(p) && !ADDRESS_RE.test(p) && !PHONE_RE.test(p)) ? 1 : 0,
      joins_words_only: span > 1 && parts.slice(1).every((p) => plausibleWords(p) === 1 && !/\d/.test(p)) ? 1 : 0,
    };
    if (lay) f.conf = (Math.min(...header.slice(i, i + span).map((l) => layout?.[l.index]?.conf ?? 0)) - 90) / 10;
    if (lay && medianHeight > 0) {
      const h = Math.max(...heights.slice(i, i + span));
      f.height = Math.log(Math.max(1, h) / medianHeight);
      f.tallest = h >= Math.max(...heights) - 0.5 ? 1 : 0;
    }
    if (lay && lay.pageWidth > 0) f.off_centre = Math.abs(lay.centre - (lay.pageLeft + lay.pageWidth / 2)) / (lay.pageWidth / 2);
    out.push({ value, used: Array.from({ length: span }, (_, k) => i + k), features: f });
  };

  header.forEach((_, i) => {
    for (let span = 1; span <= 3 && i + span <= header.length; span++) {
      const parts = cleaned.slice(i, i + span);
      if (parts.some((p) => !p)) break;
      add(parts, i, span, false);
    }
    const segments = segmentsOf(reading[i].spaced);
    if (segments.length > 1) {
      for (const seg of segments) {
        const part = cleanStoreLine(seg);
        if (part) add([part], i, 1, true);
      }
    }
  });
  return out;
}

const sameCandidate = (a: StoreCandidate, b: StoreCandidate) => a.used[0] === b.used[0] && a.value.toLowerCase() === b.value.toLowerCase();

export function storeCandidates(lines: Line[], layout?: (LineLayout | undefined)[]): StoreCandidate[] {
  const header = lines.slice(0, HEADER_LINES);
  const first = readingCandidates(lines, header, layout);
  // A second recogniser's reading of the header: a name both read alike is surer. (Its own names
  // as candidates too were tried: more right names among the candidates, fewer picked.)
  const seconds = header.map((l) => layout?.[l.index]?.second);
  if (seconds.every((t) => t === undefined)) return first;
  const reread = header.map((l, i) => (seconds[i] === undefined ? l : (toLines(seconds[i]!)[0] ?? { ...l, text: '', spaced: '' })));
  const second = readingCandidates(lines, reread, layout);
  for (const c of first) c.features.read_alike = second.some((s) => sameCandidate(s, c)) ? 1 : 0;
  return first;
}

/** Share of the short line's letter pairs found in the long one. */
function pairShare(short: string, long: string): number {
  let found = 0;
  for (let k = 0; k + 1 < short.length; k++) if (long.includes(short.slice(k, k + 2))) found++;
  return short.length > 1 ? found / (short.length - 1) : 0;
}

/** `short` is `long` (or its start) misread: not the same text, but three in four of its letter pairs are in it. */
function garbledEcho(short: string, long: string): boolean {
  return short.length >= 5 && long.length > short.length && !long.includes(short) && pairShare(short, long) >= 0.75;
}

/** The name repeats what the lines just above it say, in one or several of them ('THE' / 'PLACE' / '2BE' over 'The Place 2 Be'). */
function echoesAbove(squeezed: string[], i: number, sq: string): boolean {
  let joined = '';
  for (let j = i - 1; j >= Math.max(0, i - 3); j--) {
    if (squeezed[j].length >= 3 && sq.length > squeezed[j].length && sq.includes(squeezed[j])) return true;
    joined = squeezed[j] + joined;
    if (joined.length >= 4 && joined === sq) return true;
  }
  return false;
}
