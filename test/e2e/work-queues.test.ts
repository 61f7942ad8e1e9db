/**
 * Every seed filter of the address in real Chromium: each opens the list it names, with the count
 * worked out here from the catalogue, survives a reload, and a facet click or a coverage figure
 * leads to the rows it counts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { WireSeedDefault } from '../../src/contract/wire';
import { faultServerAndBrowser } from '../support/fault-server';
import { watchedPages } from '../support/watched-page';

const setup = faultServerAndBrowser({ seeds: 6_000 });

const watch = watchedPages(() => setup.browser);
const open = (path: string): Promise<Page> => watch(setup.server.url + path);
const count = (n: number) => n.toLocaleString('en-US');

const seeds = () => setup.server.catalogue.seeds;
const values = (s: WireSeedDefault, field: string) =>
  (s.metadata[field] ?? []).map((e) => e.value).filter((v) => v.trim() !== '');
const has = (field: string) => (s: WireSeedDefault) => values(s, field).length > 0;
const status = (s: WireSeedDefault) => s.last_checked_http_response_code;

/** The list's count line, once it says what it should. */
async function countLine(page: Page, text: string): Promise<void> {
  await page.locator('.count-line').filter({ hasText: text }).first().waitFor();
  expect((await page.locator('.count-line').first().textContent())?.trim()).toBe(text);
}

describe('each seed filter in the address', () => {
  // The most common language, counted once (the server, and so the seeds, start with the tests).
  let common: string | undefined;
  const language = () => {
    if (common !== undefined) return common;
    const counts = new Map<string, number>();
    for (const s of seeds())
      for (const v of new Set(values(s, 'Language'))) counts.set(v, (counts.get(v) ?? 0) + 1);
    common = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'English';
    return common;
  };

  const cases: [string, () => string, () => readonly WireSeedDefault[]][] = [
    [
      'where',
      () => `where=Language:${encodeURIComponent(language())}`,
      () => seeds().filter((s) => values(s, 'Language').includes(language())),
    ],
    ['missing', () => 'missing=Description', () => seeds().filter((s) => !has('Description')(s))],
    ['active', () => 'active=false', () => seeds().filter((s) => !s.active)],
    ['public', () => 'public=false', () => seeds().filter((s) => !s.publicly_visible)],
    [
      'seed_type',
      () => 'seed_type=oneHopOff',
      () => seeds().filter((s) => s.seed_type === 'oneHopOff'),
    ],
    ['status', () => 'status=unchecked', () => seeds().filter((s) => status(s) === null)],
    [
      'created',
      () => {
        const month = seeds()[0]?.created_date.slice(0, 7) ?? '2020-01';
        return `created=${month}`;
      },
      () => {
        const month = seeds()[0]?.created_date.slice(0, 7) ?? '2020-01';
        return seeds().filter((s) => s.created_date.startsWith(month));
      },
    ],
  ];

  it.each(cases)(
    '%s shows the seeds it names, and keeps them after a reload',
    async (_, query, expected) => {
      const rows = expected();
      expect(rows.length).toBeGreaterThan(0);
      const page = await open(`/seeds?${query()}`);
      const line = `${count(rows.length)} of ${count(seeds().length)} seeds`;
      await countLine(page, line);
      await page.reload();
      await countLine(page, line);
    },
  );

  it('seed_group shows a work queue by name, and seed_group=none the seeds in no group', async () => {
    const groups = new Map<number, number>();
    for (const s of seeds())
      if (s.seed_group !== null) groups.set(s.seed_group, (groups.get(s.seed_group) ?? 0) + 1);
    const [id, size] = [...groups].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
    const name = setup.server.catalogue.seedGroups.find((g) => g.id === id)?.name ?? '';
    const page = await open(`/seeds?seed_group=${String(id)}`);
    await countLine(page, `Seeds in group “${name}” · ${count(size)} of ${count(seeds().length)}`);
    const none = seeds().filter((s) => s.seed_group === null).length;
    await page.goto(`${setup.server.url}/seeds?seed_group=none`);
    await countLine(page, `Seeds in no group · ${count(none)} of ${count(seeds().length)}`);
  });

  it('combines with the service’s own filters and the quick filter, on a collection’s Seeds tab', async () => {
    const collection = setup.server.catalogue.collections.find(
      (c) => seeds().filter((s) => s.collection === c.id).length > 300,
    );
    if (!collection) throw new Error('no large collection');
    const mine = seeds().filter((s) => s.collection === collection.id);
    const expected = mine.filter((s) => s.active && !has('Subject')(s));
    const page = await open(`/collections/${String(collection.id)}?active=true&missing=Subject`);
    await countLine(page, `${count(expected.length)} of ${count(mine.length)} seeds`);
  });
});

describe('from a number to the rows it counts', () => {
  it('a facet value, clicked, filters to exactly its count, in the address', async () => {
    const page = await open('/seeds');
    await countLine(page, `${count(seeds().length)} seeds`);
    const panel = page.getByRole('region', { name: 'Refine' });
    const inactive = panel.getByRole('checkbox', { name: /^Inactive, / });
    const figure = async () => {
      const label = (await inactive.getAttribute('aria-label')) ?? '';
      return Number(/, ([\d,]+) seeds?$/.exec(label)?.[1]?.replace(/,/g, '') ?? NaN);
    };
    // The counts grow with the rows as the list loads, and end at the catalogue's own.
    await expect.poll(figure).toBe(seeds().filter((s) => !s.active).length);
    const shown = await figure();
    await inactive.click();
    await countLine(page, `${count(shown)} of ${count(seeds().length)} seeds`);
    expect(new URL(page.url()).searchParams.getAll('active')).toEqual(['false']);
    // The facet still offers Active with its own count: choosing one value hides no other.
    const active = panel.getByRole('checkbox', { name: /^Active, / });
    expect(await active.getAttribute('aria-label')).toBe(
      `Active, ${count(seeds().filter((s) => s.active).length)} seeds`,
    );
  });

  it('a coverage figure on the Metadata tab leads to the seeds without the field', async () => {
    const collection = setup.server.catalogue.collections.find(
      (c) => seeds().filter((s) => s.collection === c.id).length > 300,
    );
    if (!collection) throw new Error('no large collection');
    const mine = seeds().filter((s) => s.collection === collection.id);
    const without = mine.filter((s) => !has('Description')(s)).length;
    const page = await open(`/collections/${String(collection.id)}/metadata`);
    const table = page.getByRole('table', { name: /Metadata fields of the/ });
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Description' }) });
    await row.getByRole('link').click();
    await countLine(page, `${count(without)} of ${count(mine.length)} seeds`);
    expect(new URL(page.url()).searchParams.getAll('missing')).toEqual(['Description']);
  });

  it('/collections?missing= lists the collections lacking the field', async () => {
    const lacking = setup.server.catalogue.collections.filter((c) =>
      (c.metadata.Description ?? []).every((e) => e.value.trim() === ''),
    );
    const page = await open('/collections?missing=Description');
    await countLine(
      page,
      `${count(lacking.length)} of ${count(setup.server.catalogue.collections.length)} collections`,
    );
  });
});
