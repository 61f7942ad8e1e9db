/**
 * What a list page exports, worked out here from the catalogue itself: the rows its filters, quick
 * filter and sort leave, the columns it shows, in each format, on the collections, seeds and seed
 * groups; values the service did not give as empty cells and nulls; a list still loading (waiting
 * for it, or a partial file now); a failure that leaves the page as it was and the loaded rows
 * exportable; the menu by keyboard.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultApiConfig } from '../../../src/api/config';
import { http, HttpResponse } from 'msw';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireSeedDefault } from '../../../src/contract/wire';
import { fold } from '../../../src/lib/text-match';
import { createCatalogueApi } from '../../../src/server/catalogue/engine';
import { claimManySeeds } from '../catalogue-server';
import { without } from '../mutated-records';
import { renderApp } from '../render';
import { setupPageCatalogue } from './setup';

const { catalogue, server } = setupPageCatalogue(2_000);
/** Loading 2,000 seeds and writing their file take longer than a second on a busy machine. */
const PATIENT = { timeout: 10_000 };

interface Saved {
  name: string;
  text: string;
}

/** Downloads the page starts, as the browser would receive them. */
let saved: Promise<Saved>[] = [];

beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${String(blobs.size)}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    // Read as a program would read the file: the byte-order mark kept.
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    if (blob) {
      saved.push(
        blob.arrayBuffer().then((bytes) => ({ name: this.download, text: decoder.decode(bytes) })),
      );
    }
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function downloaded(): Promise<Saved> {
  await waitFor(() => {
    expect(saved).toHaveLength(1);
  }, PATIENT);
  const file = await (saved[0] as Promise<Saved>);
  saved = [];
  return file;
}

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Export', expanded: false }));
  // The menu's code loads on first use.
  return screen.findByRole('group', { name: /^Export / }, { timeout: 10_000 });
}

function csvRecords(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return Papa.parse<string[]>(text.slice(1).replace(/\r\n$/, ''), { newline: '\r\n' }).data;
}

function headers(grid: string): string[] {
  return within(screen.getByRole('grid', { name: grid }))
    .getAllByRole('columnheader')
    .map((h) => h.textContent.trim());
}

const count = (n: number) => n.toLocaleString();
const values = (s: WireSeedDefault, field: string) =>
  (s.metadata[field] ?? []).map((e) => e.value).filter((v) => v.trim() !== '');

describe('the rows a list page exports', () => {
  it('collections: the state and name filters, in the size order, with the columns shown', async () => {
    const user = userEvent.setup();
    renderApp('/collections?state=ACTIVE&q=a&sort=-size');
    const expected = catalogue.collections
      .filter((c) => c.state === 'ACTIVE' && fold(c.name).includes('a'))
      .sort((a, b) => b.total_warc_bytes - a.total_warc_bytes);
    expect(expected.length).toBeGreaterThan(3);
    await screen.findByText(
      `${count(expected.length)} of ${count(catalogue.collections.length)} collections`,
      undefined,
      PATIENT,
    );
    const menu = await openMenu(user);
    expect(within(menu).getByText(`Export ${count(expected.length)} collections`)).toBeVisible();
    await user.click(within(menu).getByRole('button', { name: 'CSV' }));
    const file = await downloaded();
    expect(file.name).toMatch(/^collections-state-ACTIVE-q-a-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header = [], ...rows] = csvRecords(file.text);
    expect(header).toEqual(headers('Collections'));
    const column = (name: string) => rows.map((r) => r[header.indexOf(name)]);
    expect(column('ID')).toEqual(expected.map((c) => String(c.id)));
    expect(column('Name')).toEqual(expected.map((c) => c.name));
    expect(column('Archived size')).toEqual(expected.map((c) => String(c.total_warc_bytes)));
    expect(column('Created')).toEqual(expected.map((c) => c.created_date));
    expect(column('Last crawl')).toEqual(expected.map((c) => c.last_crawl_date ?? ''));
  });

  it('seeds: a metadata value, a seed field and the quick filter, newest first, in every format', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/seeds?where=Language:English&active=true&q=www&sort=-created');
    const expected = catalogue.seeds
      .filter(
        (s) =>
          values(s, 'Language').includes('English') &&
          s.active &&
          fold(`${s.url} ${s.canonical_url} ${values(s, 'Title')[0] ?? ''}`).includes('www'),
      )
      .map((s, i) => ({ s, i }))
      .sort((a, b) => Date.parse(b.s.created_date) - Date.parse(a.s.created_date) || a.i - b.i)
      .map(({ s }) => s);
    expect(expected.length).toBeGreaterThan(10);
    await screen.findByText(
      `${count(expected.length)} of ${count(catalogue.seeds.length)} seeds`,
      undefined,
      PATIENT,
    );

    // The menu names the file before it is saved.
    const first = await openMenu(user);
    const shown = within(first).getByText(
      /^seeds-where-Language-English-active-true-q-www-[\d-]{10}$/,
    );
    expect(shown.closest('p')).toHaveTextContent(/\.csv, \.json, \.txt, \.xlsx or \.ods$/);
    await user.click(within(first).getByRole('button', { name: 'CSV' }));
    const csv = await downloaded();
    expect(csv.name).toBe(`${shown.textContent}.csv`);
    const [header = [], ...rows] = csvRecords(csv.text);
    expect(header).toEqual(headers('Seeds'));
    expect(rows.map((r) => r[header.indexOf('URL')])).toEqual(expected.map((s) => s.url));
    expect(rows.map((r) => r[header.indexOf('Created')])).toEqual(
      expected.map((s) => s.created_date),
    );
    expect(rows.map((r) => r[header.indexOf('Active')])).toEqual(expected.map(() => 'true'));

    const menu = await openMenu(user);
    await user.click(
      within(menu).getByRole('checkbox', {
        name: 'Include all metadata fields (CSV and spreadsheets)',
      }),
    );
    await user.click(within(menu).getByRole('button', { name: 'CSV' }));
    const [wide = [], ...wideRows] = csvRecords((await downloaded()).text);
    expect(wide.slice(0, header.length)).toEqual(header);
    // Every field the rows have, once: Title is already a column.
    const fields = new Set(
      expected.flatMap((s) => Object.keys(s.metadata).filter((f) => values(s, f).length > 0)),
    );
    fields.delete('Title');
    expect(new Set(wide.slice(header.length))).toEqual(fields);
    const subject = wide.indexOf('Subject');
    expect(wideRows.map((r) => r[subject])).toEqual(
      expected.map((s) => [...new Set(values(s, 'Subject'))].join(' | ')),
    );

    await user.click(within(await openMenu(user)).getByRole('button', { name: 'JSON' }));
    const json = JSON.parse((await downloaded()).text) as Record<string, unknown>[];
    expect(json.map((r) => r.id)).toEqual(expected.map((s) => s.id));
    expect(json[0]?.metadata).toEqual(expected[0]?.metadata);
    expect(Object.keys(json[0] ?? {})).toContain('canonical_url');

    await user.click(within(await openMenu(user)).getByRole('button', { name: 'URL list' }));
    expect((await downloaded()).text).toBe(expected.map((s) => `${s.url}\n`).join(''));
    // Nothing the export did changed the page.
    expect(router.state.location.search).toBe(
      '?where=Language:English&active=true&q=www&sort=-created',
    );
  });
});

describe('more tables', () => {
  it('seed groups: the quick filter and a sort; the seed counts once counted, and empty before', async () => {
    const user = userEvent.setup();
    // A catalogue too big to count unasked.
    claimManySeeds(server, catalogue);
    const names = new Map(catalogue.collections.map((c) => [c.id, c.name]));
    const word = (catalogue.seedGroups[0]?.name ?? '').split(/\s+/)[0] ?? '';
    const expected = catalogue.seedGroups
      .filter((g) => fold(`${g.name} ${names.get(g.collection) ?? ''}`).includes(fold(word)))
      .sort((a, b) => b.id - a.id);
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThan(catalogue.seedGroups.length);
    renderApp(`/seed-groups?q=${encodeURIComponent(word)}&sort=-id`);
    await screen.findByText(
      `${count(expected.length)} of ${count(catalogue.seedGroups.length)} seed groups`,
      undefined,
      PATIENT,
    );
    const menu = await openMenu(user);
    expect(within(menu).getByText(`Export ${count(expected.length)} seed groups`)).toBeVisible();
    // Only seeds have addresses.
    expect(within(menu).queryByRole('button', { name: 'URL list' })).toBeNull();
    await user.click(within(menu).getByRole('button', { name: 'CSV' }));
    const file = await downloaded();
    expect(file.name).toMatch(/^seed-groups-q-[A-Za-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/);
    const [header = [], ...rows] = csvRecords(file.text);
    expect(header).toEqual(headers('Seed groups'));
    const column = (rows_: string[][], name: string) => rows_.map((r) => r[header.indexOf(name)]);
    expect(column(rows, 'ID')).toEqual(expected.map((g) => String(g.id)));
    expect(column(rows, 'Name')).toEqual(expected.map((g) => g.name));
    // Not counted: nothing is known, so nothing is written.
    expect(column(rows, 'Seeds')).toEqual(expected.map(() => ''));

    await user.click(screen.getByRole('button', { name: 'Count the seeds in each group' }));
    const counts = new Map<number, number>();
    for (const seed of catalogue.seeds) {
      if (seed.seed_group !== null)
        counts.set(seed.seed_group, (counts.get(seed.seed_group) ?? 0) + 1);
    }
    await waitFor(
      () => {
        expect(screen.queryByText('not counted')).toBeNull();
      },
      { timeout: 10_000 },
    );
    await user.click(within(await openMenu(user)).getByRole('button', { name: 'CSV' }));
    const [, ...counted] = csvRecords((await downloaded()).text);
    expect(column(counted, 'Seeds')).toEqual(expected.map((g) => String(counts.get(g.id) ?? 0)));
  });

  it('collections: a value the service did not give, or gave unreadable, is an empty cell and null', async () => {
    const user = userEvent.setup();
    const engine = createCatalogueApi(catalogue);
    server.use(
      http.get('*/api/collection', ({ request }) => {
        const url = new URL(request.url);
        const answer = engine.handle('GET', url.pathname + url.search);
        const records = JSON.parse(answer.body ?? '[]') as Record<string, unknown>[];
        const changed = records.map((r, i) => {
          if (i % 5 === 1) return { ...r, total_warc_bytes: 'lots' };
          return i % 5 === 2 ? without(r, 'created_date') : r;
        });
        return HttpResponse.json(changed, { headers: answer.headers });
      }),
    );
    renderApp('/collections?sort=id');
    await screen.findByText(
      `${count(catalogue.collections.length)} collections`,
      undefined,
      PATIENT,
    );
    const unreadableSize = new Set(
      catalogue.collections.filter((_, i) => i % 5 === 1).map((c) => c.id),
    );
    const noCreated = new Set(catalogue.collections.filter((_, i) => i % 5 === 2).map((c) => c.id));
    const expected = [...catalogue.collections].sort((a, b) => a.id - b.id);

    await user.click(within(await openMenu(user)).getByRole('button', { name: 'CSV' }));
    const [header = [], ...rows] = csvRecords((await downloaded()).text);
    const column = (name: string) => rows.map((r) => r[header.indexOf(name)]);
    expect(column('ID')).toEqual(expected.map((c) => String(c.id)));
    expect(column('Archived size')).toEqual(
      expected.map((c) => (unreadableSize.has(c.id) ? '' : String(c.total_warc_bytes))),
    );
    expect(column('Created')).toEqual(
      expected.map((c) => (noCreated.has(c.id) ? '' : c.created_date)),
    );

    await user.click(within(await openMenu(user)).getByRole('button', { name: 'JSON' }));
    const json = JSON.parse((await downloaded()).text) as Record<string, unknown>[];
    expect(json.map((r) => r.total_warc_bytes)).toEqual(
      expected.map((c) => (unreadableSize.has(c.id) ? null : c.total_warc_bytes)),
    );
    expect(json.map((r) => r.created_date)).toEqual(
      expected.map((c) => (noCreated.has(c.id) ? null : c.created_date)),
    );
  });
});

describe('a list still loading', () => {
  /** The rows of a list's first page, which arrive before the rest is asked for. */
  const first = defaultApiConfig.firstPageSize;
  const firstRows = first.toLocaleString('en-US');

  /** Holds back every page of seeds after the first until `release` is called. */
  function holdLaterPages(answer?: () => Response) {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/api/seed', async ({ request }) => {
        if (Number(new URL(request.url).searchParams.get('offset') ?? 0) === 0) return undefined;
        await gate;
        return answer?.();
      }),
    );
    return () => {
      release();
    };
  }

  it('waits for the rest when asked, then exports every row', async () => {
    const user = userEvent.setup();
    const release = holdLaterPages();
    renderApp('/seeds');
    await screen.findByText(new RegExp(`Loaded ${firstRows} of 2,000 seeds`), undefined, PATIENT);
    const menu = await openMenu(user);
    expect(
      within(menu).getByText(`Still loading: ${firstRows} of 2,000 seeds so far.`),
    ).toBeVisible();
    expect(
      within(menu).getByRole('radio', { name: 'Export when all 2,000 have loaded' }),
    ).toBeChecked();
    await user.click(within(menu).getByRole('button', { name: 'CSV' }));
    expect(
      await screen.findByText('The CSV export starts when every seed has loaded.'),
    ).toBeVisible();
    expect(saved).toHaveLength(0);
    release();
    const file = await downloaded();
    expect(file.name).not.toMatch(/partial/);
    expect(csvRecords(file.text)).toHaveLength(2_001);
  });

  it('exports the rows loaded so far when asked, as a partial file', async () => {
    const user = userEvent.setup();
    const release = holdLaterPages();
    renderApp('/seeds');
    await screen.findByText(new RegExp(`Loaded ${firstRows} of 2,000 seeds`), undefined, PATIENT);
    const menu = await openMenu(user);
    expect(within(menu).getByText(/^seeds-[\d-]{10}$/)).toBeVisible();
    await user.click(
      within(menu).getByRole('radio', {
        name: `Export the ${firstRows} seeds loaded now (a partial file)`,
      }),
    );
    const shown = within(menu).getByText(/^seeds-[\d-]{10}-partial$/);
    await user.click(within(menu).getByRole('button', { name: 'JSON' }));
    const file = await downloaded();
    expect(file.name).toBe(`${shown.textContent}.json`);
    expect(JSON.parse(file.text)).toHaveLength(first);
    release();
  });

  it('says so when the rest cannot be loaded, and exports nothing', async () => {
    const user = userEvent.setup();
    const release = holdLaterPages(() => HttpResponse.json({ detail: 'no' }, { status: 400 }));
    renderApp('/seeds');
    await screen.findByText(new RegExp(`Loaded ${firstRows} of 2,000 seeds`), undefined, PATIENT);
    await user.click(within(await openMenu(user)).getByRole('button', { name: 'CSV' }));
    release();
    const alerts = await screen.findAllByRole('alert', undefined, PATIENT);
    await waitFor(() => {
      expect(alerts.map((a) => a.textContent).join('\n')).toContain(
        'The rest of the seeds could not be loaded, so nothing was exported.',
      );
    }, PATIENT);
    expect(saved).toHaveLength(0);
    // Nothing is lost: the rows that did arrive still export, as a partial file.
    const menu = await openMenu(user);
    expect(within(menu).getByText(`Export ${firstRows} seeds`)).toBeVisible();
    expect(within(menu).getByText(/The list did not load completely/)).toBeVisible();
    await user.click(within(menu).getByRole('button', { name: 'CSV' }));
    const file = await downloaded();
    expect(file.name).toMatch(/^seeds-[\d-]{10}-partial\.csv$/);
    expect(csvRecords(file.text)).toHaveLength(first + 1);
  });
});

describe('the menu', () => {
  it('opens and closes from the keyboard, and a failed export leaves the page as it was', async () => {
    const user = userEvent.setup();
    renderApp('/collections?sort=name');
    const line = await screen.findByText(
      `${count(catalogue.collections.length)} collections`,
      undefined,
      PATIENT,
    );
    const button = screen.getByRole('button', { name: 'Export' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = await screen.findByRole(
      'group',
      { name: 'Export collections' },
      { timeout: 10_000 },
    );
    await waitFor(() => {
      expect(menu).toContainElement(document.activeElement as HTMLElement);
    });
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
    expect(button).toHaveFocus();

    URL.createObjectURL = vi.fn(() => {
      throw new RangeError('Invalid string length');
    });
    await user.keyboard('{Enter}');
    await user.click(within(menu).getByRole('button', { name: 'CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The export failed: it is too large for the memory this browser allows.',
    );
    expect(line).toHaveTextContent(`${count(catalogue.collections.length)} collections`);
    expect(
      within(screen.getByRole('grid', { name: 'Collections' })).getAllByRole('row').length,
    ).toBeGreaterThan(2);
  });
});
