/**
 * Print, as Chromium puts it on paper: a PDF made with the print stylesheet, read back as text.
 * A list prints its title, the filters in force, its count, the date and its rows as a plain
 * table (5,000 at most, with a note beyond); an overview prints its figures and charts; neither
 * prints a control.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { faultServerAndBrowser } from '../support/fault-server';
import { pdfText } from '../support/pdf-text';
import { watchedPages } from '../support/watched-page';

const setup = faultServerAndBrowser({ seeds: 6_000 });
const watch = watchedPages(() => setup.browser);
const count = (n: number) => n.toLocaleString('en-US');

/** Words of the screen's controls, none of which belongs on paper. */
const CONTROLS = [
  'Export',
  'Columns',
  'Quick filter',
  'Show as table',
  'Hide the facets',
  'Skip to content',
  'Clear saved data',
  'Seed groups Press',
];

/** Presses Print (the browser's dialog stood in for), and reads the PDF Chromium makes. */
async function printed(page: Page): Promise<string> {
  await page.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed++;
    };
  });
  await page.getByRole('button', { name: 'Print', exact: true }).click();
  await page.waitForFunction(() => (window as unknown as { printed: number }).printed === 1);
  const text = pdfText(await page.pdf({ format: 'A4' }));
  return text.replace(/[ \t]+/g, ' ');
}

describe('a list on paper', () => {
  it('has the title, the filters, the count, the date and the rows, 5,000 with a note', async () => {
    const page = await watch(`${setup.server.url}/seeds?sort=url`);
    // Every row in the table, not only the count: "3,000 of 6,000 seeds" while the list loads
    // would print fewer rows than the note is about.
    await page
      .locator('[role="grid"][aria-label="Seeds"][aria-rowcount="6001"]')
      .waitFor({ timeout: 30_000 });
    await page.locator('[role="progressbar"]').waitFor({ state: 'detached' });
    const text = await printed(page);
    expect(text).toMatch(/^\s*Seeds\n/);
    expect(text).toContain('No filters: the whole list');
    expect(text).toContain('Sorted by URL, ascending');
    expect(text).toContain(`${count(6_000)} seeds`);
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date());
    expect(text).toContain(`Printed ${today}`);
    expect(text).toContain(
      `The first 5,000 of ${count(6_000)} seeds are printed; export the list for every row.`,
    );
    // The rows in the order on screen: the first URL in order opens the table.
    const first = [...setup.server.catalogue.seeds]
      .map((s) => s.url)
      .sort((a, b) => a.localeCompare(b));
    const table = text.slice(text.indexOf('URL'));
    expect(table.indexOf(first[0]?.slice(0, 20) ?? '?')).toBeGreaterThan(0);
    for (const control of CONTROLS) expect(text).not.toContain(control);
  });

  it('names every filter in force, and holds exactly the rows they leave', async () => {
    const collection = [...setup.server.catalogue.collections].sort(
      (a, b) => b.num_inactive_seeds - a.num_inactive_seeds,
    )[0];
    if (!collection) throw new Error('no collection');
    const inactive = setup.server.catalogue.seeds.filter(
      (s) => s.collection === collection.id && !s.active,
    );
    const page = await watch(
      `${setup.server.url}/collections/${String(collection.id)}/seeds?active=false`,
    );
    await page
      .locator('.count-line')
      .filter({ hasText: `${count(inactive.length)} of` })
      .waitFor({ timeout: 30_000 });
    const text = await printed(page);
    expect(text).toContain(`${collection.name}: Seeds`);
    expect(text).toContain('Filters in force: inactive');
    expect(text).toContain(`${count(inactive.length)} of`);
    expect(text).not.toContain('are printed; export the list');
    // One line a row, at least: the printout has them all.
    for (const seed of inactive.slice(0, 5)) {
      expect(text.replace(/\s+/g, '')).toContain(seed.url.slice(0, 18).replace(/\s+/g, ''));
    }
    for (const control of CONTROLS) expect(text).not.toContain(control);
  });
});

describe('an overview on paper', () => {
  it('has its figures, its charts and the date, and no control', async () => {
    const page = await watch(`${setup.server.url}/overview`);
    await page.locator('svg.chart__svg a').first().waitFor();
    await page.getByRole('figure', { name: 'Last crawl' }).locator('svg a').first().waitFor();
    const text = await printed(page);
    expect(text).toContain('Overview');
    expect(text).toContain(count(setup.server.catalogue.collections.length));
    expect(text).toContain('Archived size by collection');
    expect(text).toContain('Last crawl');
    expect(text).toContain('Over a year ago');
    expect(text).toMatch(/Printed \w+ \d+, \d{4}/);
    for (const control of [...CONTROLS, 'Load the']) expect(text).not.toContain(control);
  });
});
