import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createCatalogueApi } from '../../../src/server/catalogue/engine';
import { renderApp } from '../render';
import { setupPageCatalogue } from './setup';
import { columnTexts, search } from './table-helpers';

const { catalogue, server } = setupPageCatalogue();
const total = catalogue.collections.length;
const activeCount = catalogue.collections.filter((c) => c.state === 'ACTIVE').length;
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

describe('/collections', () => {
  it('says how many collections there are', async () => {
    const { router } = renderApp('/collections');
    expect(await screen.findByRole('heading', { name: 'Collections' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/collections');
    expect(await screen.findByText(`${String(total)} collections`)).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'Collections' })).toBeInTheDocument();
    // The account's catalogue: no word of a public one.
    expect(screen.queryByText(/^The public catalogue/)).toBeNull();
  });

  it('filters by state through the URL, and says "N of M"', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/collections');
    await screen.findByText(`${String(total)} collections`);
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'ACTIVE');
    expect(search(router).get('state')).toBe('ACTIVE');
    expect(
      await screen.findByText(`${String(activeCount)} of ${String(total)} collections`),
    ).toBeInTheDocument();
    const states = columnTexts('Collections', 'State');
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((s) => s === 'Active')).toBe(true);
  });

  it('restores the filter and sort from the URL, as after a reload or a shared link', async () => {
    renderApp('/collections?state=INACTIVE&sort=-name');
    const inactive = catalogue.collections.filter((c) => c.state === 'INACTIVE');
    expect(
      await screen.findByText(`${String(inactive.length)} of ${String(total)} collections`),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('INACTIVE');
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    const expected = inactive.map((c) => c.name).sort((a, b) => collator.compare(b, a));
    const grid = screen.getByRole('grid', { name: 'Collections' });
    expect(grid).toHaveAttribute('aria-rowcount', String(inactive.length + 1));
    const shown = columnTexts('Collections', 'Name');
    // The rows in view (all of them, or the first screenful) in the reversed order.
    expect(shown.length).toBe(Math.min(inactive.length, shown.length));
    expect(shown.length).toBeGreaterThanOrEqual(Math.min(inactive.length, 10));
    expect(shown).toEqual(expected.slice(0, shown.length));
  });

  it('cycles the sort from the header, ascending, descending, off, keeping it in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/collections');
    await screen.findByText(`${String(total)} collections`);
    const sortButton = () =>
      within(screen.getByRole('columnheader', { name: /Archived size/ })).getByRole('button');
    await user.click(sortButton());
    expect(search(router).get('sort')).toBe('size');
    const ascending = [...catalogue.collections].sort(
      (a, b) => a.total_warc_bytes - b.total_warc_bytes,
    );
    await waitFor(() => {
      expect(columnTexts('Collections', 'Name')[0]).toBe(ascending[0]?.name);
    });
    await user.click(sortButton());
    expect(search(router).get('sort')).toBe('-size');
    await waitFor(() => {
      expect(columnTexts('Collections', 'Name')[0]).toBe(ascending.at(-1)?.name);
    });
    await user.click(sortButton());
    expect(search(router).has('sort')).toBe(false);
    // Back restores the reversed sort exactly.
    await router.navigate(-1);
    await waitFor(() => {
      expect(screen.getByRole('columnheader', { name: /Archived size/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
    });
  });

  it('filters by name as the user types, into the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/collections');
    await screen.findByText(`${String(total)} collections`);
    await user.type(screen.getByRole('searchbox', { name: 'Name contains' }), 'elections');
    await waitFor(() => {
      expect(search(router).get('q')).toBe('elections');
    });
    const expected = catalogue.collections.filter((c) =>
      c.name.toLowerCase().includes('elections'),
    );
    expect(
      await screen.findByText(`${String(expected.length)} of ${String(total)} collections`),
    ).toBeInTheDocument();
    expect(expected.length).toBeGreaterThan(0);
    expect(columnTexts('Collections', 'Name')).toEqual(expected.map((c) => c.name));
  });

  it('says when nothing matches', async () => {
    renderApp('/collections?q=zzzz-no-such-collection');
    expect(await screen.findByText('No collections match these filters.')).toBeInTheDocument();
  });

  it('ignores a bad state in the URL with a message, and shows everything', async () => {
    renderApp('/collections?state=archived');
    expect(await screen.findByText(/“archived” is not a collection state/)).toBeInTheDocument();
    expect(await screen.findByText(`${String(total)} collections`)).toBeInTheDocument();
  });

  it('shows a failure in an alert with a retry that works', async () => {
    let fail = true;
    // Answering undefined hands the request on to the embedded engine.
    server.use(
      http.get('*/api/collection', () =>
        fail ? HttpResponse.json({ detail: 'Service down' }, { status: 500 }) : undefined,
      ),
    );
    const user = userEvent.setup();
    renderApp('/collections');
    const alert = await screen.findByRole('alert', {}, { timeout: 4_000 });
    expect(alert).toHaveTextContent(
      'The catalogue service failed to answer (HTTP 500). It said: “Service down”',
    );
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText(`${String(total)} collections`, {}, { timeout: 4_000 }),
    ).toBeInTheDocument();
  });

  it('believes the rows, not a count they do not bear out', async () => {
    const engine = createCatalogueApi(catalogue);
    server.use(
      http.get('*/api/collection', ({ request }) => {
        const url = new URL(request.url);
        const answer = engine.handle('GET', url.pathname + url.search);
        const headers = new Headers(answer.headers);
        headers.set('Total-Row-Count', String(Number.MAX_SAFE_INTEGER));
        return new HttpResponse(answer.body, { status: answer.status, headers });
      }),
    );
    renderApp('/collections');
    expect(await screen.findByText(`${String(total)} collections`)).toBeInTheDocument();
    // The first page asks for 100 and gets fewer: that is the whole list.
    expect(total).toBeLessThan(100);
    expect(screen.getByRole('grid', { name: 'Collections' })).toHaveAttribute(
      'aria-rowcount',
      String(total + 1),
    );
    expect(screen.getByText(/^The catalogue service said there are/)).toHaveTextContent(
      `The catalogue service said there are 9,007,199,254,740,991 collections, but sent ${String(total)}; the explorer shows the ${String(total)} it received.`,
    );
    expect(screen.getAllByText(/9,007,199,254,740,991/)).toHaveLength(1);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says at once how long the service asks us to wait, and asks again only when told to', async () => {
    let limiting = true;
    const asked: string[] = [];
    server.use(
      http.get('*/api/collection', ({ request }) => {
        asked.push(request.url);
        return limiting
          ? HttpResponse.json(
              { detail: 'Request was throttled.' },
              { status: 429, headers: { 'Retry-After': '999999' } },
            )
          : undefined;
      }),
    );
    const user = userEvent.setup();
    renderApp('/collections');
    const waitText =
      'The catalogue service is limiting requests (HTTP 429) and asks us to wait 11 days and 13 hours.';
    expect(await screen.findByRole('alert')).toHaveTextContent(waitText);
    expect(screen.getByText('The collections could not be loaded')).toBeInTheDocument();
    expect(asked).toHaveLength(1);

    // Away and back: the seed groups page and its prefetch read the collections too, and the
    // collections page mounts its queries again. Then the connection drops and comes back.
    const sections = screen.getByRole('navigation', { name: 'Sections' });
    await user.click(within(sections).getByRole('link', { name: 'Seed groups' }));
    await screen.findByRole('heading', { name: 'Seed groups', level: 1 });
    // Every count line shown on the way back and after, however briefly.
    const countLines = new Set<string>();
    const watcher = new MutationObserver(() => {
      const line = document.querySelector('.count-line')?.textContent;
      if (line) countLines.add(line);
    });
    watcher.observe(document.body, { subtree: true, childList: true, characterData: true });
    await user.click(within(sections).getByRole('link', { name: 'Collections' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(waitText);
    act(() => {
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    watcher.disconnect();
    // Not even a moment of "Loading…": the list is not asked for, so it is not loading.
    expect(countLines).not.toContain('Loading collections…');
    expect(countLines).toContain('The collections could not be loaded');
    expect(screen.getByRole('alert')).toHaveTextContent(waitText);
    expect(asked).toHaveLength(1);

    limiting = false;
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(`${String(total)} collections`)).toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it('opens a collection with Enter on its row', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/collections?sort=name');
    await screen.findByText(`${String(total)} collections`);
    const first = [...catalogue.collections].sort((a, b) => collator.compare(a.name, b.name))[0];
    const grid = screen.getByRole('grid', { name: 'Collections' });
    grid.focus();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(`/collections/${String(first?.id)}/overview`);
    });
  });

  it('has a Seeds column, active and inactive together, that sorts', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/collections');
    await screen.findByText(`${String(total)} collections`);
    const seeds = (c: (typeof catalogue.collections)[number]) =>
      c.num_active_seeds + c.num_inactive_seeds;
    const header = () => screen.getByRole('columnheader', { name: /^Seeds/ });
    await user.click(within(header()).getByRole('button'));
    await user.click(within(header()).getByRole('button'));
    expect(search(router).get('sort')).toBe('-seeds');
    const most = [...catalogue.collections].sort((a, b) => seeds(b) - seeds(a));
    await waitFor(() => {
      expect(columnTexts('Collections', 'Seeds').slice(0, 5)).toEqual(
        most.slice(0, 5).map((c) => seeds(c).toLocaleString()),
      );
    });
    expect(columnTexts('Collections', 'Name')[0]).toBe(most[0]?.name);
  });

  it('offers each metadata field of the collections as a column, as the seed lists do', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/collections?sort=meta:Subject');
    await screen.findByText(`${String(total)} collections`);
    expect(screen.queryByText(/There is no column/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const fields = await screen.findByRole('group', { name: 'Metadata fields' });
    await user.click(within(fields).getByRole('checkbox', { name: 'Subject' }));
    const subjects = (c: (typeof catalogue.collections)[number]) =>
      ((c.metadata.Subject ?? []) as { value: string }[])
        .map((e) => e.value)
        .filter((v) => v.trim() !== '');
    const first = [...catalogue.collections]
      .filter((c) => subjects(c).length > 0)
      .map((c) => [...new Set(subjects(c))].join('; '))
      .sort((a, b) => collator.compare(a, b))[0];
    await waitFor(() => {
      expect(columnTexts('Collections', 'Subject')[0]).toBe(first);
    });
    expect(search(router).get('sort')).toBe('meta:Subject');
  });

  it('says which filters are in force, and audits the collections it shows', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/collections?state=ACTIVE&missing=Title&missing=Language');
    const chips = await screen.findByRole('group', { name: 'Filters in force' });
    expect(
      within(chips)
        .getAllByRole('button', { name: /^Remove the filter: / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove the filter: active', 'Remove the filter: no Title or no Language']);
    const blank = (c: (typeof catalogue.collections)[number], field: string) =>
      ((c.metadata[field] ?? []) as { value: string }[]).every((e) => e.value.trim() === '');
    const active = catalogue.collections.filter((c) => c.state === 'ACTIVE');
    const required = ['Title', 'Description', 'Subject', 'Language'];
    const lacking = active.filter((c) => required.some((f) => blank(c, f)));
    const link = await screen.findByRole('link', {
      name: `${String(lacking.length)} of the ${String(active.length)} collections`,
    });
    expect(link).toHaveAttribute(
      'href',
      '/collections?state=ACTIVE&missing=Title&missing=Description&missing=Subject&missing=Language',
    );
    await user.click(within(chips).getByRole('button', { name: 'Remove the filter: active' }));
    await waitFor(() => {
      expect(search(router).has('state')).toBe(false);
    });
    expect(search(router).getAll('missing')).toEqual(['Title', 'Language']);
  });
});
