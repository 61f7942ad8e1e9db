import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render';
import { setupPageCatalogue } from './setup';
import { columnTexts, search } from './table-helpers';

const { catalogue } = setupPageCatalogue();
const count = (n: number) => n.toLocaleString();

function metadataMatch(name: string, prefix: string) {
  return catalogue.seeds.filter((s) => s.metadata[name]?.some((e) => e.value.startsWith(prefix)));
}

describe('/seeds', () => {
  it('lists every seed with its count', async () => {
    renderApp('/seeds');
    expect(await screen.findByText(`${count(catalogue.seeds.length)} seeds`)).toBeInTheDocument();
    expect(columnTexts('Seeds', 'URL').length).toBeGreaterThan(5);
  });

  it('filters by a metadata field and value prefix through the service, kept in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/seeds');
    await screen.findByText(`${count(catalogue.seeds.length)} seeds`);
    await user.type(screen.getByRole('combobox', { name: 'Metadata field' }), 'Subject');
    await user.type(screen.getByRole('searchbox', { name: 'Value starts with' }), 'Elections');
    await waitFor(() => {
      expect(search(router).get('metadata__name')).toBe('Subject');
      expect(search(router).get('metadata__value__startswith')).toBe('Elections');
    });
    const expected = metadataMatch('Subject', 'Elections');
    expect(expected.length).toBeGreaterThan(0);
    expect(
      await screen.findByText(`${count(expected.length)} seeds matching these filters`),
    ).toBeInTheDocument();
    const urls = new Set(expected.map((s) => s.url));
    const shown = columnTexts('Seeds', 'URL');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((u) => urls.has(u))).toBe(true);
  });

  it('offers the field names seen in the data, Dublin Core first', async () => {
    renderApp('/seeds');
    await screen.findByText(`${count(catalogue.seeds.length)} seeds`);
    const input = screen.getByRole('combobox', { name: 'Metadata field' });
    const list = document.getElementById(input.getAttribute('list') ?? '');
    const options = [...(list?.querySelectorAll('option') ?? [])].map((o) => o.value);
    expect(options.slice(0, 3)).toEqual(['Title', 'Description', 'Subject']);
    expect(options).toContain('Local Call Number');
  });

  it('quick-filters by a seed’s title as well as its addresses', async () => {
    const titles = (s: (typeof catalogue.seeds)[number]) =>
      (s.metadata.Title ?? []).map((e) => e.value).filter((v) => v.trim() !== '');
    // A title whose words are not in the seed's address: only the title can find it.
    const seed = catalogue.seeds.find((s) => {
      const [title] = titles(s);
      return title !== undefined && /^[ -~]+$/.test(title) && !s.url.includes(title.toLowerCase());
    });
    const query = seed ? titles(seed)[0] : undefined;
    if (!query) throw new Error('no seed with an ASCII title');
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const expected = catalogue.seeds.filter((s) => {
      const text = [s.url, s.canonical_url, ...titles(s)].join(' ').toLowerCase();
      return words.every((w) => text.includes(w));
    });
    renderApp(`/seeds?q=${encodeURIComponent(query)}`);
    expect(
      await screen.findByText(
        `${count(expected.length)} of ${count(catalogue.seeds.length)} seeds`,
        { exact: false },
      ),
    ).toBeInTheDocument();
  });

  it('says when no seed matches', async () => {
    renderApp('/seeds?metadata__name=Title&metadata__value__startswith=zzzz');
    expect(await screen.findByText('No seeds match these filters.')).toBeInTheDocument();
  });

  it('opens a seed’s details from its row, with every field and no login fields', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/seeds');
    await screen.findByText(`${count(catalogue.seeds.length)} seeds`);
    const firstSeed = catalogue.seeds[0];
    await user.click(screen.getAllByRole('gridcell', { name: firstSeed?.url })[0] as HTMLElement);
    await waitFor(() => {
      expect(search(router).get('seed')).toBe(String(firstSeed?.id));
    });
    const panel = await screen.findByRole('complementary');
    expect(within(panel).getByText('Seed ID').nextElementSibling).toHaveTextContent(
      String(firstSeed?.id),
    );
    const captures = within(panel).getByRole('link', { name: 'Archived captures' });
    expect(captures).toHaveAttribute(
      'href',
      new URL(
        `https://wayback.archive-it.org/${String(firstSeed?.collection)}/*/${firstSeed?.url ?? ''}`,
      ).href,
    );
    expect(document.body.textContent).not.toMatch(/login|password/i);
  });

  it('reopens the selected seed after a reload, leaving the focus at the top, and Escape closes it', async () => {
    const seed = catalogue.seeds.find((s) => s.metadata.Title);
    const user = userEvent.setup();
    const { router } = renderApp(`/seeds?seed=${String(seed?.id)}`);
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: seed?.metadata.Title?.[0]?.value,
    });
    // As after any page load, the first Tab reaches the skip link, not the middle of the page.
    await screen.findByRole('grid', { name: 'Seeds' });
    expect(document.activeElement).toBe(document.body);
    await user.click(heading);
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(search(router).has('seed')).toBe(false);
    });
    await waitFor(() => {
      expect(screen.queryByRole('complementary')).toBeNull();
    });
  });

  it('shows markup in metadata as text, never as markup', async () => {
    const seed = catalogue.seeds.find((s) =>
      Object.values(s.metadata).some((entries) =>
        entries.some((e) => /<b>|<p>|<em>/.test(e.value)),
      ),
    );
    expect(seed).toBeDefined();
    renderApp(`/seeds?seed=${String(seed?.id)}`);
    const panel = await screen.findByRole('complementary');
    const marked = Object.values(seed?.metadata ?? {})
      .flat()
      .find((e) => /<b>|<p>|<em>/.test(e.value));
    expect(
      within(panel).getByText((_, el) => el?.tagName === 'DD' && el.textContent === marked?.value),
    ).toBeInTheDocument();
    expect(panel.querySelector('dd b, dd p, dd em')).toBeNull();
  });

  it('filters by collection from the picker', async () => {
    const user = userEvent.setup();
    const target = catalogue.collections.find((c) => c.num_active_seeds > 30);
    const { router } = renderApp('/seeds');
    await screen.findByText(`${count(catalogue.seeds.length)} seeds`);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Collection' }),
      String(target?.id),
    );
    expect(search(router).get('collection')).toBe(String(target?.id));
    const expected = catalogue.seeds.filter((s) => s.collection === target?.id).length;
    expect(
      await screen.findByText(`${count(expected)} seeds matching these filters`),
    ).toBeInTheDocument();
  });
});
