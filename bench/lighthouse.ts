/**
 * Page benchmark: Lighthouse (the npm package) against Debian's chromium, with the desktop and
 * the mobile preset, on /login and on the dashboard of a signed-in user with data. Targets:
 * performance at least 95 (desktop) and 85 (mobile), accessibility 100.
 *
 *   npm run bench:lighthouse               # builds the web app into a temp folder first
 *   WEB_DIST_DIR=/tmp/tally-web npm run bench:lighthouse   # or measures an existing build
 *
 * The whole stack runs here (auth emulator at TEST_AUTH_EMULATOR_HOST, API on PGlite, the web
 * server serving the production build) on free ports. The dashboard is measured signed in: the
 * person signs in through the login form in the same browser, and Lighthouse then keeps the
 * origin's storage (the session) but the HTTP cache is cleared before every run, so each load is
 * a cold one.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
process.env.TEST_AUTH_EMULATOR_HOST ??= '127.0.0.1:9199';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Keeps Chromium off the network and quiet; headless without a sandbox (containers). */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const TARGETS = { desktop: { performance: 95 }, mobile: { performance: 85 }, accessibility: 100 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Row {
  page: string;
  preset: 'desktop' | 'mobile';
  performance: number;
  accessibility: number;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  failedA11y: string[];
}

async function main(): Promise<void> {
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const { chromium } = await import('playwright-core');
  const { startStack } = await import('../scripts/stack');
  const { emulatorConfigFile } = await import('../__tests__/setup/globalSetup');
  const { TEST_API_KEY, TEST_EMULATOR_HOST, TEST_PROJECT_ID } = await import('../__tests__/setup/env');
  const { emulatorSignUp, uniqueEmail } = await import('../__tests__/server/helpers');
  const { DEFAULT_CATEGORIES } = await import('../src/shared/categories');

  // The production build: an existing one, or a fresh one in a temp folder.
  let distDir = process.env.WEB_DIST_DIR;
  let builtHere = false;
  if (!distDir) {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-lh-web-'));
    builtHere = true;
    execFileSync(path.join(root, 'node_modules/.bin/webpack'), ['--mode', 'production'], { cwd: root, env: { ...process.env, WEB_OUT_DIR: distDir }, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-lh-data-'));
  const webUrl = `http://localhost:${webPort}`;
  const apiUrl = `http://localhost:${apiPort}`;
  const stack = await startStack({
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      API_PORT: String(apiPort),
      WEB_PORT: String(webPort),
      PUBLIC_API_URL: apiUrl,
      CORS_ORIGINS: `${webUrl},http://127.0.0.1:${webPort}`,
      DATA_DIR: dataDir,
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_API_KEY: TEST_API_KEY,
      FIREBASE_AUTH_EMULATOR_HOST: TEST_EMULATOR_HOST,
      OCR_POOL_SIZE: '1',
      WEB_DIST_DIR: distDir,
    },
    emulatorConfigFile: emulatorConfigFile(TEST_EMULATOR_HOST),
  });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);

  try {
    // A user with a budget and a month of receipts, so the dashboard shows real figures.
    const email = uniqueEmail('lighthouse');
    const password = 'secret-pass-1';
    const { uid, token } = await emulatorSignUp(email, password, 'Lighthouse User');
    const call = async (method: string, url: string, body: unknown) => {
      const res = await fetch(`${apiUrl}${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    };
    await call('POST', '/api/auth/register', { user_id: uid, email, display_name: 'Lighthouse User' });
    await call('POST', '/dashboard/budget', { amount: 2500 });
    for (let i = 0; i < 30; i++) {
      const day = new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10);
      await call('POST', '/receipts', { store: `Store ${i % 7}`, date: day, amount: 4 + ((i * 37) % 6000) / 100, category: DEFAULT_CATEGORIES[i % DEFAULT_CATEGORIES.length].name });
    }

    const context = browser.contexts()[0];
    const clearHttpCache = async () => {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.close();
    };

    const rows: Row[] = [];
    const audit = async (page: string, url: string, preset: Row['preset'], keepSession: boolean) => {
      if (keepSession) await clearHttpCache();
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: keepSession },
        preset === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (!lhr.finalDisplayedUrl.startsWith(url)) throw new Error(`${url} ended at ${lhr.finalDisplayedUrl} (signed out?)`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '-';
      const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      rows.push({
        page,
        preset,
        performance: score('performance'),
        accessibility: score('accessibility'),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        failedA11y,
      });
    };

    // Signed out first: a signed-in visit to /login is sent to the dashboard.
    for (const preset of ['desktop', 'mobile'] as const) await audit('/login', `${webUrl}/login`, preset, false);

    const page = await context.newPage();
    await page.goto(`${webUrl}/login`);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${webUrl}/`);
    await page.getByRole('button', { name: 'Open user menu' }).waitFor();
    await page.close();
    for (const preset of ['desktop', 'mobile'] as const) await audit('/ (dashboard, signed in)', `${webUrl}/`, preset, true);

    const lhVersion = (JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
    console.log(`Lighthouse ${lhVersion} on ${execFileSync(CHROMIUM, ['--version']).toString().trim()}`);
    console.log('| page | preset | performance | accessibility | FCP | LCP | TBT | CLS | targets |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const r of rows) {
      const met = r.performance >= TARGETS[r.preset].performance && r.accessibility >= TARGETS.accessibility;
      console.log(`| ${r.page} | ${r.preset} | ${r.performance} | ${r.accessibility} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${met ? 'met' : 'MISSED'} |`);
    }
    const a11yMisses = rows.filter((r) => r.failedA11y.length);
    for (const r of a11yMisses) console.log(`Accessibility audits failing on ${r.page} (${r.preset}): ${r.failedA11y.join(', ')}`);
  } finally {
    await browser.close().catch(() => undefined);
    chrome.kill();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (builtHere) fs.rmSync(distDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
