/**
 * Seeds shared across collections in real Chromium: the facets' counts, the Other collections
 * column, a seed's same-site links and the overviews' figures equal what a plain reading of the
 * rules gives over the service's own records (/api/seed?limit=-1), and every figure's link opens a
 * list of exactly that many seeds.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { faultServerAndBrowser } from '../support/fault-server';
import { watchedPages } from '../support/watched-page';

const setup = faultServerAndBrowser({ seeds: 6_000 });
const watch = watchedPages(() => setup.browser);
const open = (path: string): Promise<Page> => watch(setup.server.url + path);
const count = (n: number) => n.toLocaleString('en-US');

interface Record {
  id: number;
  collection: number;
  url: string;
}

/** The rules written plainly: scheme, www., default port, trailing slash, fragment, host case. */
function site(url: string): string | null {
  const m = /^https?:\/\/(?:www\.)?([^/:?#]+)(?::(?:80|443))?([^?#]*?)\/*(\?[^#]*)?(#.*)?$/i.exec(
    url,
  );
  return m ? `${(m[1] ?? '').toLowerCase()}${m[2] ?? ''}${m[3] ?? ''}` : null;
}

const ref = {
  seeds: [] as Record[],
  /** Seed id → the other collections holding its site. */
  others: new Map<number, number[]>(),
  /** Seed id → the other seeds with its site. */
  sameSite: new Map<number, Record[]>(),
  shared: [] as Record[],
  duplicates: [] as Record[],
};

beforeAll(async () => {
  const answer = await fetch(`${setup.server.url}/api/seed?limit=-1`);
  ref.seeds = (await answer.json()) as Record[];
  const bySite = new Map<string, Record[]>();
  for (const s of ref.seeds) {
    const key = site(s.url);
    if (key !== null) bySite.set(key, [...(bySite.get(key) ?? []), s]);
  }
  for (const s of ref.seeds) {
    const key = site(s.url);
    const same = key === null ? [] : (bySite.get(key) ?? []).filter((o) => o.id !== s.id);
    ref.sameSite.set(s.id, same);
    const others = [
      ...new Set(same.filter((o) => o.collection !== s.collection).map((o) => o.collection)),
    ];
    ref.others.set(s.id, others);
    if (others.length > 0) ref.shared.push(s);
    if (same.some((o) => o.collection === s.collection)) ref.duplicates.push(s);
  }
});

async function countLine(page: Page, text: string): Promise<void> {
  await page.locator('.count-line').filter({ hasText: text }).first().waitFor({ timeout: 30_000 });
  expect((await page.locator('.count-line').first().textContent())?.trim()).toBe(text);
}

/** The count beside a facet's value. */
function facetCount(page: Page, facet: string, value: string) {
  return async () => {
    const section = page
      .getByRole('region', { name: 'Refine' })
      .getByRole('region', { name: facet, exact: true });
    const box = section.getByRole('checkbox', { name: new RegExp(`^${value}, `) });
    if ((await box.count()) === 0) return null;
    const label = (await box.getAttribute('aria-label')) ?? '';
    return Number(/, ([\d,]+) seeds?$/.exec(label)?.[1]?.replace(/,/g, '') ?? NaN);
  };
}

describe('seeds shared across collections', () => {
  it('has enough shared seeds in the sample to be worth a view', () => {
    expect(ref.shared.length).toBeGreaterThan(100);
  });

  it('counts the shared and duplicate seeds on /seeds, and the shared link opens that many', async () => {
    const page = await open('/seeds');
    const total = ref.seeds.length;
    await expect
      .poll(facetCount(page, 'Also in other collections', 'Yes'), { timeout: 30_000 })
      .toBe(ref.shared.length);
    expect(await facetCount(page, 'Also in other collections', 'No')()).toBe(
      total - ref.shared.length,
    );
    expect(await facetCount(page, 'Duplicate in its collection', 'Yes')()).toBe(
      ref.duplicates.length,
    );
    await page
      .getByRole('region', { name: 'Also in other collections', exact: true })
      .getByRole('checkbox', { name: /^Yes, / })
      .click();
    await countLine(page, `${count(ref.shared.length)} of ${count(total)} seeds`);
    expect(new URL(page.url()).searchParams.get('shared')).toBe('true');
  });

  it('shows how many other collections hold each seed’s site, sortable', async () => {
    const page = await open('/seeds?shared=true&sort=-other_collections');
    await countLine(page, `${count(ref.shared.length)} of ${count(ref.seeds.length)} seeds`);
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    await page
      .getByRole('group', { name: 'Columns of Seeds' })
      .getByText('Other collections', { exact: true })
      .click();
    const grid = page.getByRole('grid', { name: 'Seeds' });
    const header = grid.getByRole('columnheader', { name: /^Other collections/ });
    await header.waitFor();
    const most = Math.max(...ref.shared.map((s) => ref.others.get(s.id)?.length ?? 0));
    const column = await header.evaluate((el) =>
      [...(el.parentElement?.children ?? [])].indexOf(el),
    );
    const firstCell = grid.getByRole('row').nth(1).getByRole('gridcell').nth(column);
    await expect.poll(() => firstCell.textContent(), { timeout: 20_000 }).toBe(String(most));
  });

  it('lists the other collections and seeds with the same site in a seed’s details, each a link', async () => {
    const seed =
      ref.shared.find((s) => (ref.sameSite.get(s.id) ?? []).length >= 2) ?? ref.shared[0];
    if (!seed) throw new Error('no shared seed');
    const page = await open(`/seeds?seed=${String(seed.id)}`);
    const list = page.getByRole('list', { name: 'Seeds with the same site' });
    await list.waitFor({ timeout: 30_000 });
    const same = ref.sameSite.get(seed.id) ?? [];
    expect(await list.getByRole('link').count()).toBe(same.length);
    const detail = page.locator('.detail-panel');
    for (const id of ref.others.get(seed.id) ?? []) {
      expect(await detail.locator(`a[href="/collections/${String(id)}/overview"]`).count()).toBe(1);
    }
    const other = same[0];
    if (!other) throw new Error('no other seed');
    await list.getByRole('link').first().click();
    await page.waitForURL(
      (url) => url.pathname === `/collections/${String(other.collection)}/seeds`,
    );
    expect(new URL(page.url()).searchParams.get('seed')).toBe(String(other.id));
    await page.getByRole('heading', { level: 2, name: /./ }).first().waitFor();
  });

  it('shows the shared seeds on /overview, and a collection’s link opens as many', async () => {
    const page = await open('/overview');
    await page.getByRole('button', { name: /seeds to chart them$/ }).click();
    const card = page.locator('.sharing-card');
    const figure = card.getByRole('link', {
      name: `${count(ref.shared.length)} of ${count(ref.seeds.length)} seeds`,
    });
    await figure.waitFor({ timeout: 30_000 });
    const byCollection = new Map<number, number>();
    for (const s of ref.shared)
      byCollection.set(s.collection, (byCollection.get(s.collection) ?? 0) + 1);
    const top = [...byCollection].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 5);
    const links = card.locator('.sharing-card__top a');
    expect(await links.count()).toBe(top.length);
    const [id, shared] = top[0] ?? [0, 0];
    const first = links.first();
    expect(await first.textContent()).toMatch(new RegExp(`: ${count(shared)} seeds?$`));
    expect(await first.getAttribute('href')).toBe(`/collections/${String(id)}/seeds?shared=true`);
    await first.click();
    const inCollection = ref.seeds.filter((s) => s.collection === id).length;
    await countLine(page, `${count(shared)} of ${count(inCollection)} seeds`);
  });

  it('shows on a collection’s Overview tab the collections it shares most with, each opening that many', async () => {
    const byCollection = new Map<number, number>();
    for (const s of ref.shared)
      byCollection.set(s.collection, (byCollection.get(s.collection) ?? 0) + 1);
    const [id] = [...byCollection].sort((a, b) => b[1] - a[1])[0] ?? [0];
    const mine = ref.seeds.filter((s) => s.collection === id);
    const partners = new Map<number, number>();
    for (const s of mine) {
      for (const other of ref.others.get(s.id) ?? [])
        partners.set(other, (partners.get(other) ?? 0) + 1);
    }
    const [partner, seeds] = [...partners].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0] ?? [0, 0];
    const page = await open(`/collections/${String(id)}/overview`);
    await page.getByRole('button', { name: /seeds to compare$/ }).click();
    const card = page.locator('.sharing-card');
    await card
      .getByRole('link', {
        name: `${count(byCollection.get(id) ?? 0)} of ${count(mine.length)} seeds`,
      })
      .waitFor({ timeout: 30_000 });
    const first = card.locator('.sharing-card__top a').first();
    expect(await first.getAttribute('href')).toBe(
      `/collections/${String(id)}/seeds?shared_with=${String(partner)}`,
    );
    expect(await first.textContent()).toMatch(new RegExp(`: ${count(seeds)} seeds?$`));
    await first.click();
    await countLine(page, `${count(seeds)} of ${count(mine.length)} seeds`);
  });
});
