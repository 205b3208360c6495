import { decodeEntities, htmlToLines, MAX_HTML_CHARS, WIDE_GAP } from '../../../src/server/mail/htmlText';
import { hasAmounts } from '../../../src/server/mail/messageText';
import { placedLines } from '../../../src/server/ocr/textReceipt';

const lines = (html: string) =>
  htmlToLines(html)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

describe('htmlToLines', () => {
  it("lays a table row's cells side by side with a wide gap, blocks and breaks on lines of their own", () => {
    expect(lines('<h1>Shop</h1><p>Order<br/>2026-02-11</p><table><tr><td>Tea</td><td>3.50</td></tr><tr><th>Total</th><th>3.50</th></tr></table>')).toEqual([
      'Shop',
      'Order',
      '2026-02-11',
      `Tea${WIDE_GAP}3.50`,
      `Total${WIDE_GAP}3.50`,
    ]);
  });

  it('leaves out what is never shown: head, style, script, comments, tags', () => {
    const html =
      '<html><head><title>t</title><style>p{x:1}</style></head><body><!-- hidden --><script>var a=1</script><p class="x">Shown <b>bold</b></p></body></html>';
    expect(lines(html)).toEqual(['Shown bold']);
  });

  it('drops the rest after an element that never closes, and stops at the size it reads', () => {
    expect(lines('<p>Kept</p><style>never closed <p>gone</p>')).toEqual(['Kept']);
    // Pathological input is read in one forward pass: unclosed openings, stray angle brackets.
    expect(lines('<style'.repeat(200_000))).toEqual([]);
    expect(lines('<'.repeat(MAX_HTML_CHARS + 10))).toEqual(['<'.repeat(MAX_HTML_CHARS)]);
  });

  it('decodes character references and keeps an unknown one as written', () => {
    expect(decodeEntities('Fish &amp; chips &euro;4&#46;50 &#x41; &bogus; &#0;')).toBe('Fish & chips €4.50 A &bogus; &#0;');
  });
});

describe('the text of a mail as a receipt', () => {
  it('names an amount or not', () => {
    expect(hasAmounts('Total 12.40')).toBe(true);
    expect(hasAmounts('Total 12,40 EUR')).toBe(true);
    expect(hasAmounts('See you at 12 tomorrow')).toBe(false);
  });

  it('places each line below the last, indented by its leading spaces', () => {
    expect(placedLines('Shop\n\n    Tea    3.50')).toEqual([
      { text: 'Shop', left: 0, top: 0, width: 24, height: 10 },
      { text: 'Tea    3.50', left: 24, top: 28, width: 66, height: 10 },
    ]);
  });
});
