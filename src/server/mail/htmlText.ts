/**
 * An HTML e-receipt laid out as lines of text: each table row a line, its cells side by side with
 * a wide gap between (as a receipt prints a name and its price), blocks and breaks new lines.
 * Plain regular expressions of one pass each, so time follows the message's length.
 */

/** The gap the receipt parser reads as a column break (pdfReceipt.ts keeps the same). */
export const WIDE_GAP = '    ';

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  copy: '©',
  reg: '®',
  ndash: '–',
  mdash: '—',
  hellip: '…',
};

/** HTML character references into characters; an unknown or invalid one is left as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Of a larger HTML part only this much is read: far more than any receipt, and it bounds the work. */
export const MAX_HTML_CHARS = 2_000_000;

/**
 * Cuts out what is never shown (comments, head, style, script) by searching forward only, so an
 * unclosed one costs one scan to the end rather than one per opening.
 */
function withoutHidden(html: string): string {
  const open = /<!--|<(head|style|script|title)\b/gi;
  const lower = html.toLowerCase();
  let out = '';
  let from = 0;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    out += html.slice(from, m.index);
    const close = m[0] === '<!--' ? '-->' : `</${m[1].toLowerCase()}`;
    const end = lower.indexOf(close, open.lastIndex);
    if (end < 0) return out;
    from = html.indexOf('>', end) + 1 || html.length;
    open.lastIndex = from;
  }
  return out + html.slice(from);
}

export function htmlToLines(html: string): string {
  const text = withoutHidden(html.slice(0, MAX_HTML_CHARS))
    // [^<>]: a tag ends at the next '>' or '<', so an unclosed '<' costs only the text up to the next one.
    .replace(/<\/?(td|th)\b[^<>]*>/gi, WIDE_GAP)
    .replace(/<(br|hr)\b[^<>]*>/gi, '\n')
    .replace(/<\/?(tr|p|div|h[1-6]|li|table|tbody|thead|tfoot|section|article|header|footer|blockquote|pre|ul|ol)\b[^<>]*>/gi, '\n')
    .replace(/<[^<>]*>/g, '')
    .replace(/[ \t\r\f\v]+/g, (gap) => (gap.length >= 2 ? WIDE_GAP : ' '));
  return decodeEntities(text);
}
