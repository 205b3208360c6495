import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../scripts/freePort';
import { buildWebApp } from '../src/server/web/webApp';
import { loadConfig } from '../src/server/config';
import { launchBrowser, newPage, screenshot, withContext, DESKTOP } from './support/browser';
import { localStackEnv } from './support/stackEnv';
import { expectNoA11yViolations } from './support/screens';
import { within } from './support/within';

/**
 * A deploy while a page is open: the same address serves a second, real build of the app. The
 * page keeps running the build it started with and says 'A new version is ready'; Reload lets the
 * new service worker take over, and the page then runs the new build's code only.
 */
// The second build is made here (a production webpack build takes minutes) unless E2E_NEXT_WEB_DIST_DIR names one.
jest.setTimeout(900_000);

const ROOT = path.resolve(__dirname, '..');
const CURRENT = path.resolve(process.env.WEB_DIST_DIR ?? path.join(ROOT, 'dist/public'));

let browser: Browser;
let next: string;
let madeHere: string | null = null;
beforeAll(async () => {
  browser = await launchBrowser();
  next = await nextBuild();
});
afterAll(async () => {
  await browser?.close();
  if (madeHere) fs.rmSync(madeHere, { recursive: true, force: true });
});

/** The same code built again under another TALLY_BUILD_ID: other hashes, another service worker. */
async function nextBuild(): Promise<string> {
  const given = process.env.E2E_NEXT_WEB_DIST_DIR;
  if (given) return path.resolve(given);
  madeHere = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-next-build-'));
  const env = { ...process.env, WEB_OUT_DIR: madeHere, TALLY_BUILD_ID: `next-${path.basename(madeHere)}` };
  await new Promise<void>((resolve, reject) => {
    const webpack = spawn(path.join(ROOT, 'node_modules/.bin/webpack'), ['--mode', 'production'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    webpack.stderr.on('data', (b: Buffer) => (errors += b.toString()));
    webpack.once('error', reject);
    webpack.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The second build failed (${code}): ${errors}`))));
  });
  return madeHere;
}

/** The production web server on `port`, serving the build in `dir`. */
async function serve(dir: string, port: number): Promise<FastifyInstance> {
  const { env } = localStackEnv({ apiPort: process.env.E2E_API_PORT ?? '8100', webPort: port, dataDir: os.tmpdir(), distDir: dir, nodeEnv: 'test' });
  const app = await buildWebApp(loadConfig(env), dir);
  await within(60_000, `Starting the web server on ${port}`, app.listen({ host: '127.0.0.1', port }));
  return app;
}

/** The server gone as a deployed one goes: its connections too, also those with a request under way. */
async function stop(server: FastifyInstance): Promise<void> {
  const closing = server.close();
  server.server.closeAllConnections();
  await within(60_000, 'Stopping the web server', closing);
}

/** The build the page runs and the scripts it has loaded (their paths). */
async function runningCode(page: Page): Promise<{ build: string; scripts: string[] }> {
  await page.waitForFunction(() => Boolean(document.documentElement.dataset.build));
  return page.evaluate(() => ({
    build: document.documentElement.dataset.build!,
    scripts: performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin && u.pathname.endsWith('.js'))
      .map((u) => u.pathname),
  }));
}

const inBuild = (dir: string, file: string) => fs.existsSync(path.join(dir, file));

it("offers the new version after a deploy, keeps the old one until Reload, then runs only the new build's code", async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server = await serve(CURRENT, port);
  try {
    await withContext(newPage(browser, DESKTOP), async ({ page }) => {
      await page.goto(`${origin}/login`);
      await page.getByLabel('Email address').waitFor();
      await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 60_000 });
      const before = await runningCode(page);
      expect(before.scripts.length).toBeGreaterThan(0);
      expect(before.scripts.filter((s) => !inBuild(CURRENT, s))).toEqual([]);

      // The deploy: the same address now serves the next build; the page looks for a new worker.
      await stop(server);
      server = await serve(next, port);
      await page.evaluate(() => Object.assign(window, { startedBeforeTheDeploy: true }));
      await within(
        120_000,
        'Asking the service worker to look for an update',
        page.evaluate(async () => {
          await (await navigator.serviceWorker.getRegistration())?.update();
        }),
      );
      const prompt = page.getByRole('alert').filter({ hasText: 'A new version is ready' });
      await prompt.waitFor({ timeout: 120_000 });

      // The new worker waits: the page is the same one, running the build it started with.
      expect(await page.evaluate(() => (window as { startedBeforeTheDeploy?: boolean }).startedBeforeTheDeploy)).toBe(true);
      expect((await runningCode(page)).build).toBe(before.build);
      await page.getByLabel('Email address').fill('still@typing.example');
      await expectNoA11yViolations(page);
      await screenshot(page, 'update-prompt');

      const reloaded = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame() });
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await page.waitForLoadState('load');
      await page.getByLabel('Email address').waitFor();

      const after = await runningCode(page);
      expect(await page.evaluate(() => (window as { startedBeforeTheDeploy?: boolean }).startedBeforeTheDeploy)).toBeUndefined();
      expect(after.build).not.toBe(before.build);
      // Every script of the new page is the new build's; some exist only in it.
      expect(after.scripts.filter((s) => !inBuild(next, s))).toEqual([]);
      expect(after.scripts.some((s) => !inBuild(CURRENT, s))).toBe(true);
      expect(await page.getByRole('alert').filter({ hasText: 'A new version is ready' }).count()).toBe(0);
    });
  } finally {
    await stop(server);
  }
});
