/**
 * The words a list uses for its counts, as a table: each row is a list in some state and the
 * sentence an archivist reads for it.
 */
import { describe, expect, it } from 'vitest';
import type { ListView } from '../../../src/api/hooks';
import { listData, type ListData } from '../../../src/api/load-list';
import { NO_OVERSIZE } from '../../../src/api/values';
import {
  countLine,
  emptyTitle,
  failureWords,
  progressLabel,
  shapeNotices,
} from '../../../src/components/count-words';

type Row = { id: number };

/** A list of `loaded` rows in the state `state` (a complete, certain list unless told). */
function list(
  loaded: number,
  state: Partial<ListView<Row>> = {},
  data: Partial<ListData<Row>> = {},
): ListView<Row> {
  const rows = Array.from({ length: loaded }, (_, id) => ({ id }));
  const full = listData<Row>({
    rows,
    total: loaded,
    totalCertain: true,
    complete: true,
    nextOffset: loaded,
    ...data,
  });
  return {
    rows,
    loadingFirst: false,
    loadingMore: false,
    loaded,
    total: full.total,
    totalCertain: full.totalCertain,
    dropped: 0,
    absentFields: new Set(),
    data: full,
    error: null,
    stale: false,
    savedAt: null,
    updatedAt: null,
    refreshing: false,
    retry: () => undefined,
    ...state,
  };
}

const failed = new Error('down');
const arriving = { loadingMore: true } as const;

describe('the count line', () => {
  const table: [string, ListView<Row>, Parameters<typeof countLine>[2], string][] = [
    ['loading', list(0, { loadingFirst: true, data: undefined }), {}, 'Loading seeds…'],
    ['failed before any row', list(0, { error: failed }), {}, 'The seeds could not be loaded'],
    [
      'arriving without a count',
      list(100, { ...arriving, totalCertain: false }, { complete: false }),
      {},
      '100 seeds so far',
    ],
    ['one', list(1), {}, '1 seed'],
    ['all', list(3_000), {}, '3,000 seeds'],
    ['narrowed', list(3_000), { shown: 1_500 }, '1,500 of 3,000 seeds'],
    ['narrowed to another total', list(3_000), { shown: 2, of: 40 }, '2 of 40 seeds'],
    [
      'narrowed while the rest arrive',
      list(5_100, { ...arriving, total: 20_000 }, { complete: false, total: 20_000 }),
      { shown: 37 },
      '37 of the 5,100 seeds loaded so far (20,000 in all)',
    ],
    [
      'stopped at the cap',
      list(500_000, {}, { capped: true, notLoaded: 500_000, total: 1_000_000 }),
      {},
      '500,000 of 1,000,000 seeds loaded',
    ],
    [
      'stopped at the cap, narrowed',
      list(500_000, {}, { capped: true, notLoaded: 500_000, total: 1_000_000 }),
      { shown: 12 },
      '12 of the 500,000 seeds loaded (1,000,000 in all)',
    ],
    [
      'stopped at the cap, no count',
      list(500_000, {}, { capped: true }),
      {},
      'The first 500,000 seeds; the service did not say how many',
    ],
    [
      'stopped at the cap, no count, narrowed',
      list(500_000, {}, { capped: true }),
      { shown: 12 },
      '12 of the first 500,000 seeds (the service did not say how many)',
    ],
    ['its own plural', list(2), { nouns: 'press' }, '2 press'],
  ];
  it.each(table)('%s', (_, view, options, words) => {
    expect(countLine(view, 'seed', options)).toBe(words);
  });
});

describe('the progress of a list still loading', () => {
  const table: [string, Parameters<typeof progressLabel>[0], string][] = [
    [
      'a known total',
      { loaded: 100, total: 400, totalCertain: true, claimed: null, noun: 'seed' },
      'Loaded 100 of 400 seeds',
    ],
    [
      'no total',
      { loaded: 100, total: 100, totalCertain: false, claimed: null, noun: 'seed' },
      'Loaded 100 seeds so far; the catalogue service did not say how many there are',
    ],
    [
      'more than the service said',
      { loaded: 2_500, total: 2_500, totalCertain: true, claimed: 2_000, noun: 'seed' },
      'Loaded 2,500 seeds so far; the catalogue service said there are 2,000',
    ],
    [
      'more than the one the service said',
      { loaded: 2, total: 2, totalCertain: true, claimed: 1, noun: 'seed' },
      'Loaded 2 seeds so far; the catalogue service said there is 1',
    ],
  ];
  it.each(table)('%s', (_, progress, words) => {
    expect(progressLabel(progress)).toBe(words);
  });
});

describe('an empty table', () => {
  const table: [string, ListView<Row>, string | null][] = [
    ['failed', list(0, { error: failed }), 'No collections to show: the list could not be loaded.'],
    [
      'claimed rows it did not send',
      list(0, {}, { claimedTotal: 40 }),
      'No collections to show: the catalogue service said there are 40, but sent none.',
    ],
    [
      'claimed one',
      list(0, {}, { claimedTotal: 1 }),
      'No collections to show: the catalogue service said there is 1, but sent none.',
    ],
    ['nothing there', list(0), null],
  ];
  it.each(table)('%s', (_, view, words) => {
    expect(emptyTitle(view, 'collections')).toBe(words);
  });
});

describe('a failed load', () => {
  const table: [string, ListView<Row>, ReturnType<typeof failureWords>][] = [
    [
      'rows from an earlier load',
      list(12, { error: failed, stale: true }),
      { before: 'Showing 12 seeds from an earlier load: refreshing failed.' },
    ],
    [
      'rows loaded before it failed',
      list(100, { error: failed }),
      { kept: 'The 100 seeds already loaded stay on screen.' },
    ],
    ['no rows', list(0, { error: failed }), {}],
  ];
  it.each(table)('%s', (_, view, words) => {
    expect(failureWords(view, 'seed', 'seeds')).toEqual(words);
  });
});

describe('a list that does not add up', () => {
  const table: [string, Partial<ListData<Row>>, number, string[]][] = [
    ['adds up', {}, 3_000, []],
    [
      'one record repeated',
      { repeated: 1 },
      3_000,
      ['1 record repeats an id already listed; the first of each is shown.'],
    ],
    [
      'records repeated',
      { repeated: 4 },
      3_000,
      ['4 records repeat an id already listed; the first of each is shown.'],
    ],
    [
      'pages sent again',
      { repeatedFrom: 500, total: 20_000 },
      500,
      [
        'The catalogue service sent the same seeds again from row 501 on, as if it ignored paging, so the explorer stopped there: the 500 seeds before it are shown; it said there are 20,000.',
      ],
    ],
    [
      'pages sent again, no count',
      { repeatedFrom: 500, totalCertain: false },
      500,
      [
        'The catalogue service sent the same seeds again from row 501 on, as if it ignored paging, so the explorer stopped there: the 500 seeds before it are shown.',
      ],
    ],
    [
      'stopped at the cap',
      { capped: true, notLoaded: 1, nextOffset: 500_000 },
      500_000,
      [
        '1 seed is not loaded: the explorer stops at 500,000 rows to stay responsive. Narrow the filters to see them.',
      ],
    ],
    [
      'stopped at the cap, no count',
      { capped: true, nextOffset: 500_000 },
      500_000,
      [
        'The explorer stops at 500,000 rows to stay responsive; the catalogue service did not say how many there are, so there may be more. Narrow the filters to see them.',
      ],
    ],
    [
      'more rows than the count',
      { claimedTotal: 2_000, total: 3_000 },
      3_000,
      [
        'The catalogue service said there are 2,000 seeds, but sent 3,000; the explorer shows the 3,000 it received.',
      ],
    ],
    ['a count that changed while loading', { claimedTotal: 2_000, totalChanged: true }, 3_000, []],
    [
      'a value cut',
      { oversize: { ...NO_OVERSIZE, cut: 1, longest: 52_428_800 } },
      3_000,
      [
        '1 seed holds a value longer than 1,048,576 characters (the longest: 52,428,800); each such value is kept cut at that length and ends “[cut: …]” with its full length.',
      ],
    ],
    [
      'one record with too many fields',
      { oversize: { ...NO_OVERSIZE, crowded: 1, mostFields: 12_000 } },
      3_000,
      ['1 seed has 12,000 metadata fields; the first 10,000 are kept.'],
    ],
    [
      'records with too many fields',
      { oversize: { ...NO_OVERSIZE, crowded: 3, mostFields: 12_000 } },
      3_000,
      [
        '3 seeds have more than 10,000 metadata fields (up to 12,000); the first 10,000 of each are kept.',
      ],
    ],
  ];
  it.each(table)('%s', (_, data, loaded, words) => {
    const full = listData<Row>({ total: loaded, totalCertain: true, complete: true, ...data });
    expect(shapeNotices(full, loaded, 'seed', 'seeds').map((n) => n.text)).toEqual(words);
  });
});
