import type { Locator, Page } from 'playwright-core';
import { expect } from '@jest/globals';
import { screenshot, settle } from './browser';
import { seriousA11yViolations } from './axe';

/** Expects no serious or critical axe violations once transitions have ended (the helper waits). */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/** Switches the page to the light or dark theme (the app follows the system) and waits until it is drawn. */
export async function useColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  // The theme switches on React's next render; colour transitions start only then.
  await page.waitForFunction((dark) => {
    const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number);
    return dark ? r + g + b < 150 : r + g + b > 600;
  }, scheme === 'dark');
  await page.waitForTimeout(50);
  await settle(page);
}

/**
 * The screen as it is, in the light theme and then the dark one: no serious axe violation in
 * either, and a screenshot of each (`<screen>-<size>`, `<screen>-dark-<size>`). Ends in light.
 */
export async function expectAccessibleInBothThemes(page: Page, screen: string, size: string): Promise<void> {
  await expectNoA11yViolations(page);
  await screenshot(page, `${screen}-${size}`);
  await useColorScheme(page, 'dark');
  await expectNoA11yViolations(page);
  await screenshot(page, `${screen}-dark-${size}`);
  await useColorScheme(page, 'light');
}

/** A calendar day of this machine, `daysAgo` before today, as 'YYYY-MM-DD' (the browser runs here too). */
export function calendarDay(daysAgo = 0): string {
  const d = new Date();
  d.setDate(d.getDate() - daysAgo);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The helper text under a form field (MUI links it by aria-describedby). */
export const helperOf = (field: Locator) =>
  field.evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  });
