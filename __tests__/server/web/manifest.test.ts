import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { testConfig } from '../helpers';
import { buildWebApp } from '../../../src/server/web/webApp';
import type { ServerConfig } from '../../../src/server/config';

/** The installable app: the manifest and its icons, as the web server serves them from public/. */
const publicDir = path.resolve(__dirname, '../../../public');
let web: FastifyInstance;
let config: ServerConfig;
beforeAll(async () => {
  config = testConfig();
  web = await buildWebApp(config, publicDir);
});
afterAll(async () => {
  await web?.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

describe('the web app manifest', () => {
  it('is linked from the page and served as a manifest, naming Tally, standalone, in the theme colours', async () => {
    const page = fs.readFileSync(path.join(publicDir, 'index.html'), 'utf8');
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const res = await web.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json();
    expect(manifest).toMatchObject({ name: 'Tally', short_name: 'Tally', start_url: '/', scope: '/', display: 'standalone' });
    // The page's own theme colour (index.html) and background (the light theme's, src/client/app/theme.ts).
    expect(page).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
    expect(manifest.background_color).toBe('#F8FAFC');
  });

  it('has PNG icons of 192 and 512 px, maskable ones too, each the size it claims', async () => {
    const { icons } = (await web.inject({ method: 'GET', url: '/manifest.webmanifest' })).json() as { icons: Icon[] };
    const png = icons.filter((i) => i.type === 'image/png');
    expect(png.map((i) => `${i.purpose} ${i.sizes}`).sort()).toEqual(['any 192x192', 'any 512x512', 'maskable 192x192', 'maskable 512x512']);
    for (const icon of png) {
      const res = await web.inject({ method: 'GET', url: icon.src });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const { width, height, format } = await sharp(res.rawPayload).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
      expect(format).toBe('png');
    }
  });
});
