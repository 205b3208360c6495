/**
 * Rebuild the page text from Tesseract's TSV (word boxes + confidences) so that every text
 * line carries its mean word confidence. Column gaps are re-inserted from the word positions
 * (three spaces for a wide gap) because the parser uses them to tell names from prices and
 * photo junk from receipt text.
 */

export interface OcrLine {
  text: string;
  /** Mean word confidence 0-100. */
  conf: number;
  /** Confidence of each word, in order (words separated by single or wide gaps). */
  words: { text: string; conf: number }[];
  /** Bounding box of the kept words, in pixels of the recognised image. */
  box: { left: number; top: number; width: number; height: number };
}

interface Word {
  key: string;
  left: number;
  top: number;
  width: number;
  height: number;
  conf: number;
  text: string;
}

/**
 * Words without digits below this confidence are dropped: on phone photos they are almost
 * always texture of the table, creases or logos read as letters. Words with digits are kept
 * whatever their confidence, since amounts are often read right with a low score.
 */
export const MIN_WORD_CONF = 35;

export function linesFromTsv(tsv: string, minWordConf = MIN_WORD_CONF): OcrLine[] {
  const out: OcrLine[] = [];
  let cur: Word[] = [];
  let curKey = '';
  const flush = () => {
    cur.sort((a, b) => a.left - b.left);
    // Junk sits at the edges of a line (the table beside the receipt) or makes up the whole
    // line; trim unsure letter-only words from both ends, keep the inside of the line.
    const unsure = (w: Word) => w.conf < minWordConf && !/\d/.test(w.text);
    while (cur.length && unsure(cur[0])) cur.shift();
    while (cur.length && unsure(cur[cur.length - 1])) cur.pop();
    if (!cur.length) return;
    const chars = cur.reduce((n, w) => n + w.text.length, 0);
    const charW = cur.reduce((n, w) => n + w.width, 0) / Math.max(1, chars);
    let text = cur[0].text;
    for (let i = 1; i < cur.length; i++) {
      const gap = cur[i].left - (cur[i - 1].left + cur[i - 1].width);
      text += gap > Math.max(2.2 * charW, cur[i].height * 1.2) ? '    ' : ' ';
      text += cur[i].text;
    }
    const conf = cur.reduce((n, w) => n + w.conf, 0) / cur.length;
    const left = Math.min(...cur.map((w) => w.left));
    const top = Math.min(...cur.map((w) => w.top));
    const right = Math.max(...cur.map((w) => w.left + w.width));
    const bottom = Math.max(...cur.map((w) => w.top + w.height));
    const box = { left, top, width: right - left, height: bottom - top };
    out.push({ text, conf, words: cur.map((w) => ({ text: w.text, conf: w.conf })), box });
    cur = [];
  };
  for (const row of tsv.split('\n')) {
    const c = row.split('\t');
    if (c.length < 12 || c[0] !== '5') continue;
    const text = c.slice(11).join('\t').trim();
    const conf = Number(c[10]);
    if (!text || !(conf >= 0)) continue;
    const key = `${c[1]}.${c[2]}.${c[3]}.${c[4]}`;
    if (key !== curKey) {
      flush();
      curKey = key;
    }
    cur.push({ key, left: Number(c[6]), top: Number(c[7]), width: Number(c[8]), height: Number(c[9]), conf, text });
  }
  flush();
  return out;
}
