/**
 * Every page in the light theme, and in the states a page has (its menus and panels open, a
 * narrow window): an accessibility audit against WCAG 2.2 AA with no serious or critical
 * violation, and the theme's own colours. The screenshots are kept under test/e2e/screenshots for
 * people to look at. (One file per theme, so that the two run side by side.)
 */
import { describe, expect, it } from 'vitest';
import { backgroundLuminance, seriousViolations } from '../support/accessibility';
import { AUDIT_SEEDS, explorerForThisFile, PAGES } from './explorer-pages';

const explorer = explorerForThisFile(AUDIT_SEEDS);

describe('every page in the light theme', () => {
  it.each(PAGES.map((shown) => [shown.name, shown] as const))(
    '%s: accessible, in the theme’s colours',
    async (name, shown) => {
      const path = typeof shown.path === 'string' ? shown.path : await shown.path(explorer);
      const page = await explorer.open(path, 'light');
      if (shown.width) await page.setViewportSize({ width: shown.width, height: 1024 });
      await shown.ready(page, explorer);
      await explorer.shoot(page, `${name}-light`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await backgroundLuminance(page)).toBeGreaterThan(0.85);
    },
  );
});
