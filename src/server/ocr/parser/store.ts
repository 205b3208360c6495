/**
 * What a store-name line looks like, for the picker's features (storeCandidates.ts): the shapes
 * of addresses, phones, labels and legal forms, and the clean-up of a name as read.
 */

export const PHONE_RE = /(\(?\d{3}\)?[\s.-]*\d{3}[\s.-]*\d{4})|\b(tel|fax|phone|mobile|whatsapps?)\b|\b(ph|hp|call)\b\s*[:.#]?\s*[\d(+]/i;
export const ADDRESS_RE =
  /\b(street|st\.|avenue|ave\.?|road|rd\.?|blvd|boulevard|highway|hwy|drive(?!-in)|dr\.|lane|ln\.?|suite|ste\.?|floor|flr|lot|jalan|jln|taman|lorong|persiaran|plaza|mall|centre|center|building|bldg|block|blk|level|unit|p\.?o\.? box|kawasan|perindustrian|bandar|kampung|seksyen|jln)\b|\b\d{5}(-\d{4})?\b|^\d+[A-Za-z]?,?\s+\w+|^\d{3,}[A-Za-z]{4,}|\b(no\.?\s*\d+)|,\s*[A-Z]{2}\s+\d{5}/i;
export const META_RE =
  /invoice|receipt|\b(dine[\s-]*in|to[\s-]*go|take[\s-]*out|carry[\s-]*out|purchase|dining\s+room|served|reg(istration)?\.?\s*(no|id)?|gst|sst|vat|tax|waiter|waitress|cashier|descr\w*|desc|qty|quan\w*|item|pax|welcome|thank|thanks|shopping|visit|server|table|order|cashier|guest|check|survey|www\.|https?|\.com|e-?mail|terminal|counter|bill|member|company\s*no|co\.?\s*no|customer|copy|station|host|open|closed|hours)\b|\b(date|time)\s*[:#.]|\b(date|time)\s+\d|@/i;
export const DATE_OR_NUMBER_RE = /\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{1,2}:\d{2}|^[\d\s\W]+$/;
/** Legal-form suffixes and other words that mark a business name (generic, international). */
export const COMPANY_RE =
  /\b(sdn\.?\s*bhd|bhd|s\/b|llc|inc|ltd|limited|corp(oration)?|co\.|company|plc|gmbh|enterprise|trading|restaurant|restoran|cafe|café|bakery|mart|market|supermarket|store|shop|kitchen|grill|bar|pharmacy|hardware|station|bistro|pizza|sushi|deli|diner|cuisine|foods?|steak\s*house|tavern|pub|eatery|cantina|bbq|wings|ramen|noodles?|chicken|pizzeria|wine|shakes|fries|grille|tacos?|burgers?|brewery|brasserie|drive-in)\b/i;
/** US state codes; those that are also English words count only after a comma ("Dine In"). */
const STATES = 'AK AZ AR CA CT FL GA IA KS KY MD MI MN MS MO MT NE NV NH NJ NM NY NC ND OH RI SC SD TN TX UT VT VA WA WV WI WY DC';
const WORD_STATES = 'AL CO DE HI ID IN LA MA ME OK OR PA';
const STATE_NAMES =
  'alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new hampshire|new jersey|new mexico|new york|north carolina|north dakota|ohio|oklahoma|oregon|pennsylvania|rhode island|south carolina|south dakota|tennessee|texas|utah|vermont|virginia|washington|west virginia|wisconsin|wyoming';
const PLACE_CODE_RE = new RegExp(`(?:[,\\s](?:${STATES.replace(/ /g, '|')})|,\\s*(?:${WORD_STATES.replace(/ /g, '|')}))\\.?$`);
const PLACE_NAME_RE = new RegExp(`\\s(?:${STATE_NAMES.replace(/ /g, '\\s+')})$`, 'i');
/** A town and its state, the line under a US shop's address ("Covina, CA", "Miami Beach Florida"). */
export const isPlace = (s: string): boolean => PLACE_CODE_RE.test(s) || PLACE_NAME_RE.test(s);
export const LEGAL_END_RE = /\b(sdn\.?\s*bhd|bhd|s\/b|llc|inc|ltd|limited|corp|plc|gmbh)\.?$/i;
/** A "label: value" field of the header, not a name. */
export const LABEL_RE = /^[A-Za-z][A-Za-z #.]{1,15}\s?:\s*\S/;
/** A line that continues the one above it ("Friendly Red's" / "of Windham"). */
export const CONNECTOR_START_RE = /^(?:(?:of|and|the|de|la|at|on)\b|&|(?:CO|Co|co)\.\s)/;
export const SUFFIX_ONLY_RE = /^(sdn\.?\s*bhd\.?|bhd\.?|s\/b|llc|inc\.?|ltd\.?|limited|co\.?|company|corp\.?|plc)\b/i;

/** Remove registration numbers, decorations and stray OCR characters around a name. */
export function cleanStoreLine(s: string): string {
  return (
    s
      .replace(/\((?=[^)]*\d)[A-Z0-9 .-]{4,}\)/gi, ' ') // (481500-M), (519837-X): company reg numbers
      // A registration field ('Co. Reg. No.: 795225-A', 'GST Reg No 0001'), or its label alone.
      .replace(
        /(?:\b(?:co|company|gst|sst|roc)\.?\s*)?\b(?:reg|registration)\.?\s*(?:no|num)\b\.?\s*[:.]?\s*[\w-]*|\b(?:co|company|roc)\.?\s*(?:no|num)\b\.?\s*[:.]?\s*[\w-]*/gi,
        ' ',
      )
      // A comma right after an abbreviated legal form that ends the name is a misread full stop.
      .replace(/\b(bhd|ltd|inc|corp|co)\s*,\s*$/i, '$1.')
      .replace(/[*=~_|<>«»{}[\]\\]+/g, ' ')
      .replace(/\s+'\s*(s)\b/gi, "'$1") // "Red ' s" -> "Red's"
      .replace(/'\s+(s)\b/gi, "'$1")
      .replace(/\s+[.,:;]+$/, '')
      // Store/terminal numbers printed after the name ("CARL'S JR 1100375") and stray letters.
      .replace(/^(.*?[A-Za-z]{2,}.*?)(?:\s+(?:check|chk|order|table|ticket|trans|receipt|invoice)\b\W*)?\s+#?\d{5,}\b.*$/i, '$1')
      .replace(/(\s+[A-Za-z]){1,2}\s*$/, (m, _g, off: number, str: string) => (str.slice(0, off).replace(/[^A-Za-z]/g, '').length >= 4 ? '' : m))
      // A trailing '&' stays: it says the name goes on in the next line.
      .replace(/^[^A-Za-z0-9#&(]+|[^A-Za-z0-9.)'!&]+$/g, '')
      .replace(/^#+(?=[A-Za-z])/, '') // '#' belongs before a store number, not before a name
      .replace(/\s+[.,:;]+\s+/g, ' ') // a lone full stop or comma between two words is a speck
      .replace(/\s+/g, ' ')
      .trim()
  );
}

export function plausibleWords(s: string): number {
  const words = s.split(/\s+/).filter(Boolean);
  if (!words.length) return 0;
  const good = words.filter((w) => /^[A-Za-z][A-Za-z'&.-]*[A-Za-z.]?$/.test(w) && w.replace(/[^A-Za-z]/g, '').length >= 2);
  return good.length / words.length;
}

/** Repair OCR slips in legal-form suffixes (generic vocabulary, like "lnc." for "Inc."). */
/**
 * Generic shop vocabulary (English and Malay) for repairing one misread letter in a name word
 * ("KESTAURANT", "ENTERFRISE"). Never names of particular shops.
 */
const SHOP_WORDS = [
  'restaurant',
  'restoran',
  'enterprise',
  'trading',
  'hardware',
  'stationery',
  'stationers',
  'bakery',
  'bakeries',
  'pharmacy',
  'farmasi',
  'supermarket',
  'market',
  'kedai',
  'runcit',
  'kitchen',
  'coffee',
  'tavern',
  'seafood',
  'station',
  'services',
  'international',
  'industries',
  'marketing',
  'holdings',
  'company',
  'corporation',
  'limited',
  'burger',
  'express',
  'buffet',
  'grill',
  'bistro',
  'diner',
  'pizza',
  'sushi',
  'noodle',
  'cafe',
  'health',
  'beauty',
];
/** Letter pairs OCR confuses in print (either way round). */
const LETTER_CONFUSIONS = ['KR', 'TI', 'IL', 'FP', 'OD', 'OQ', 'CG', 'EF', 'HM', 'HN', 'UV', 'CE', 'BE', 'BR', 'JI', 'WN'];

/** In the case the word was printed in (all capitals, capitalised or lower case). */
function inCaseOf(word: string, fixed: string): string {
  if (word === word.toUpperCase()) return fixed.toUpperCase();
  return word[0] === word[0].toUpperCase() ? fixed[0].toUpperCase() + fixed.slice(1) : fixed;
}

function repairShopWord(word: string): string {
  const w = word.toLowerCase();
  if (w.length < 5 || !/^[a-z]+$/.test(w) || SHOP_WORDS.includes(w)) return word;
  // A long shop word with one letter lost inside it ('STATONERY'); one short of its last letter is
  // another word ('SERVICE', 'SERVICES').
  if (w.length >= 7) {
    const whole = SHOP_WORDS.find((v) => v.length === w.length + 1 && [...v].some((_, i) => i < w.length && v.slice(0, i) + v.slice(i + 1) === w));
    if (whole) return inCaseOf(word, whole);
  }
  for (const v of SHOP_WORDS) {
    if (v.length !== w.length) continue;
    let diff = -1;
    for (let i = 0; i < w.length; i++) {
      if (w[i] === v[i]) continue;
      if (diff >= 0) {
        diff = -2;
        break;
      }
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

/** A shop word OCR split in two ('SANYU STAT IONERY'). */
function joinSplitShopWords(run: string): string {
  const words = run.split(' ');
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (i + 1 < words.length && SHOP_WORDS.includes((words[i] + words[i + 1]).toLowerCase())) {
      out.push(words[i] + words[i + 1]);
      i++;
    } else out.push(words[i]);
  }
  return out.join(' ');
}

export function normaliseLegalForm(name: string): string {
  return (
    name
      .replace(/\b[A-Za-z]{2,}(?: [A-Za-z]{2,})+\b/g, joinSplitShopWords)
      .replace(/[A-Za-z]+/g, repairShopWord)
      // Keep the printed full stop ("SDN. BHD."): only the letters are repaired.
      .replace(/\b[SC5][DO0I]N(\.?)\s*[BE8]H[DO0]\b/gi, (m, dot: string) => {
        const fixed = `SDN${dot ? '. ' : ' '}BHD`;
        return m === m.toUpperCase() ? fixed : fixed.replace('SDN', 'Sdn').replace('BHD', 'Bhd');
      })
      // Q read as O in the common "BBQ".
      .replace(/\bBB[O0]\b/g, 'BBQ')
      .replace(/\bC0\.(?=\s|$)/g, 'CO.') // zero for O in the abbreviated "CO."
      .replace(/\b[S5][/7][B8DR]\.?$/i, 'S/B')
      // The full stop after BHD goes with the one after SDN: 'SDN. BHD.' and 'SDN BHD'.
      .replace(/\b(SDN)(\.?)(\s*)(BHD)\.?$/i, (_m, sdn: string, dot: string, gap: string, bhd: string) => `${sdn}${dot}${gap}${bhd}${dot}`)
      .replace(/\b[l1I]nc\.?$/, 'Inc')
      .replace(/\bL[l1I]C$/, 'LLC')
      .replace(/\bLT[DO0]\b/g, 'LTD')
  );
}
