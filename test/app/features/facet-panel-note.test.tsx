/**
 * The facet panel's note says what its counts are of. While new counts are on their way the old
 * ones stay on show (the first rows of a list still loading, or the seeds of the filters before the
 * last change), so "Counting…" also gives how many seeds the counts on show counted: without it,
 * "In no group 251" under a count line of 16,257 seeds reads as a count of the whole list.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FacetPanel } from '../../../src/features/seeds/facet-panel';
import { facetIndex } from '../../../src/features/seeds/facet-index';
import { computeFacets } from '../../../src/features/seeds/facets';
import { seedFilterModel } from '../../../src/features/seeds/seed-filters';
import { makeSeed } from './seed-fixtures';

const noop = () => undefined;

function panel(seeds: number, pending: boolean) {
  const rows = Array.from({ length: seeds }, (_, i) => makeSeed({ active: i % 3 !== 0 }));
  const result = computeFacets(facetIndex(rows), seedFilterModel({}));
  return (
    <FacetPanel
      result={result}
      pending={pending}
      onWhere={noop}
      onMissing={noop}
      onChoice={noop}
      missing={[]}
    />
  );
}

const note = () => document.querySelector('.facet-panel__note')?.textContent;

describe('the facet panel’s note', () => {
  it('names the seeds its counts are of, while counting again and once counted', () => {
    const view = render(panel(2_000, true));
    expect(note()).toBe('Counting… (the counts shown are of 2,000 seeds)');
    expect(screen.getByRole('region', { name: 'Refine' })).toHaveAttribute('aria-busy', 'true');
    // The counts on show are of those 2,000: active and inactive add up to them.
    const counted = (name: string) => {
      const label = screen.getByRole('checkbox', { name: new RegExp(`^${name}, `) });
      return Number(
        /, ([\d,]+) seeds?$/.exec(label.getAttribute('aria-label') ?? '')?.[1]?.replace(/,/g, ''),
      );
    };
    expect(counted('Active') + counted('Inactive')).toBe(2_000);

    view.rerender(panel(2_000, false));
    expect(note()).toBe('Counts of 2,000 seeds');
    expect(screen.getByRole('region', { name: 'Refine' })).toHaveAttribute('aria-busy', 'false');
  });

  it('says only that it is counting before anything was counted, and counts one seed as one', () => {
    const view = render(panel(0, true));
    expect(note()).toBe('Counting…');
    view.rerender(panel(1, false));
    expect(note()).toBe('Counts of 1 seed');
  });
});
