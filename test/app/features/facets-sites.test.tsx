/**
 * The facets say which site index their counts were counted with, so that "Also in other
 * collections" can say it is counting, rather than show counts from before every seed of the
 * account was compared (each seed then read as one whose collection the service did not give).
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFacets, type FacetInputs } from '../../../src/features/seeds/use-facets';
import { seedFilterModel } from '../../../src/features/seeds/seed-filters';
import { siteIndexJob } from '../../../src/lib/shared-seeds';
import { runJob } from '../../../src/scheduling';
import { makeSeed } from './seed-fixtures';

const rows = Array.from({ length: 20_000 }, () => makeSeed());
const model = seedFilterModel({});

describe('facets counted with the account’s sites', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keep saying they were counted without the sites until a count with them is done', async () => {
    const before: FacetInputs = { rows, model, quick: undefined, groups: undefined, sites: null };
    const hook = renderHook((inputs: FacetInputs) => useFacets(inputs), { initialProps: before });
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(hook.result.current.pending).toBe(false);
    expect(hook.result.current.countedSites).toBeNull();

    const sites = runJob(siteIndexJob(rows));
    hook.rerender({ ...before, sites });
    // 20,000 seeds take more than the first slice: the counts shown are still the old ones.
    expect(hook.result.current.pending).toBe(true);
    expect(hook.result.current.countedSites).toBeNull();
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(hook.result.current.pending).toBe(false);
    expect(hook.result.current.countedSites).toBe(sites);
  });
});
