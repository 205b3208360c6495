import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { settle } from './browser';

/** The rules whose outcome depends on the colours alone: all that can differ between the light and the dark theme of the same page. */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function analyze(page: Page, rules?: string[]): Promise<string[]> {
  await settle(page);
  const builder = new AxeBuilder({ page });
  const results = await (rules ? builder.withRules(rules) : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

/**
 * Serious and critical WCAG violations on the page once its transitions have ended (empty when
 * none). A toast that starts fading out while axe reads the page has half-transparent text for
 * a moment, which axe reports as low contrast: what it finds is checked again once that
 * transition is over, and only what is still there counts.
 */
export async function seriousA11yViolations(page: Page, rules?: string[]): Promise<string[]> {
  const first = await analyze(page, rules);
  return first.length ? analyze(page, rules) : first;
}
