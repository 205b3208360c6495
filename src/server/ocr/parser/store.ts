/**
 * Store name: the first prominent line(s) of the header. Headers also carry the address,
 * phone, registration/tax numbers, slogans and dates, and photos add junk lines from the table
 * around the receipt, so lines are filtered by what they look like, not by position alone.
 */
import { letterRatio, type Line } from './text';

const PHONE_RE = /(\(?\d{3}\)?[\s.-]*\d{3}[\s.-]*\d{4})|\b(tel|fax|phone|mobile|whatsapps?)\b|\b(ph|hp|call)\b\s*[:.#]?\s*[\d(+]/i;
const ADDRESS_RE = /\b(street|st\.|avenue|ave\.?|road|rd\.?|blvd|boulevard|highway|hwy|drive|dr\.|lane|ln\.?|suite|ste\.?|floor|flr|lot|jalan|jln|taman|lorong|persiaran|plaza|mall|centre|center|building|bldg|block|blk|level|unit|p\.?o\.? box|kawasan|perindustrian|bandar|kampung|seksyen|jln)\b|\b\d{5}(-\d{4})?\b|^\d+[A-Za-z]?,?\s+\w+|\b(no\.?\s*\d+)|,\s*[A-Z]{2}\s+\d{5}/i;
const META_RE = /invoice|receipt|\b(reg(istration)?\.?\s*(no|id)?|gst|sst|vat|tax|waiter|waitress|cashier|descr\w*|desc|qty|quan\w*|item|pax|welcome|thank|thanks|shopping|visit|server|table|order|cashier|guest|check|survey|www\.|https?|\.com|e-?mail|date|time|terminal|counter|bill|member|company\s*no|co\.?\s*no|customer|copy|station|host|open|closed|hours)\b|@/i;
const DATE_OR_NUMBER_RE = /\d{1,2}[\/.-]\d{1,2}[\/.-]\d{2,4}|\d{1,2}:\d{2}|^[\d\s\W]+$/;
/** Legal-form suffixes and other words that mark a business name (generic, international). */
const COMPANY_RE = /\b(sdn\.?\s*bhd|bhd|s\/b|llc|inc|ltd|limited|corp(oration)?|co\.|company|plc|gmbh|enterprise|trading|restaurant|restoran|cafe|café|bakery|mart|market|supermarket|store|shop|kitchen|grill|bar|pharmacy|hardware|station|bistro|pizza|sushi|deli|diner)\b/i;
const LEGAL_END_RE = /\b(sdn\.?\s*bhd|bhd|s\/b|llc|inc|ltd|limited|corp|plc|gmbh)\.?$/i;
/** A "label: value" field of the header, not a name. */
const LABEL_RE = /^[A-Za-z][A-Za-z #.]{1,15}\s?:\s*\S/;
/** A line that continues the one above it ("Friendly Red's" / "of Windham"). */
const CONNECTOR_START_RE = /^(of|and|&|the|de|la|at|on)\b/;
const SUFFIX_ONLY_RE = /^(sdn\.?\s*bhd\.?|bhd\.?|s\/b|llc|inc\.?|ltd\.?|limited|co\.?|company|corp\.?|plc)\b/i;

/** Remove registration numbers, decorations and stray OCR characters around a name. */
export function cleanStoreLine(s: string): string {
  return s
    .replace(/\((?=[^)]*\d)[A-Z0-9 .-]{4,}\)/gi, ' ') // (481500-M), (519837-X): company reg numbers
    .replace(/\b(co\.?|company|roc|reg)\s*(no|num)\.?\s*[:.]?\s*[\w-]+/gi, ' ')
    // A comma right after an abbreviated legal form that ends the name is a misread full stop.
    .replace(/\b(bhd|ltd|inc|corp|co)\s*,\s*$/i, '$1.')
    .replace(/[*=~_|<>«»{}[\]\\]+/g, ' ')
    .replace(/\s+'\s*s\b/g, "'s") // "Red ' s" -> "Red's"
    .replace(/'\s+s\b/g, "'s")
    .replace(/\s+[.,:;]+$/, '')
    // Store/terminal numbers printed after the name ("CARL'S JR 1100375") and stray letters.
    .replace(/^(.*[A-Za-z]{2,}.*?)\s+\d{5,}\b.*$/, '$1')
    .replace(/(\s+[A-Za-z]){1,2}\s*$/, (m, _g, off: number, str: string) => (str.slice(0, off).replace(/[^A-Za-z]/g, '').length >= 4 ? '' : m))
    .replace(/^[^A-Za-z0-9#&(]+|[^A-Za-z0-9.)'!]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function plausibleWords(s: string): number {
  const words = s.split(/\s+/).filter(Boolean);
  if (!words.length) return 0;
  const good = words.filter((w) => /^[A-Za-z][A-Za-z'&.-]*[A-Za-z.]?$/.test(w) && w.replace(/[^A-Za-z]/g, '').length >= 2);
  return good.length / words.length;
}

function scoreLine(s: string, pos: number): number {
  if (s.length < 3 || s.length > 48) return -Infinity;
  if (SUFFIX_ONLY_RE.test(s) && s.split(' ').length <= 2) return -Infinity; // "SDN BHD" alone
  if (letterRatio(s) < 0.6) return -Infinity;
  if (!/[A-Za-z]{3,}|[A-Za-z]{2,}\s*&|\d+\s*[A-Za-z]{3,}/.test(s)) return -Infinity;
  if (s.replace(/[^A-Za-z]/g, '').length < 4) return -Infinity; // "FOE", "Cha": fragments, not names
  if (PHONE_RE.test(s) || DATE_OR_NUMBER_RE.test(s)) return -Infinity;
  if (META_RE.test(s) && !COMPANY_RE.test(s)) return -Infinity;
  if (ADDRESS_RE.test(s) && !COMPANY_RE.test(s)) return -Infinity;
  if (LABEL_RE.test(s)) return -Infinity; // "Server: Jose", "Outlet: ..."
  const pw = plausibleWords(s);
  if (pw < 0.5) return -Infinity;
  let score = 10 - pos * 1.2;
  score += pw * 3;
  if (COMPANY_RE.test(s)) {
    // Only generic words ("Restaurant", "Pharmacy") describe the shop; they do not name it.
    const rest = s.replace(new RegExp(COMPANY_RE.source, 'gi'), ' ').replace(/[^A-Za-z]/g, '');
    score += rest.length >= 2 ? 3 : -4;
  }
  const letters = s.replace(/[^A-Za-z]/g, '');
  if (letters && letters === letters.toUpperCase()) score += 1;
  if (s.split(' ').length >= 2) score += 1;
  return score;
}

/** Should the next header line be joined to the chosen name ("Friendly Red's" / "of Windham")? */
function continues(name: string, next: string): boolean {
  if (!next || next.length > 30) return false;
  if (SUFFIX_ONLY_RE.test(next)) return true;
  if (CONNECTOR_START_RE.test(next)) return true; // lower-case connector
  if (/(\b(of|and|the)|&|-)$/i.test(name)) return true;
  return false;
}

/** Repair OCR slips in legal-form suffixes (generic vocabulary, like "lnc." for "Inc."). */
/**
 * Generic shop vocabulary (English and Malay) for repairing one misread letter in a name word
 * ("KESTAURANT", "ENTERFRISE"). Never names of particular shops.
 */
const SHOP_WORDS = [
  'restaurant', 'restoran', 'enterprise', 'trading', 'hardware', 'stationery', 'stationers', 'bakery', 'bakeries',
  'pharmacy', 'farmasi', 'supermarket', 'market', 'kedai', 'runcit', 'kitchen', 'coffee', 'tavern', 'seafood',
  'station', 'services', 'international', 'industries', 'marketing', 'holdings', 'company', 'corporation',
  'limited', 'burger', 'express', 'buffet', 'grill', 'bistro', 'diner', 'pizza', 'sushi', 'noodle', 'cafe',
];
/** Letter pairs OCR confuses in print (either way round). */
const LETTER_CONFUSIONS = ['KR', 'TI', 'IL', 'FP', 'OD', 'OQ', 'CG', 'EF', 'HM', 'HN', 'UV', 'CE', 'BE', 'BR', 'JI'];

function repairShopWord(word: string): string {
  const w = word.toLowerCase();
  if (w.length < 5 || !/^[a-z]+$/.test(w) || SHOP_WORDS.includes(w)) return word;
  for (const v of SHOP_WORDS) {
    if (v.length !== w.length) continue;
    let diff = -1;
    for (let i = 0; i < w.length; i++) {
      if (w[i] === v[i]) continue;
      if (diff >= 0) { diff = -2; break; }
      diff = i;
    }
    if (diff < 0) continue;
    const pair = `${w[diff]}${v[diff]}`.toUpperCase();
    if (!LETTER_CONFUSIONS.some((p) => p === pair || p === pair[1] + pair[0])) continue;
    const c = word[diff] === word[diff].toUpperCase() ? v[diff].toUpperCase() : v[diff];
    return word.slice(0, diff) + c + word.slice(diff + 1);
  }
  return word;
}

export function normaliseLegalForm(name: string): string {
  return name
    .replace(/[A-Za-z]+/g, repairShopWord)
    // Keep the printed full stop ("SDN. BHD."): only the letters are repaired.
    .replace(/\b[SC5][DO0]N(\.?)\s*BH[DO0]\b/gi, (m, dot: string) => {
      const fixed = `SDN${dot ? '. ' : ' '}BHD`;
      return m === m.toUpperCase() ? fixed : fixed.replace('SDN', 'Sdn').replace('BHD', 'Bhd');
    })
    // Q read as O in the common "BBQ".
    .replace(/\bBB[O0]\b/g, 'BBQ')
    .replace(/\bC0\.(?=\s|$)/g, 'CO.') // zero for O in the abbreviated "CO."
    .replace(/\b[S5]\/[B8]$/i, 'S/B')
    .replace(/\b[l1I]nc\.?$/, 'Inc')
    .replace(/\bL[l1I]C$/, 'LLC')
    .replace(/\bLT[DO0]\b/g, 'LTD');
}

export function parseStoreName(lines: Line[], headerEnd?: number | null, lineConf?: number[]): string {
  return pickStoreName(lines, headerEnd, lineConf).name;
}

export interface StorePick {
  name: string;
  /** Score of the chosen line (higher = more name-like and more confidently read). */
  score: number;
  /** Positions (in `lines`) of the lines the name was taken from; empty when none. */
  used: number[];
}

/** The store name, the evidence for it, and the lines it came from. */
export function pickStoreName(lines: Line[], headerEnd?: number | null, lineConf?: number[]): StorePick {
  const limit = Math.min(lines.length, Math.max(3, Math.min(headerEnd ?? 10, 10)));
  let best = -Infinity;
  let bestIdx = -1;
  const cleaned = lines.slice(0, limit).map((l) => cleanStoreLine(l.text));
  cleaned.forEach((s, i) => {
    let sc = scoreLine(s, i);
    // Confidently read lines are real print; low confidence means logo art or photo junk.
    const conf = lineConf?.[lines[i].index];
    if (conf !== undefined) sc += (conf - 75) / 16;
    if (sc > best) { best = sc; bestIdx = i; }
  });
  if (bestIdx < 0) return { name: '', score: -Infinity, used: [] };
  // The best line continues the one above ("of Windham" under "Friendly Red's"): start there.
  if (bestIdx > 0 && CONNECTOR_START_RE.test(cleaned[bestIdx]) && scoreLine(cleaned[bestIdx - 1], bestIdx - 1) > -Infinity) bestIdx--;
  let name = cleaned[bestIdx];
  const used = [bestIdx];
  const next = cleaned[bestIdx + 1];
  const after = cleaned[bestIdx + 2];
  if (!LEGAL_END_RE.test(name) && next && after && LEGAL_END_RE.test(after) && !PHONE_RE.test(next) && !ADDRESS_RE.test(next) && next.length < 30) {
    // A long company name wrapped over three lines, ending with its legal form.
    name = `${name} ${next} ${after}`;
    used.push(bestIdx + 1, bestIdx + 2);
  } else if (!LEGAL_END_RE.test(name) && next && LEGAL_END_RE.test(next) && !PHONE_RE.test(next) && !ADDRESS_RE.test(next.replace(LEGAL_END_RE, ''))) {
    name = `${name} ${next}`;
    used.push(bestIdx + 1);
  } else if (next && continues(name, next) && !PHONE_RE.test(next) && !ADDRESS_RE.test(next.replace(SUFFIX_ONLY_RE, ''))) {
    name = `${name} ${next}`;
    used.push(bestIdx + 1);
  }
  return { name: normaliseLegalForm(name.replace(/\s+/g, ' ').trim()), score: best, used };
}
