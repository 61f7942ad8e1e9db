import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sameData, useSame } from '../../../src/lib/use-same';

describe('sameData', () => {
  const table: [string, unknown, unknown, boolean][] = [
    ['equal lists', ['Title', 'Date'], ['Title', 'Date'], true],
    ['another order', ['Title', 'Date'], ['Date', 'Title'], false],
    ['nested records', [{ field: 'a', value: 'b' }], [{ field: 'a', value: 'b' }], true],
    ['a value changed', [{ field: 'a', value: 'b' }], [{ field: 'a', value: 'c' }], false],
    ['a key missing', { a: 1, b: undefined }, { a: 1, c: undefined }, false],
    ['a list and a record', [], {}, false],
    ['null and a record', null, {}, false],
    ['numbers and their text', [1], ['1'], false],
    ['nothing', undefined, undefined, true],
  ];
  it.each(table)('%s', (_, a, b, same) => {
    expect(sameData(a, b)).toBe(same);
  });
});

describe('useSame', () => {
  it('keeps the first value while each new one holds the same data, and takes a changed one', () => {
    const first = { where: ['Language:English'], status: [] };
    const { result, rerender } = renderHook(({ value }) => useSame(value), {
      initialProps: { value: first },
    });
    rerender({ value: { where: ['Language:English'], status: [] } });
    expect(result.current).toBe(first);
    const changed = { where: ['Language:Spanish'], status: [] };
    rerender({ value: changed });
    expect(result.current).toBe(changed);
  });

  it('keeps a function as a value, without calling it', () => {
    const f = () => 'called';
    const { result, rerender } = renderHook(({ value }) => useSame(value), {
      initialProps: { value: f },
    });
    rerender({ value: f });
    expect(result.current).toBe(f);
  });
});
