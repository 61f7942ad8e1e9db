/**
 * A collection's Overview tab: its charts' figures against counts worked out here from the
 * catalogue, with statuses and groups put in on purpose, and each bar's list on the Seeds tab
 * holding exactly the seeds its bar counts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WireSeedDefault } from '../../../src/contract/wire';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { setupCatalogueServer } from '../catalogue-server';
import { renderApp } from '../render';
import { bars, countLine, monthName, tableFigures } from './chart-helpers';

const catalogue = generateCatalogue({ seeds: 1_500 });
const biggest = [...catalogue.collections].sort(
  (a, b) => b.num_active_seeds + b.num_inactive_seeds - (a.num_active_seeds + a.num_inactive_seeds),
)[0];
if (!biggest) throw new Error('the sample has no collection');
const mine = catalogue.seeds.filter((s) => s.collection === biggest.id);
// Statuses the sample leaves unchecked: every class, and one the reader cannot read.
const CODES = [200, 204, 301, 404, 410, 403, 503, 999, null];
mine.forEach((seed, i) => {
  (seed as { last_checked_http_response_code: unknown }).last_checked_http_response_code =
    i === 5 ? 'teapot' : (CODES[i % CODES.length] ?? null);
});
setupCatalogueServer(catalogue);

const id = String(biggest.id);
const count = (n: number) => n.toLocaleString('en-US');
const values = (s: WireSeedDefault, field: string) =>
  (s.metadata[field] ?? []).map((e) => e.value).filter((v) => v.trim() !== '');

function statusClass(code: unknown): string {
  if (code === null) return 'Not checked';
  if (typeof code !== 'number') return 'unreadable';
  if (code >= 200 && code < 300) return '2xx success';
  if (code >= 300 && code < 400) return '3xx redirect';
  if (code >= 400 && code < 500) return '4xx client error';
  if (code >= 500 && code < 600) return '5xx server error';
  return 'Other code';
}

async function chart(title: string) {
  renderApp(`/collections/${id}/overview`);
  return screen.findByRole('figure', { name: title }, { timeout: 4_000 });
}

describe('a collection’s Overview tab', () => {
  it('comes first among the tabs, each tab at an address of its own', async () => {
    renderApp(`/collections/${id}/overview`);
    const tabs = await screen.findByRole('navigation', { name: 'Collection sections' });
    const links = within(tabs).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Overview',
      'Seeds',
      'Seed groups',
      'Metadata',
      'Activity',
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(
      ['overview', 'seeds', 'seed-groups', 'metadata', 'activity'].map(
        (tab) => `/collections/${id}/${tab}`,
      ),
    );
  });

  it('counts seeds by last checked status, and a class opens exactly its seeds', async () => {
    const user = userEvent.setup();
    const expected = new Map<string, number>();
    for (const s of mine) {
      const cls = statusClass(s.last_checked_http_response_code);
      expected.set(cls, (expected.get(cls) ?? 0) + 1);
    }
    const figure = await chart('Seeds by last checked HTTP status');
    const shown = await waitFor(async () => {
      const found = await bars(figure);
      expect(found.reduce((sum, b) => sum + b.value, 0)).toBe(mine.length - 1);
      return found;
    });
    for (const bar of shown) expect(bar.value).toBe(expected.get(bar.label));
    // The unreadable status has a bar of its own and no list to open.
    await user.click(within(figure).getByRole('button', { name: 'Show as table' }));
    expect(tableFigures(await within(figure).findByRole('table')).get('Status unreadable')).toEqual(
      {
        value: 1,
        href: null,
      },
    );
    await user.click(within(figure).getByRole('button', { name: 'Show as chart' }));
    const clientErrors = (await bars(figure)).find((b) => b.label === '4xx client error');
    if (!clientErrors) throw new Error('no 4xx bar');
    await user.click(clientErrors.link);
    await countLine(
      `${count(expected.get('4xx client error') ?? 0)} of ${count(mine.length)} seeds`,
    );
  });

  it('counts seeds by group, with the seeds in no group, and a group opens its seeds', async () => {
    const user = userEvent.setup();
    const byGroup = new Map<string, number>();
    for (const s of mine) {
      const name =
        s.seed_group === null
          ? 'In no group'
          : (catalogue.seedGroups.find((g) => g.id === s.seed_group)?.name ?? '?');
      byGroup.set(name, (byGroup.get(name) ?? 0) + 1);
    }
    const figure = await chart('Seeds by group');
    const shown = await waitFor(async () => {
      const found = await bars(figure);
      expect(found.reduce((sum, b) => sum + b.value, 0)).toBe(mine.length);
      return found;
    });
    expect(new Map(shown.map((b) => [b.label, b.value]))).toEqual(byGroup);
    const largest = shown.find((b) => b.label !== 'In no group');
    if (!largest) throw new Error('no group with seeds');
    await user.click(largest.link);
    await countLine(
      `Seeds in group “${largest.label}” · ${count(largest.value)} of ${count(mine.length)}`,
    );
  });

  it('counts the seeds lacking each required field, and a field opens those seeds', async () => {
    const user = userEvent.setup();
    const required = ['Title', 'Description', 'Subject', 'Language'];
    const lacking = (fields: string[]) =>
      mine.filter((s) => fields.some((f) => values(s, f).length === 0)).length;
    const figure = await chart('Required metadata: seeds lacking each field');
    const shown = await waitFor(async () => {
      const found = await bars(figure);
      expect(found.find((b) => b.label === 'Any required field')?.value).toBe(lacking(required));
      return found;
    });
    for (const field of required) {
      expect(shown.find((b) => b.label === field)?.value).toBe(lacking([field]));
    }
    expect(screen.getByRole('link', { name: count(lacking(required)) }).getAttribute('href')).toBe(
      `/collections/${id}/seeds?missing=Title&missing=Description&missing=Subject&missing=Language`,
    );
    const description = shown.find((b) => b.label === 'Description');
    if (!description) throw new Error('no Description bar');
    await user.click(description.link);
    await countLine(`${count(lacking(['Description']))} of ${count(mine.length)} seeds`);
  });

  it('counts the seeds added each month, and a month opens its active seeds', async () => {
    const user = userEvent.setup();
    const figure = await chart('Seeds added per month');
    const shown = await waitFor(async () => {
      const found = (await bars(figure)).filter((b) => b.series === 'active');
      expect(found.reduce((sum, b) => sum + b.value, 0)).toBe(mine.filter((s) => s.active).length);
      return found;
    });
    // Months, or quarters or years when the seeds span more months than fit.
    const first = shown[0]?.label ?? '';
    const period = (month: string) =>
      /^Q\d /.test(first)
        ? `Q${String(Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1)} ${month.slice(0, 4)}`
        : /^\d{4}$/.test(first)
          ? month.slice(0, 4)
          : monthName(month);
    const active = new Map<string, number>();
    for (const s of mine) {
      if (!s.active) continue;
      const label = period(s.created_date.slice(0, 7));
      active.set(label, (active.get(label) ?? 0) + 1);
    }
    expect(new Map(shown.filter((b) => b.value > 0).map((b) => [b.label, b.value]))).toEqual(
      active,
    );
    const last = shown.at(-1);
    if (!last) throw new Error('no month');
    await user.click(last.link);
    await countLine(`${count(last.value)} of ${count(mine.length)} seeds`);
  });

  it('for a collection with no seeds yet, says so in every chart instead of drawing empty axes', async () => {
    const empty = catalogue.collections.find(
      (c) => c.num_active_seeds + c.num_inactive_seeds === 0,
    );
    if (!empty) throw new Error('the sample has no collection without seeds');
    renderApp(`/collections/${String(empty.id)}/overview`);
    const figures = await screen.findAllByRole('figure', {}, { timeout: 4_000 });
    expect(figures.map((f) => f.querySelector('.chart-card__empty')?.textContent)).toEqual([
      'There are no seeds yet.',
      'There are no seeds yet.',
      'There are no seeds yet.',
      'There are no seeds yet.',
    ]);
    expect(document.querySelector('svg.chart__svg')).toBeNull();
    const headline = document.querySelector<HTMLElement>('.collection-overview dl.headline');
    if (!headline) throw new Error('no headline figures');
    const seedsFigure = within(headline).getByText('Seeds', { selector: 'dt' }).parentElement;
    expect(seedsFigure?.querySelector('.headline__value')?.textContent).toBe('0');
  });
});
