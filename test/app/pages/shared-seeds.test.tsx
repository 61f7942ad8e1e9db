/**
 * Seeds shared across collections on the seed lists: the facets' counts are those the rules give
 * over the service's records, choosing a value filters the list to that many seeds (with its chip
 * and address), values the address cannot read get a specific message, and a collection's list
 * says the account's seeds are needed, and loads them on request, rather than showing a wrong 0.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../render';
import { setupPageCatalogue } from './setup';
import { search } from './table-helpers';

const { catalogue } = setupPageCatalogue();
const count = (n: number) => n.toLocaleString();

/** The rules written plainly: scheme, www., trailing slash and the host's case folded. */
function site(url: string): string | null {
  const m = /^https?:\/\/(?:www\.)?([^/:?#]+)(?::(?:80|443))?([^?#]*?)\/*(\?[^#]*)?(#.*)?$/i.exec(
    url,
  );
  return m ? `${(m[1] ?? '').toLowerCase()}${m[2] ?? ''}${m[3] ?? ''}` : null;
}

const seeds = catalogue.seeds;
/** Each site's collections. */
const collectionsOf = new Map<string, Set<number>>();
for (const s of seeds) {
  const key = site(s.url);
  if (key === null) continue;
  const set = collectionsOf.get(key) ?? new Set();
  set.add(s.collection);
  collectionsOf.set(key, set);
}
function sharedIn(collection?: number) {
  return seeds.filter((s) => {
    const key = site(s.url);
    return (
      (collection === undefined || s.collection === collection) &&
      key !== null &&
      [...(collectionsOf.get(key) ?? [])].some((c) => c !== s.collection)
    );
  });
}

function facetCount(section: string, value: string): number {
  const panel = screen.getByRole('region', { name: 'Refine' });
  const facet = within(panel).getByRole('region', { name: section });
  const box = within(facet).getByRole('checkbox', {
    name: new RegExp(`^${value}, `),
  });
  return Number(
    (box.closest('label')?.querySelector('.facet__count')?.textContent ?? '').replace(/\D/g, ''),
  );
}

describe('seeds shared across collections', () => {
  it(
    'counts the shared seeds as the rules do, never asks to load the seeds on screen, and filters to them',
    { timeout: 60_000 },
    async () => {
      const shared = sharedIn();
      expect(shared.length).toBeGreaterThan(0);
      const user = userEvent.setup();
      // Every seed of the account is the list on screen: the facet never asks to load them.
      const asked: string[] = [];
      const watch = new MutationObserver(() => {
        const facet = document.querySelector('[aria-label="Also in other collections"]');
        for (const button of facet?.querySelectorAll('button') ?? [])
          asked.push(button.textContent);
      });
      watch.observe(document.body, { childList: true, subtree: true, characterData: true });
      const { router } = renderApp('/seeds');
      await screen.findByText(`${count(seeds.length)} seeds`);
      await waitFor(
        () => {
          expect(facetCount('Also in other collections', 'Yes')).toBe(shared.length);
        },
        { timeout: 20_000 },
      );
      expect(facetCount('Also in other collections', 'No')).toBe(seeds.length - shared.length);
      watch.disconnect();
      expect(asked).toEqual([]);
      const panel = screen.getByRole('region', { name: 'Refine' });
      const facet = within(panel).getByRole('region', { name: 'Also in other collections' });
      await user.click(within(facet).getByRole('checkbox', { name: /^Yes, / }));
      await waitFor(() => {
        expect(search(router).get('shared')).toBe('true');
      });
      expect(
        await screen.findByText(`${count(shared.length)} of ${count(seeds.length)} seeds`, {
          exact: false,
        }),
      ).toBeInTheDocument();
      expect(
        await screen.findByRole('button', {
          name: 'Remove the filter: also in other collections',
        }),
      ).toBeInTheDocument();
    },
  );

  it('gives a specific message for each value the address cannot read', async () => {
    renderApp('/seeds?shared=maybe&duplicate=false&shared_with=abc');
    expect(
      await screen.findByText('“maybe” is not true or false: shared=true|false.', { exact: false }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('“false” is not a choice: duplicate=true', { exact: false }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('“abc” is not a collection id: shared_with=<collection id>.', {
        exact: false,
      }),
    ).toBeInTheDocument();
  });

  it(
    'on a collection’s list, loads the account’s seeds on request before it counts',
    { timeout: 60_000 },
    async () => {
      const counts = new Map<number, number>();
      for (const s of sharedIn()) counts.set(s.collection, (counts.get(s.collection) ?? 0) + 1);
      const [id, shared] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
      const user = userEvent.setup();
      renderApp(`/collections/${String(id)}/seeds?shared=true`);
      const panel = await screen.findByRole('region', { name: 'Refine' });
      const facet = await within(panel).findByRole('region', { name: 'Also in other collections' });
      expect(
        within(facet).getByText('Comparing sites needs every seed of the account.'),
      ).toBeInTheDocument();
      expect(screen.queryByText('No seeds match these filters.')).toBeNull();
      await user.click(within(facet).getByRole('button', { name: /^Load/ }));
      await waitFor(
        () => {
          expect(facetCount('Also in other collections', 'Yes')).toBe(shared);
        },
        { timeout: 20_000 },
      );
      const inCollection = seeds.filter((s) => s.collection === id).length;
      expect(
        await screen.findByText(`${count(shared)} of ${count(inCollection)} seeds`, {
          exact: false,
        }),
      ).toBeInTheDocument();
    },
  );
});
