import sharp from 'sharp';
import type { ScanReceiptResult } from '../../../../src/shared/scan';
import type { TestApp, TestUser } from '../../helpers';

/** A clean receipt image drawn from text: names on the left, prices right-aligned. */
export async function receiptPng(lines: Array<[string, string?]>): Promise<Buffer> {
  const width = 640;
  const rows = lines
    .map(([left, right], i) => {
      const y = 70 + i * 46;
      const l = `<text x="40" y="${y}">${left}</text>`;
      return right ? `${l}<text x="${width - 40}" y="${y}" text-anchor="end">${right}</text>` : l;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${lines.length * 46 + 80}">
    <rect width="100%" height="100%" fill="#fff"/>
    <g font-family="DejaVu Sans Mono, monospace" font-size="28" fill="#111" xml:space="preserve">${rows}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export const dataUrl = (buf: Buffer, mime = 'image/png') => `data:${mime};base64,${buf.toString('base64')}`;

/** A receipt that prints its total before tax and after: the global weights take the total after tax (8.80). */
export const SUBTOTAL_AND_TOTAL: Array<[string, string?]> = [
  ['HARBOUR DELI AND CO'],
  ['45 Quay Road, Portside'],
  ['Date: 14/05/2025  12:10'],
  ['Soup', '6.50'],
  ['Bread roll', '1.50'],
  ['SUBTOTAL', '8.00'],
  ['TAX', '0.80'],
  ['TOTAL', '8.80'],
];

/** The receipt's lines as an e-receipt's text, each price apart from its name. */
export const asText = (lines: Array<[string, string?]>) => lines.map(([left, right]) => (right ? `${left}      ${right}` : left)).join('\n');

/** Scans the image as `user` through the API; the scan must succeed. */
export async function scanAs(t: TestApp, user: TestUser, png: Buffer): Promise<ScanReceiptResult> {
  const res = await t.request(user, { method: 'POST', url: '/scan/receipt-base64', payload: { image_data: dataUrl(png) } });
  if (res.statusCode !== 200) throw new Error(`scan: ${res.statusCode} ${res.body}`);
  return res.json();
}
