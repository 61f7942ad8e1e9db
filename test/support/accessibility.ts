/**
 * What an accessibility audit (axe-core, WCAG 2.2 A and AA, the target size of 2.5.8 included)
 * finds on a page, limited to the violations that stop or seriously hinder someone: each as one
 * line naming the rule and where.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    // The same rules, run in the page itself rather than finished in a second page (which only
    // cross-origin frames need, and the explorer has none), and with the nodes named for the
    // violations alone: on a list page of 2,000 elements that took the audit from 6 s to 2 s.
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.slice(0, 3).map((node) => `${v.id} (${v.impact ?? ''}): ${node.target.join(' ')}`),
    );
}

/** The relative luminance of the page's background: near 0 in a dark theme, near 1 in a light. */
export function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    // The first element from the body up with a background of its own paints the page.
    const painted = [document.body, document.documentElement]
      .map((element) => getComputedStyle(element).backgroundColor)
      .find((colour) => !/^rgba\(.*,\s*0\)$|^transparent$/.test(colour));
    const colour = painted ?? 'rgb(255, 255, 255)';
    const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number);
    const linear = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  });
}
