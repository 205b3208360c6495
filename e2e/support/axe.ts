import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { settle } from './browser';

async function analyze(page: Page): Promise<string[]> {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
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
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const first = await analyze(page);
  return first.length ? analyze(page) : first;
}
