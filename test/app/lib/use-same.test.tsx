import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sameInUrl } from '../../../src/addresses/url-params';
import { sameItems, useSame } from '../../../src/lib/use-same';
import { seedRowFilterParams } from '../../../src/features/seeds/seed-filters';

describe('sameItems', () => {
  const table: [string, readonly unknown[], readonly unknown[], boolean][] = [
    ['equal lists', ['Title', 'Date'], ['Title', 'Date'], true],
    ['another order', ['Title', 'Date'], ['Date', 'Title'], false],
    ['one more', ['Title'], ['Title', 'Date'], false],
    ['numbers and their text', [1], ['1'], false],
    ['empty', [], [], true],
  ];
  it.each(table)('%s', (_, a, b, same) => {
    expect(sameItems(a, b)).toBe(same);
  });
});

describe('sameInUrl', () => {
  it('compares the filters by the address they write, whatever else the values hold', () => {
    const where = [{ field: 'Language', value: 'English' }];
    const copy = [{ field: 'Language', value: 'English' }];
    expect(sameInUrl(seedRowFilterParams, { where }, { where: copy })).toBe(true);
    const other = { where: [{ field: 'Language', value: 'Spanish' }] };
    expect(sameInUrl(seedRowFilterParams, { where }, other)).toBe(false);
    // A sort or a quick filter is not a seed filter.
    const sorted = { where, sort: 'url' } as Parameters<typeof sameInUrl>[1];
    expect(sameInUrl(seedRowFilterParams, { where }, sorted)).toBe(true);
    const unreadable = { unreadable: 'Language', problem: 'no colon' };
    expect(sameInUrl(seedRowFilterParams, { where: [unreadable] }, { where })).toBe(false);
  });
});

describe('useSame', () => {
  it('keeps the first value while each new one is the same, and takes a changed one', () => {
    const first = ['Title', 'Date'];
    const { result, rerender } = renderHook(({ value }) => useSame(value, sameItems), {
      initialProps: { value: first },
    });
    rerender({ value: ['Title', 'Date'] });
    expect(result.current).toBe(first);
    const changed = ['Title', 'Subject'];
    rerender({ value: changed });
    expect(result.current).toBe(changed);
  });

  it('keeps a function as a value, without calling it', () => {
    const f = () => 'called';
    const { result, rerender } = renderHook(({ value }) => useSame(value, Object.is), {
      initialProps: { value: f },
    });
    rerender({ value: f });
    expect(result.current).toBe(f);
  });
});
