import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { within } from './within';

/** Debian's chromium (never a downloaded browser), with flags that keep it off the network. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A browser on a profile of its own in a temporary folder, as a person's browser is: its context
 * is not off the record, which Chromium's installability check asks for. `close` removes the profile.
 */
export async function launchWithProfile(viewport: Viewport = DESKTOP): Promise<OpenedPage & { close: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    baseURL: process.env.E2E_WEB_URL,
  });
  const close = async () => {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { context, page: context.pages()[0] ?? (await context.newPage()), close };
}

export interface Viewport {
  width: number;
  height: number;
}

export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 375, height: 740 };

/** The screen sizes a suite runs on: `describe.each(SCREEN_SIZES)('on %s', (label, viewport) => …)`. */
export const SCREEN_SIZES: [label: 'desktop' | 'phone', viewport: Viewport][] = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];

export const SCREENSHOT_DIR = path.resolve(__dirname, '../../artifacts/screenshots');

/** Waits for running CSS transitions and animations (drawers, dialogs) to finish. */
export async function settle(page: Page): Promise<void> {
  // Finite ones only: a spinner or a focus ripple runs forever.
  await within(
    60_000,
    'Waiting for the transitions to end',
    page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    ),
  );
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await settle(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * A page as Chromium shows it zoomed (200%: zoom 2) in a window of `window`'s size: the layout
 * viewport shrinks by the zoom in CSS pixels and each CSS pixel takes `zoom` device pixels.
 */
export async function newZoomedPage(browser: Browser, zoom: number, window = DESKTOP): Promise<OpenedPage> {
  const viewport = { width: Math.round(window.width / zoom), height: Math.round(window.height / zoom) };
  const context = await browser.newContext({ viewport, deviceScaleFactor: zoom, baseURL: process.env.E2E_WEB_URL });
  return { context, page: await context.newPage() };
}

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport, baseURL: process.env.E2E_WEB_URL });
  const page = await context.newPage();
  return { context, page };
}

/** A browser context and the page opened in it. */
export interface OpenedPage {
  context: BrowserContext;
  page: Page;
}

/**
 * Runs `use` on a context being opened (`newPage(…)`, `newZoomedPage(…)`, …) and closes it in
 * `finally`. A context closed on a test's last line stays open (its pages, sockets and memory)
 * whenever an earlier step fails, for the rest of the file's run: browser tests open every
 * context through this.
 */
export async function withContext<T>(opening: Promise<OpenedPage>, use: (opened: OpenedPage) => Promise<T>): Promise<T> {
  const opened = await opening;
  try {
    return await use(opened);
  } catch (err) {
    // What the pages showed when the step failed: a CI log is often all there is to go on.
    if (err instanceof Error) {
      const shown = await pagesShown(opened.context);
      err.message += `\n${shown}`;
      // jest prints the stack, which holds the message as it was thrown.
      if (err.stack) err.stack = err.stack.replace(/\n\s+at /, (at) => `\n${shown}${at}`);
    }
    throw err;
  } finally {
    await within(60_000, 'Closing the browser context', opened.context.close());
  }
}

/** Each page's address, headings and open dialogs, or why they could not be read. */
async function pagesShown(context: BrowserContext): Promise<string> {
  const shown = context.pages().map(async (page, i) => {
    const seen = await within(
      5_000,
      'Reading the page',
      page.evaluate(() => {
        const names = (selector: string) =>
          [...document.querySelectorAll(selector)].map(
            (e) => `${e.closest('[aria-hidden="true"]') ? '(hidden) ' : ''}${(e.textContent ?? '').trim().slice(0, 80)}`,
          );
        return {
          headings: names('h1, h2'),
          dialogs: names('[role="dialog"], [role="alertdialog"]'),
          focused: document.activeElement?.outerHTML.slice(0, 120) ?? '',
        };
      }),
    ).catch((e: Error) => e.message);
    return `page ${i + 1} at ${page.url()}: ${JSON.stringify(seen)}`;
  });
  return (await Promise.all(shown)).join('\n');
}

/** {@link withContext} on a new page of this size ({@link newPage}): closed even when a step fails. */
export function withPage<T>(browser: Browser, viewport: Viewport, use: (opened: OpenedPage) => Promise<T>): Promise<T> {
  return withContext(newPage(browser, viewport), use);
}

/** The narrow views a screen must work in besides the desktop: a phone, and a desktop window at 200% zoom (WCAG reflow). */
const NARROW_VIEWS = ['phone', 'zoom200'] as const;

/** Runs `use` in each of {@link NARROW_VIEWS} in turn, each on a fresh context closed even when a step fails. */
export async function inNarrowViews(browser: Browser, use: (name: (typeof NARROW_VIEWS)[number], opened: OpenedPage) => Promise<void>): Promise<void> {
  for (const name of NARROW_VIEWS) {
    const opening = name === 'phone' ? newPage(browser, PHONE) : newZoomedPage(browser, 2);
    await withContext(opening, (opened) => use(name, opened));
  }
}
