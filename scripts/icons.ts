/**
 * Draws the web app manifest's icons from the logo (public/favicon.svg) into public/icons:
 * 192 and 512 px as the logo is, and maskable ones whose background fills the square (the
 * launcher cuts its own shape; the letter already sits inside the safe circle).
 *
 *   npx tsx scripts/icons.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(__dirname, '..');
const logo = fs.readFileSync(path.join(root, 'public/favicon.svg'), 'utf8');
const fullBleed = logo.replace(/ rx="\d+"/, '');
if (fullBleed === logo) throw new Error('public/favicon.svg no longer has the rounded square this script expects');

const icons: Array<[string, string, number]> = [
  ['icon-192.png', logo, 192],
  ['icon-512.png', logo, 512],
  ['maskable-192.png', fullBleed, 192],
  ['maskable-512.png', fullBleed, 512],
  ['apple-touch-icon.png', fullBleed, 180],
];

async function main(): Promise<void> {
  for (const [name, svg, size] of icons) {
    await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(path.join(root, 'public/icons', name));
    console.log(`public/icons/${name}`);
  }
}

void main();
