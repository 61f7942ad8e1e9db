/**
 * The seeds page's field names are worked out with the rows' first render when the list is short
 * and uses few fields; a record of thousands of fields makes the work long, so it waits until the
 * rows are painted, as a long list's does, whether the rows are plain records or read into blocks.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Seed } from '../../../src/api/records';
import { blockRows } from '../../../src/api/row-block';
import { useFieldNames } from '../../../src/features/seeds/field-names';
import { workerBlock } from '../worker-block';
import { makeSeed } from './seed-fixtures';

const manyFields = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, k) => [`Field ${String(k)}`, ['x']]));

const wire = (metadata: Record<string, string[]>, id: number) => ({
  id,
  url: `https://example.org/${String(id)}`,
  collection: 1,
  metadata: Object.fromEntries(
    Object.entries(metadata).map(([field, values]) => [
      field,
      values.map((value, k) => ({ id: id * 10 + k, value })),
    ]),
  ),
});

describe('the seeds page’s field names', () => {
  it('are there with the first render of a short list of few fields', () => {
    const rows = [makeSeed({ meta: { Title: ['A'] } }), makeSeed({ meta: { Subject: ['B'] } })];
    const { result } = renderHook(() => useFieldNames(rows));
    expect(result.current.used).toEqual(['Title', 'Subject']);
  });

  it.each([
    [
      'plain records',
      () => [makeSeed({ meta: { Title: ['A'] } }), makeSeed({ meta: manyFields(2000) })],
    ],
    [
      'rows of a block',
      () => blockRows<'seed'>(workerBlock([wire({ Title: ['A'] }, 1), wire(manyFields(2000), 2)])),
    ],
  ] as [string, () => readonly Seed[]][])(
    'wait for the rows to be painted when a record of %s has 2,000 fields',
    async (_, make) => {
      const rows = make();
      const { result } = renderHook(() => useFieldNames(rows));
      expect(result.current.used).toEqual([]);
      await waitFor(() => {
        expect(result.current.used).toHaveLength(2001);
      });
      expect(result.current.used[0]).toBe('Title');
    },
  );
});
