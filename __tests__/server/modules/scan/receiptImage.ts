import sharp from 'sharp';

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
