/**
 * Line items: a description followed by a line price, between the header and the totals
 * block. Quantities appear as a leading count ("2 Lunch 45.90"), as "2 x 3.50" / "2 @ 1.75",
 * or in brackets ("Margarita (2 @14.00) 28.00"). Price is the line total.
 */
import { isKnownWord } from '../lexicon';
import { findMoney, lettersForDigits, round2, trailingMoney, type Line } from './text';
import { classify } from './total';

export interface ReceiptItem {
  name: string;
  price: number;
  quantity: number;
  category: string;
}

const sumOf = (items: readonly ReceiptItem[]) => round2(items.reduce((a, i) => a + i.price, 0));
/** Two amounts the same to the cent. */
const sameAmount = (a: number, b: number) => Math.abs(a - b) < 0.005;

/**
 * Lines that carry money but are not purchases ('TAX27': a tax line with its rate glued on). A
 * tender is a payment where it heads the line or follows the means of payment, and a tip where an
 * amount follows it; elsewhere ('Chicken Tenders', 'Steak Tip Skewers') they are food.
 */
const NON_ITEM_RE =
  /\b(sub[\s/-]*(?:tota[l1i]?|tt[l1])|total|tota1|ttl|tax|taxable(?=\s*:)|gst|vat|sst|hst|change|cash|tendered|(?:cash|card|credit|amount|amt)\s*tender|^\s*tender|visa|master\s*card|amex|debit|credit|card|balance|amount|amt|due|paid|payment|gratuity|rounding|rounded|round\s*(?:adj\w*|off|diff\w*)|rnd\s*adj|discount|coupon|voucher|promo|savings?|deposit|refund|points?|auth|approval|account|acct|ref(erence)?|invoice|receipt|table|server|guests?|order|check|date|time|tel|phone|fax|qty|quantity|items?\s*sold|item\(s\)|summary|service\s*charge|suggested|cashier|member|nett?|reprint|dine[\s-]*in|drive[\s-]*thr?u)\b|\btax(?=\d)|(?<!\b(?:steak|sirloin|beef)\s)\btips?(?=\s*(?:[:$\d%]|amount|amt|$))|\d{1,2}:\d{2}|%/i;

// Tolerates OCR punctuation around the sign: "2.x: 1.50", "2 @1.75".
const QTY_AT_RE = /(?:^|\s|\()(\d{1,3})\s*[.,:]?\s*(?:x|X|@|×|\*)\s*[.,:]?\s*\$?\s*(\d+[.,]\d{2})\)?/;
const LEADING_QTY_RE = /^(\d{1,2})\s+(?=[A-Za-z#(])/;
/** A count of one glued to the name, read as a letter ("1LATTE" → "ILATTE", "IFRESH COD"). */
const GLUED_ONE_RE = /^[Il|]([A-Z]{3,})\b/;
/** A count read as a digit with its space lost ("1PALAK (SPINACH)"), before digits in words become letters. */
const GLUED_COUNT_RE = /^\s*([1-9])(?=[A-Z]{3,}\b)/;

function cleanName(s: string): string {
  return s
    .replace(/\(\s*\)/g, ' ')
    .replace(/[$£€]\s*$/, '')
    .replace(/^[^A-Za-z0-9#(]+/, '')
    .replace(/[\s.:*=_~-]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A quantity between a rate and the line's amount with its point read as a colon ('179  1:00
 * 179.00') is no time of day: the colon is read as the point it is.
 */
const QTY_COLON_RE = /(\d\s+\d{1,3}):(\d{2}\s+\$?\d+[.,]\d{2}\s*)$/;
const quantityColumnColon = (text: string) => text.replace(QTY_COLON_RE, '$1.$2');

/** Two numbers between the name and the amount, in either order: a count and a unit price. */
const TWO_COLUMNS_RE = /^(.*[A-Za-z].*?)\s+\$?(\d+(?:[.,]\d{2})?)\s+\$?(\d+(?:[.,]\d{2})?)\s*$/;

/**
 * Quantity and rate columns ('KARI PAKORA  1  4.50  4.50', 'TANDOORI CHICKEN  179  1.00
 * 179.00'): taken as such only where the count times the unit price is the line's amount.
 */
function quantityAndRate(namePart: string, amount: number): { name: string; quantity: number } | null {
  const m = TWO_COLUMNS_RE.exec(namePart);
  if (!m || amount <= 0) return null;
  const [a, b] = [Number(m[2].replace(',', '.')), Number(m[3].replace(',', '.'))];
  for (const [count, unit] of [
    [a, b],
    [b, a],
  ]) {
    if (Number.isInteger(count) && count >= 1 && count <= 99 && sameAmount(round2(count * unit), amount)) return { name: m[1], quantity: count };
  }
  return null;
}

/** A priceless line that names what comes with the item above it ('w.Miso Soup', 'W/ Beef', 'with fries'). */
const SIDE_RE = /^\s*(?:w\s*[/.]|with\s)\s*[A-Za-z].*$/i;

/** A price printed with '$' ("$20.75"). */
const DOLLAR_PRICE_RE = /\$\s*\d+[.,]\d{2}\s*$/;
/** A '$' read as 5 or S in front of a price ("522.95" for "$22.95"). */
const DOLLAR_MISREAD_RE = /(?:^|\s)[5S](\d{1,3}[.,]\d{2})\s*$/;

/**
 * The items between `start` and `end`. `sums` are what the receipt says its items come to (the
 * subtotal, the total less its tax): where the items as read add up to none of them and one price
 * read with a stray leading digit ('$12.00' read '312.00') is the only thing in the way, that
 * price is mended.
 */
export function parseItems(lines: Line[], start: number, end: number, sums: readonly number[] = []): ReceiptItem[] {
  const items = mendedByTheSums(itemLines(lines, start, end), sums);
  const read = !sums.length || addsUpTo(items, sums) ? items : (rowShifted(lines, start, end, sums) ?? items);
  return countedBy(read, sums);
}

/** A line's name and the price printed at its end ('' for none). */
function nameAndPrice(line: Line): { name: string; price: string } {
  const price = trailingMoney(line.text);
  return price ? { name: line.text.slice(0, price.start).trim(), price: line.text.slice(price.start).trim() } : { name: line.text, price: '' };
}

/**
 * A slanted photo can set every price a row off its name: a price alone above the first item and
 * the last item alone with no price ('0.25' … '1 SOUFFLE/ALA'), or the other way round. Where the
 * items as read add up to none of the receipt's `sums`, and a price stands alone and a name has
 * none, the names are paired with the prices a row up, then a row down: the one way (and only
 * one) that makes the items add up to a sum is how the receipt was printed.
 */
function rowShifted(lines: Line[], start: number, end: number, sums: readonly number[]): ReceiptItem[] | null {
  const region = lines.slice(Math.max(0, start), Math.min(end, lines.length));
  const rows = region.map(nameAndPrice);
  const priced = rows.flatMap((r, k) => (r.price ? [k] : []));
  if (!priced.length) return null;
  const [first, last] = [priced[0], priced[priced.length - 1]];
  const priceAlone = (k: number) => !/[A-Za-z]/.test(rows[k].name);
  const nameAlone = (k: number) => k >= 0 && k < rows.length && !rows[k].price && /[A-Za-z]{3,}/.test(rows[k].name);
  // A row up: the first price stands alone and the last name has none; a row down: the other way round.
  const ways = ([1, -1] as const).filter((by) => (by === 1 ? priceAlone(first) && nameAlone(last + 1) : nameAlone(first - 1) && priceAlone(last)));
  const pairedWith = (by: 1 | -1): ReceiptItem[] => {
    const shifted = region.map((line, k) => {
      const text = `${rows[k].name}    ${rows[k - by]?.price ?? ''}`.trim();
      return { ...line, text, spaced: text };
    });
    return mendedByTheSums(itemLines(shifted, 0, shifted.length), sums);
  };
  const fits = ways.map(pairedWith).filter((items) => addsUpTo(items, sums));
  return fits.length === 1 ? fits[0] : null;
}

/**
 * The items of a whole receipt, whose first summary line (subtotal or total) is at `end`, with
 * what the receipt says they come to (`sums`, to mend a misread price by).
 */
export function parseReceiptItems(lines: Line[], end: number, sums: readonly number[]): ReceiptItem[] {
  const first = parseItems(lines, 0, end, sums);
  return [...first, ...laterSeats(lines, end, first)];
}

/**
 * A check split by seat prints each seat's items with its own subtotal and tax, then the
 * receipt's ('Seat 1 … Subtotal 19.27 … Seat 2 … Subtotal 12.27 … Subtotal 31.54'). The items
 * below the first seat's summary count where the receipt's own arithmetic says so: each later
 * seat's items add up to the summary line that closes them, and all seats' items, the first's
 * included, to a summary line printed after them. Otherwise there are none.
 */
function laterSeats(lines: Line[], end: number, first: readonly ReceiptItem[]): ReceiptItem[] {
  const seats: ReceiptItem[] = [];
  let from = end;
  for (let i = end; i < lines.length; i++) {
    if (classify(lines[i].text) === 'other') continue;
    const seat = i > from ? parseItems(lines, from, i) : [];
    from = i + 1;
    const closing = trailingMoney(lines[i].text)?.value;
    if (closing === undefined) continue;
    if (seat.length && sameAmount(sumOf(seat), closing)) seats.push(...seat);
    else if (seats.length && sameAmount(sumOf([...first, ...seats]), closing)) return seats;
  }
  return [];
}

/** '$' read as a digit in front of a price: the usual misreads. */
const DOLLAR_AS_DIGIT = new Set(['3', '5', '8']);

/** The amount is one of the `sums`, to the cent. */
const isASum = (amount: number, sums: readonly number[]) => sums.some((s) => sameAmount(s, amount));

/** The items add up to one of the `sums`, every line counted or with the groups' subtotals left out. */
const addsUpTo = (items: readonly ReceiptItem[], sums: readonly number[]) => isASum(sumOf(items), sums) || isASum(sumOf(withoutRunningSubtotals(items)), sums);

function mendedByTheSums(items: ReceiptItem[], sums: readonly number[]): ReceiptItem[] {
  if (!sums.length || addsUpTo(items, sums)) return items;
  const mended = items.flatMap((item, at) => {
    const digits = item.price.toFixed(2);
    if (digits.length < 6 || !DOLLAR_AS_DIGIT.has(digits[0])) return [];
    const next = items.map((it, i) => (i === at ? { ...it, price: Number(digits.slice(1)) } : it));
    return addsUpTo(next, sums) ? [next] : [];
  });
  // Only an unambiguous mend: two prices that would each do leave the receipt as read.
  return mended.length === 1 ? mended[0] : items;
}

function itemLines(lines: Line[], start: number, end: number): ReceiptItem[] {
  const items: ReceiptItem[] = [];
  const region = lines.slice(Math.max(0, start), Math.min(end, lines.length));
  // Where the item prices are printed with '$', a price without one that starts with 5 or S had its '$' misread.
  const dollarStyle = region.filter((l) => DOLLAR_PRICE_RE.test(l.text)).length >= 2;
  // Where items are printed with their count in front, a name that starts with I glued to a
  // capitalised word, where that word is one and the whole is none ("ILATTE"), had its count of
  // one misread; "ICED" and "IKAN" are left alone.
  const countedStyle = region.some((l) => LEADING_QTY_RE.test(l.text));
  // The line the last item was read from: a side printed under it ('w.Miso Soup') is part of its name.
  let lastItemLine = -1;
  for (let i = Math.max(0, start); i < Math.min(end, lines.length); i++) {
    let text = quantityColumnColon(lines[i].text);
    let price = trailingMoney(text);
    const side = !price && lastItemLine === i - 1 ? SIDE_RE.exec(text) : null;
    if (side && items.length) {
      const last = items[items.length - 1];
      items[items.length - 1] = { ...last, name: `${last.name} ${cleanName(side[0])}` };
      lastItemLine = i;
      continue;
    }
    // A long name can push its price onto the next line on its own.
    if (!price && /[A-Za-z]{3,}/.test(text) && !NON_ITEM_RE.test(text) && i + 1 < end) {
      const nxt = lines[i + 1].text;
      if (/^[^A-Za-z]*$/.test(nxt.replace(/\b(RM|USD|MYR)\b/g, '')) && findMoney(nxt).length) {
        text = `${text} ${nxt}`;
        price = trailingMoney(text);
        i++;
      }
    }
    if (!price || NON_ITEM_RE.test(text)) continue;
    let namePart = text.slice(0, price.start);
    let quantity = 1;
    let countedLine = false;
    // Where items are printed with their count in front, a digit glued to a word of capitals is that count.
    const gluedCount = countedStyle ? GLUED_COUNT_RE.exec(namePart) : null;
    if (gluedCount) {
      quantity = Number(gluedCount[1]);
      countedLine = true;
      namePart = namePart.slice(gluedCount[0].length);
    }
    namePart = namePart.replace(/[A-Za-z0-9]+/g, lettersForDigits);
    let value = price.value;
    const misread = dollarStyle && !text.includes('$') ? DOLLAR_MISREAD_RE.exec(text) : null;
    if (misread) value = Number(misread[1].replace(',', '.'));
    const at = QTY_AT_RE.exec(namePart);
    if (at) {
      quantity = Number(at[1]);
      const unit = Number(at[2].replace(',', '.'));
      namePart = namePart.slice(0, at.index) + ' ' + namePart.slice(at.index + at[0].length);
      // "2 x 3.50" with no separate line total: the line total is qty x unit.
      if (sameAmount(value, unit) && quantity > 1 && findMoney(text).length === 1) value = round2(unit * quantity);
    } else {
      // A quantity column between the name and the amount: "MILO 1KG     1     18.90".
      const col = /^(.*[A-Za-z].*?)\s+(\d{1,3})\s*$/.exec(namePart);
      const columns = quantityAndRate(namePart, value);
      if (columns) {
        quantity = columns.quantity;
        namePart = columns.name;
      } else if (col && new RegExp(`\\s{2,}${col[2]}\\s{2,}`).test(lines[i].spaced) && Number(col[2]) > 0) {
        quantity = Number(col[2]);
        namePart = col[1];
      }
      const glued = countedStyle && quantity === 1 && !gluedCount ? GLUED_ONE_RE.exec(namePart.trimStart()) : null;
      if (glued && !isKnownWord(glued[0]) && isKnownWord(glued[1])) namePart = namePart.trimStart().slice(1);
      const lead = quantity === 1 && !gluedCount ? LEADING_QTY_RE.exec(namePart) : null;
      if (lead && Number(lead[1]) > 0) {
        countedLine = true;
        quantity = Number(lead[1]);
        namePart = namePart.slice(lead[0].length);
      }
    }
    // Remaining money-looking numbers in the name are unit prices or codes: drop them.
    for (const m of findMoney(namePart).reverse()) namePart = namePart.slice(0, m.start) + namePart.slice(m.end);
    const name = cleanName(namePart);
    if (!/[A-Za-z]{2,}/.test(name)) continue;
    // Modifiers ("No onions 0.00") are not purchases; a counted line at no charge ("1 Water 0.00") is.
    if (value < 0 || (value === 0 && !countedLine)) continue;
    items.push({ name, price: value, quantity: quantity > 0 ? quantity : 1, category: 'food' });
    lastItemLine = i;
  }
  return items;
}

/**
 * The items as the receipt's `sums` count them: a line priced as the items above it add up to is
 * a group's subtotal, unless every line counted adds up to a sum ('Side Caesar 6.00' after
 * 'Makers Mark 23.00', then 'Chicken & Rib Combo 29.00', all in the subtotal).
 */
function countedBy(items: readonly ReceiptItem[], sums: readonly number[]): ReceiptItem[] {
  return isASum(sumOf(items), sums) ? [...items] : withoutRunningSubtotals(items);
}

/**
 * A line whose price is the sum of the two or more items above it (since the last such line) is
 * a subtotal of a group ('Food 12.06', 'Beverages 9.50'), not something bought.
 */
function withoutRunningSubtotals(items: readonly ReceiptItem[]): ReceiptItem[] {
  const kept: ReceiptItem[] = [];
  let run = 0;
  let count = 0;
  for (const item of items) {
    if (count >= 2 && item.price > 0 && sameAmount(round2(run), item.price)) {
      run = 0;
      count = 0;
      continue;
    }
    kept.push(item);
    run += item.price;
    count++;
  }
  return kept;
}
