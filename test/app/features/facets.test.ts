import fc from 'fast-check';
import { findValues } from '../../../src/components/facet-values';
import { describe, expect, it } from 'vitest';
import type { Seed } from '../../../src/api/records';
import { parseRecords } from '../../../src/api/parse';
import {
  facetIndex,
  facetIndexJob,
  indexedFieldNames,
  indexedGroupName,
  type FacetIndex,
} from '../../../src/features/seeds/facet-index';
import {
  computeFacets,
  facetJob,
  type FacetOptions,
  type FacetResult,
} from '../../../src/features/seeds/facets';
import { advanceJob } from '../../../src/scheduling';
import {
  NO_SEED_FILTERS,
  seedFilterModel,
  seedRowFilterParams,
  type SeedFilterModel,
} from '../../../src/features/seeds/seed-filters';
import { lacksAny } from '../../../src/lib/metadata-audit';
import { DEFAULT_REQUIRED_FIELDS } from '../../../src/lib/required-fields';
import { quickFilter } from '../../../src/lib/text-match';
import { decodeAll } from '../../../src/addresses/url-params';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { makeSeed } from './seed-fixtures';

/** The facets of rows for filters written as an address, as a page would compute them. */
function facets(rows: readonly Seed[], query = '', options: FacetOptions = {}): FacetResult {
  const { values } = decodeAll(seedRowFilterParams, new URLSearchParams(query));
  return computeFacets(facetIndex(rows), seedFilterModel(values), options);
}

const ids = (result: FacetResult) => result.rows.map((seed) => seed.id);

function field(result: FacetResult, name: string) {
  const found = result.fields.find((f) => f.field === name);
  if (!found) throw new Error(`no facet for ${name}`);
  return found;
}

/** A field facet's values as value → count. */
function counts(result: FacetResult, name: string): Record<string, number> {
  return Object.fromEntries(field(result, name).values.map((v) => [v.value, v.count]));
}

describe('metadata facets', () => {
  it('counts a seed once per distinct value, and once for the field', () => {
    const rows = [
      makeSeed({ meta: { Language: ['English', 'English', 'Spanish'] } }),
      makeSeed({ meta: { Language: ['English'] } }),
    ];
    const result = facets(rows);
    expect(counts(result, 'Language')).toEqual({ English: 2, Spanish: 1 });
    expect(field(result, 'Language')).toMatchObject({ total: 2, present: 2 });
    expect(result.coverage).toEqual([{ field: 'Language', present: 2, share: 1, distinct: 2 }]);
  });

  it('counts blank and whitespace-only values as missing', () => {
    const rows = [
      makeSeed({ meta: { Title: ['', '   '] } }),
      makeSeed({ meta: { Title: ['\t\n', 'A title'] } }),
      makeSeed({ meta: { Title: [' '] } }),
    ];
    const result = facets(rows);
    expect(counts(result, 'Title')).toEqual({ 'A title': 1 });
    expect(field(result, 'Title').present).toBe(1);
    expect(result.coverage[0]).toEqual({ field: 'Title', present: 1, share: 1 / 3, distinct: 1 });
    expect(ids(facets(rows, 'missing=Title'))).toEqual([rows[0]?.id, rows[2]?.id]);
  });

  it('compares values exactly, and hints at those differing only in case or spaces', () => {
    const rows = [
      ...['English', 'English', 'English', 'english', 'english', ' English', 'ENGLISH'].map(
        (language) => makeSeed({ meta: { Language: [language] } }),
      ),
      makeSeed({ meta: { Language: ['Spanish'] } }),
    ];
    const language = field(facets(rows), 'Language');
    expect(language.values.map((v) => [v.value, v.count])).toEqual([
      ['English', 3],
      ['english', 2],
      // Equal counts: in the locale's order, case aside.
      [' English', 1],
      ['ENGLISH', 1],
      ['Spanish', 1],
    ]);
    const english = language.values[0];
    expect(english?.variants).toEqual([
      { value: 'english', count: 2 },
      { value: ' English', count: 1 },
      { value: 'ENGLISH', count: 1 },
    ]);
    expect(language.values.find((v) => v.value === 'Spanish')?.variants).toEqual([]);
    // A choice matches its exact value only.
    expect(facets(rows, 'where=Language:English').rows).toHaveLength(3);
  });

  it('keeps counting the other values of a field when one is chosen', () => {
    const rows = [
      makeSeed({ meta: { Language: ['English'], Subject: ['Elections'] } }),
      makeSeed({ meta: { Language: ['English'], Subject: ['Health'] } }),
      makeSeed({ meta: { Language: ['Spanish'], Subject: ['Elections'] } }),
      makeSeed({ meta: { Subject: ['Health'] } }),
    ];
    const result = facets(rows, 'where=Language:English');
    expect(ids(result)).toEqual([rows[0]?.id, rows[1]?.id]);
    // Its own facet counts over every seed the other filters allow…
    expect(counts(result, 'Language')).toEqual({ English: 2, Spanish: 1 });
    expect(field(result, 'Language')).toMatchObject({ total: 4, present: 3 });
    expect(field(result, 'Language').values.map((v) => v.selected)).toEqual([true, false]);
    // …while every other facet counts the matching seeds.
    expect(counts(result, 'Subject')).toEqual({ Elections: 1, Health: 1 });
    expect(field(result, 'Subject').total).toBe(2);
    expect(result.active.values).toEqual([
      { value: true, count: 2, selected: false },
      { value: false, count: 0, selected: false },
    ]);
    // Coverage is of the matching seeds.
    expect(result.coverage.find((c) => c.field === 'Language')).toEqual({
      field: 'Language',
      present: 2,
      share: 1,
      distinct: 1,
    });
  });

  it('combines values of one field with OR and different fields with AND', () => {
    const rows = [
      makeSeed({ meta: { Language: ['English'], Subject: ['Elections'] } }),
      makeSeed({ meta: { Language: ['Spanish'], Subject: ['Elections'] } }),
      makeSeed({ meta: { Language: ['French'], Subject: ['Elections'] } }),
      makeSeed({ meta: { Language: ['Spanish'], Subject: ['Health'] } }),
    ];
    const either = facets(rows, 'where=Language:English&where=Language:Spanish');
    expect(ids(either)).toEqual([rows[0]?.id, rows[1]?.id, rows[3]?.id]);
    const both = facets(
      rows,
      'where=Language:English&where=Language:Spanish&where=Subject:Elections',
    );
    expect(ids(both)).toEqual([rows[0]?.id, rows[1]?.id]);
    // Each field's facet leaves out its own choice only.
    expect(counts(both, 'Language')).toEqual({ English: 1, Spanish: 1, French: 1 });
    expect(counts(both, 'Subject')).toEqual({ Elections: 2, Health: 1 });
  });

  it('keeps a colon inside a value', () => {
    const rows = [
      makeSeed({ meta: { 'Local Call Number': ['Local Call Number: ab:12'] } }),
      makeSeed({ meta: { 'Local Call Number': ['Local Call Number: cd'] } }),
    ];
    const result = facets(rows, 'where=Local Call Number:Local Call Number: ab:12');
    expect(ids(result)).toEqual([rows[0]?.id]);
  });

  it('says a field name with a colon cannot be chosen with where', () => {
    const result = facets([makeSeed({ meta: { 'dc:title': ['x'], Title: ['y'] } })]);
    expect(field(result, 'dc:title').selectable).toBe(false);
    expect(field(result, 'Title').selectable).toBe(true);
  });

  it('shows a chosen value no seed has, with no count', () => {
    const rows = [makeSeed({ meta: { Language: ['English'] } })];
    const result = facets(rows, 'where=Language:Klingon');
    expect(result.rows).toEqual([]);
    expect(field(result, 'Language').values).toEqual([
      { value: 'English', count: 1, selected: false, variants: [] },
      { value: 'Klingon', count: 0, selected: true, variants: [] },
    ]);
    expect(result.messages).toEqual([]);
  });

  it('hints, for a chosen value no seed has, at the values it may have meant', () => {
    const rows = [
      makeSeed({ meta: { Language: ['english'] } }),
      makeSeed({ meta: { Language: [' English '] } }),
    ];
    const chosen = field(facets(rows, 'where=Language:English'), 'Language').values.at(-1);
    expect(chosen).toEqual({
      value: 'English',
      count: 0,
      selected: true,
      variants: [
        { value: ' English ', count: 1 },
        { value: 'english', count: 1 },
      ],
    });
  });

  it('finds values by words, ignoring case and accents, in the facet’s order', () => {
    const rows = ['Montréal', 'Montreal Gazette', 'montreal gazette', 'Toronto'].map((title) =>
      makeSeed({ meta: { Title: [title] } }),
    );
    const values = field(facets(rows), 'Title').values;
    expect(findValues(values, 'MONTREAL', (v) => v.value).map((v) => v.value)).toEqual([
      'Montréal',
      'Montreal Gazette',
      'montreal gazette',
    ]);
    expect(findValues(values, 'gaz mont', (v) => v.value).map((v) => v.value)).toEqual([
      'Montreal Gazette',
      'montreal gazette',
    ]);
    expect(findValues(values, '  ', (v) => v.value)).toBe(values);
  });

  it('finds exactly the values the quick filter would keep for the same words', () => {
    // Accents, case and white space the two must treat alike.
    const text = fc.string({
      unit: fc.constantFrom('a', 'B', 'é', 'E\u0301', 'ö', ' ', '\t', 'ﬁ', 'İ', '-', '1'),
      maxLength: 12,
    });
    fc.assert(
      fc.property(fc.array(text, { maxLength: 8 }), text, (texts, query) => {
        const values = texts.map((t) => ({ t }));
        expect(findValues(values, query, (v) => v.t)).toEqual(
          quickFilter(values, query, (v) => v.t),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('keeps markup and odd names as plain text', () => {
    const name = '<img src=x onerror=alert(1)>';
    const rows = [makeSeed({ meta: { [name]: ['<b>bold</b>'], constructor: ['c'] } })];
    const result = facets(
      rows,
      `where=${encodeURIComponent(name)}:${encodeURIComponent('<b>bold</b>')}`,
    );
    expect(ids(result)).toEqual([rows[0]?.id]);
    expect(counts(result, name)).toEqual({ '<b>bold</b>': 1 });
    expect(counts(result, 'constructor')).toEqual({ c: 1 });
    expect(facets(rows, 'where=toString:x').messages).toEqual([
      'No seed in this list has a metadata field “toString”, so none match where=toString:…. Field names match exactly, capitals included.',
    ]);
  });
});

describe('the coverage audit', () => {
  const rows = [
    makeSeed({ meta: { Title: ['A'], Description: ['d'], Subject: ['s'], Language: ['en'] } }),
    makeSeed({ meta: { Title: ['B'], Description: [' '] } }),
    makeSeed({ meta: { Description: ['d'] } }),
    makeSeed({ metadataUnknown: true }),
  ];

  it('shows the seeds lacking any of the named fields', () => {
    expect(ids(facets(rows, 'missing=Title'))).toEqual([rows[2]?.id, rows[3]?.id]);
    expect(ids(facets(rows, 'missing=Title&missing=Description'))).toEqual([
      rows[1]?.id,
      rows[2]?.id,
      rows[3]?.id,
    ]);
    const required = DEFAULT_REQUIRED_FIELDS.map((f) => `missing=${f}`).join('&');
    const lacking = facets(rows, required);
    expect(ids(lacking)).toEqual(rows.filter(lacksAny(DEFAULT_REQUIRED_FIELDS)).map((s) => s.id));
    expect(lacking.metadataUnknown).toBe(1);
  });

  it('says so when no seed has a field, and shows every seed as lacking it', () => {
    const result = facets(rows, 'missing=Langauge&missing=Title');
    expect(result.rows).toHaveLength(4);
    expect(result.messages).toEqual([
      'No seed in this list has a metadata field “Langauge”, so every seed lacks it. Field names match exactly, capitals included.',
    ]);
  });

  it('combines missing with where', () => {
    expect(ids(facets(rows, 'missing=Subject&where=Description:d'))).toEqual([rows[2]?.id]);
  });
});

describe('seed-field facets', () => {
  it('filters by seed group id and by none, naming the groups', () => {
    const rows = [
      makeSeed({ groups: [7], groupNames: { 7: 'QA seeds' } }),
      makeSeed({ groups: [7, 8] }),
      makeSeed({ groups: [] }),
      makeSeed({ groups: 'unknown' }),
    ];
    expect(ids(facets(rows, 'seed_group=7'))).toEqual([rows[0]?.id, rows[1]?.id]);
    expect(ids(facets(rows, 'seed_group=none'))).toEqual([rows[2]?.id]);
    expect(ids(facets(rows, 'seed_group=8&seed_group=none'))).toEqual([rows[1]?.id, rows[2]?.id]);
    const result = facets(rows, 'seed_group=8');
    expect(result.seedGroup).toEqual({
      total: 4,
      unknown: 1,
      values: [
        { value: 7, name: 'QA seeds', count: 2, selected: false },
        { value: 8, name: null, count: 1, selected: true },
        { value: 'none', name: null, count: 1, selected: false },
      ],
    });
    expect(indexedGroupName(facetIndex(rows), 7)).toBe('QA seeds');
    expect(
      facets(rows, 'seed_group=8', { groups: new Map([[8, 'Fix']]) }).seedGroup.values[1]?.name,
    ).toBe('Fix');
  });

  it('shows nothing, and says why, for a group id no seed is in', () => {
    const rows = [makeSeed({ groups: [7] }), makeSeed()];
    const result = facets(rows, 'seed_group=99');
    expect(result.rows).toEqual([]);
    expect(result.messages).toEqual(['No seed in this list is in a seed group with the id 99.']);
    const known = facets(rows, 'seed_group=99', { groups: new Map([[7, 'QA']]) });
    expect(known.messages).toEqual([
      'There is no seed group with the id 99, so no seed matches it.',
    ]);
    expect(known.rows).toEqual([]);
    // A group that exists but holds none of these seeds is an empty list, not a mistake.
    const empty = facets(rows, 'seed_group=5', { groups: new Map([[5, 'Empty']]) });
    expect(empty.messages).toEqual([]);
    expect(empty.rows).toEqual([]);
  });

  it('counts a seed whose active state is unknown as unknown, never as inactive', () => {
    const rows = [
      makeSeed({ active: true }),
      makeSeed({ active: false }),
      makeSeed({ active: 'unknown' }),
      makeSeed({ publiclyVisible: 'unknown', active: false }),
    ];
    const result = facets(rows);
    expect(result.active).toEqual({
      total: 4,
      unknown: 1,
      values: [
        { value: true, count: 1, selected: false },
        { value: false, count: 2, selected: false },
      ],
    });
    expect(result.publiclyVisible.unknown).toBe(1);
    expect(ids(facets(rows, 'active=false'))).toEqual([rows[1]?.id, rows[3]?.id]);
    expect(ids(facets(rows, 'active=false&active=true'))).toHaveLength(3);
    expect(ids(facets(rows, 'public=false'))).toEqual([]);
  });

  it('classes the last checked status, with never checked and unknown apart', () => {
    const codes = [200, 204, 301, 404, 410, 503, null, 'unknown', 99, 600] as const;
    const rows = codes.map((status) => makeSeed({ status }));
    const result = facets(rows, 'status=4xx');
    expect(result.status.values.map((v) => [v.value, v.count])).toEqual([
      ['2xx', 2],
      ['3xx', 1],
      ['4xx', 2],
      ['5xx', 1],
      ['other', 2],
      ['unchecked', 1],
    ]);
    expect(result.status.unknown).toBe(1);
    expect(ids(result)).toEqual([rows[3]?.id, rows[4]?.id]);
    expect(ids(facets(rows, 'status=unchecked&status=5xx'))).toEqual([rows[5]?.id, rows[6]?.id]);
  });

  it('counts seed types, unknown apart', () => {
    const rows = [
      makeSeed({ seedType: 'normal' }),
      makeSeed({ seedType: 'oneHopOff' }),
      makeSeed({ seedType: 'normal' }),
      makeSeed({ seedType: null }),
    ];
    const result = facets(rows, 'seed_type=oneHopOff');
    expect(ids(result)).toEqual([rows[1]?.id]);
    expect(result.seedType).toEqual({
      total: 4,
      unknown: 1,
      values: [
        { value: 'normal', count: 2, selected: false },
        { value: 'oneHopOff', count: 1, selected: true },
      ],
    });
  });

  it('filters by the UTC month of creation', () => {
    const rows = [
      makeSeed({ created: '2024-02-29T23:59:59.999999Z' }),
      makeSeed({ created: '2024-03-01T00:00:00Z' }),
      makeSeed({ created: '2024-03-31T23:59:59Z' }),
      // 1 April in UTC, though still 31 March where it was written.
      makeSeed({ created: '2024-03-31T22:30:00-02:00' }),
      makeSeed({ created: '2024-04-01T01:30:00+02:00' }),
      makeSeed({ created: null }),
    ];
    expect(ids(facets(rows, 'created=2024-03'))).toEqual([rows[1]?.id, rows[2]?.id, rows[4]?.id]);
  });

  it('gives back the rows array itself when no seed is filtered out', () => {
    const rows = [makeSeed({ active: true }), makeSeed({ active: false })];
    expect(facets(rows).rows).toBe(rows);
    expect(facets(rows, 'active=true&active=false').rows).toBe(rows);
    expect(facets(rows, 'active=true').rows).toEqual([rows[0]]);
  });

  it('applies the quick filter to every count, as a test or as a set of rows', () => {
    const rows = [
      makeSeed({ meta: { Language: ['English'] } }),
      makeSeed({ meta: { Language: ['Spanish'] } }),
      makeSeed({ meta: { Language: ['English'] } }),
    ];
    const keep = (seed: Seed) => seed.id !== rows[0]?.id;
    const byTest = facets(rows, 'where=Language:English', { quick: keep });
    expect(ids(byTest)).toEqual([rows[2]?.id]);
    expect(counts(byTest, 'Language')).toEqual({ English: 1, Spanish: 1 });
    const bySet = facets(rows, 'where=Language:English', { quick: new Set(rows.filter(keep)) });
    expect(bySet).toEqual(byTest);
  });
});

describe('filters that cannot be read', () => {
  const rows = [makeSeed({ meta: { Language: ['English'] } }), makeSeed()];

  it.each([
    'where=Language',
    'seed_group=abc',
    'active=yes',
    'status=6xx',
    'created=March',
    'where=Language:English&where=Language',
  ])('%s shows no seeds rather than all of them', (query) => {
    const result = facets(rows, query);
    expect(result.rows).toEqual([]);
    expect(result.total).toBe(2);
  });

  it('shows nothing, and says why, for a field no seed uses', () => {
    const result = facets(rows, 'where=Langauge:English');
    expect(result.rows).toEqual([]);
    expect(result.messages).toEqual([
      'No seed in this list has a metadata field “Langauge”, so none match where=Langauge:…. Field names match exactly, capitals included.',
    ]);
  });

  it('says nothing about fields while no seed has arrived', () => {
    expect(facets([], 'where=Langauge:English&seed_group=4').messages).toEqual([]);
  });
});

describe('the index of a list that grows', () => {
  const catalogue = generateCatalogue({ seeds: 3000 });
  const seeds = parseRecords('seed', catalogue.seeds).records;
  const model = seedFilterModel(
    decodeAll(
      seedRowFilterParams,
      new URLSearchParams('where=Language:English&where=Language:Spanish&missing=Title'),
    ).values,
  );

  it('gives, page by page, what an index built at once gives', () => {
    let rows: Seed[] = seeds.slice(0, 100);
    let grown: FacetIndex = facetIndex(rows);
    while (rows.length < seeds.length) {
      rows = [...rows, ...seeds.slice(rows.length, rows.length + 1000)];
      grown = facetIndex(rows);
    }
    expect(grown.size).toBe(seeds.length);
    const copies = seeds.map((seed) => ({ ...seed }));
    const fresh = facetIndex(copies);
    const a = computeFacets(grown, model);
    const b = computeFacets(fresh, model);
    expect(a.rows.length).toBeGreaterThan(0);
    expect(Array.from(a.indices)).toEqual(Array.from(b.indices));
    expect(a.fields).toEqual(b.fields);
    expect(a.seedGroup).toEqual(b.seedGroup);
    expect(indexedFieldNames(grown)).toEqual(indexedFieldNames(fresh));
  });

  it('keeps an earlier view of a list as it was, without what later pages brought', () => {
    const early = [makeSeed({ meta: { Title: ['A'] }, groups: [1] }), makeSeed()];
    const short = facetIndex(early);
    const later = makeSeed({ meta: { Rights: ['CC0'] }, groups: [2], seedType: 'oneHopOff' });
    const long = facetIndex([...early, later]);
    expect(indexedFieldNames(long)).toEqual(['Title', 'Rights']);
    expect(indexedFieldNames(short)).toEqual(['Title']);
    const result = computeFacets(short, {
      ...NO_SEED_FILTERS,
      where: [{ field: 'Rights', values: ['CC0'] }],
    });
    expect(result.fields.map((f) => f.field)).toEqual(['Title']);
    expect(result.messages).toEqual([
      'No seed in this list has a metadata field “Rights”, so none match where=Rights:…. Field names match exactly, capitals included.',
    ]);
    const plain = computeFacets(short, NO_SEED_FILTERS);
    expect(plain.seedGroup.values.map((v) => v.value)).toEqual([1, 'none']);
    expect(plain.seedType.values.map((v) => v.value)).toEqual(['normal']);
  });

  it('gives a view only what its rows brought, even when it ends after a longer one', () => {
    const early = Array.from({ length: 2048 }, () => makeSeed({ meta: { Title: ['A'] } }));
    const later = makeSeed({ meta: { Rights: ['CC0'] }, groups: [2], seedType: 'oneHopOff' });
    const shortJob = facetIndexJob(early);
    expect(shortJob.next().done).toBe(false);
    facetIndex([...early, later]);
    const short = advanceJob(shortJob, () => true)?.value;
    if (!short) throw new Error('the job did not end');
    expect(indexedFieldNames(short)).toEqual(['Title']);
    const result = computeFacets(short, NO_SEED_FILTERS);
    expect(result.fields.map((f) => f.field)).toEqual(['Title']);
    expect(result.seedGroup.values.map((v) => v.value)).toEqual(['none']);
    expect(result.seedType.values.map((v) => v.value)).toEqual(['normal']);
    expect(computeFacets(short, { ...NO_SEED_FILTERS, seedGroups: [2] }).messages).toEqual([
      'No seed in this list is in a seed group with the id 2.',
    ]);
  });

  it('keeps an earlier, shorter view of the sample as it was', () => {
    const short = facetIndex(seeds.slice(0, 500));
    facetIndex([...short.rows, ...seeds.slice(500, 1500)]);
    expect(computeFacets(short, NO_SEED_FILTERS).total).toBe(500);
    expect(computeFacets(short, NO_SEED_FILTERS)).toEqual(
      computeFacets(facetIndex(seeds.slice(0, 500).map((s) => ({ ...s }))), NO_SEED_FILTERS),
    );
  });

  it('starts again for a list that differs only in the middle', () => {
    const first = makeSeed({ meta: { Title: ['A'] } });
    const last = makeSeed({ meta: { Title: ['C'] } });
    facetIndex([first, makeSeed({ meta: { Alpha: ['1'] } }), last]);
    const other = [first, makeSeed({ meta: { Beta: ['1'] } }), last];
    expect(indexedFieldNames(facetIndex(other))).toEqual(['Title', 'Beta']);
    expect(counts(facets(other), 'Title')).toEqual({ A: 1, C: 1 });
  });

  it('makes a view of an index already built for a longer list', () => {
    const rows = [makeSeed({ meta: { Title: ['A'] } }), makeSeed({ meta: { Rights: ['x'] } })];
    facetIndex(rows);
    const short = facetIndex(rows.slice(0, 1));
    expect(indexedFieldNames(short)).toEqual(['Title']);
    expect(computeFacets(short, NO_SEED_FILTERS).total).toBe(1);
  });

  it('starts again for a list with the same first seed but other rows', () => {
    const first = seeds[0] as Seed;
    const a = [first, makeSeed({ meta: { Alpha: ['1'] } })];
    facetIndex(a);
    const b = [first, makeSeed({ meta: { Beta: ['1'] } })];
    const names = indexedFieldNames(facetIndex(b));
    expect(names).toContain('Beta');
    expect(names).not.toContain('Alpha');
  });

  it('runs as a job in slices, with the result of a run at once', () => {
    const rows = [...seeds, ...seeds, ...seeds].map((seed) => ({ ...seed }));
    const indexJob = facetIndexJob(rows);
    let slices = 0;
    let built: { value: FacetIndex } | undefined;
    while (!(built = advanceJob(indexJob, () => false))) slices++;
    expect(slices).toBeGreaterThan(0);
    const job = facetJob(built.value, model);
    let counted: { value: FacetResult } | undefined;
    slices = 0;
    while (!(counted = advanceJob(job, () => false))) slices++;
    expect(slices).toBeGreaterThan(0);
    expect(counted.value).toEqual(computeFacets(facetIndex(rows), model));
  });

  it('numbers a row of 5,000 fields a thousand at a time, each part a slice of its own, alone or with another job', () => {
    const heavy = () =>
      makeSeed({
        meta: Object.fromEntries(
          Array.from({ length: 5000 }, (_, k) => [`Field ${String(k)}`, [`v${String(k % 7)}`]]),
        ),
      });
    const rows = [...seeds.slice(0, 100), heavy(), ...seeds.slice(100, 200)].map((s) => ({ ...s }));
    const job = facetIndexJob(rows);
    let slices = 0;
    let built: { value: FacetIndex } | undefined;
    while (!(built = advanceJob(job, () => true))) slices++;
    // One slice ends before the row, and one after each of its five parts.
    expect(slices).toBe(6);
    const reference = facetIndex(rows.map((s) => ({ ...s })));
    expect(indexedFieldNames(built.value)).toEqual(indexedFieldNames(reference));
    expect(computeFacets(built.value, model)).toEqual(computeFacets(reference, model));

    // Two jobs over one list, taking turns a slice at a time, each numbering ahead for the other.
    const again = rows.map((s) => ({ ...s }));
    const [a, b] = takingTurns(again.slice(0, 150), again, () => true);
    expect(computeFacets(b, model)).toEqual(computeFacets(reference, model));
    expect(computeFacets(a, NO_SEED_FILTERS)).toEqual(
      computeFacets(facetIndex(rows.slice(0, 150).map((s) => ({ ...s }))), NO_SEED_FILTERS),
    );
  });

  it('lets two interleaved jobs over one growing list share the work', () => {
    const rows = seeds.map((seed) => ({ ...seed }));
    const [a, b] = takingTurns(rows.slice(0, 2000), rows, () => false);
    expect(computeFacets(b, model)).toEqual(
      computeFacets(facetIndex(seeds.map((s) => ({ ...s }))), model),
    );
    expect(computeFacets(a, NO_SEED_FILTERS).total).toBe(2000);
  });
});

/** The indexes of two lists by two jobs that take turns a slice at a time, each to its end. */
function takingTurns(
  short: readonly Seed[],
  long: readonly Seed[],
  hasTime: () => boolean,
): [FacetIndex, FacetIndex] {
  const jobs = [facetIndexJob(short), facetIndexJob(long)] as const;
  let a: { value: FacetIndex } | undefined;
  let b: { value: FacetIndex } | undefined;
  while (!a || !b) {
    a ??= advanceJob(jobs[0], hasTime);
    b ??= advanceJob(jobs[1], hasTime);
  }
  return [a.value, b.value];
}

describe('over the sample catalogue', () => {
  const catalogue = generateCatalogue({ seeds: 4000 });
  // As format=api sends them: seed groups with their names.
  const seeds = parseRecords(
    'seed',
    catalogue.seeds.map(({ seed_group: group, ...seed }) => ({
      ...seed,
      seed_groups: group === null ? [] : [catalogue.seedGroupRefs.get(group)],
    })),
  ).records;
  const index = facetIndex(seeds);

  it('finds the seeds of a work queue by its id, and names it', () => {
    const queue = seeds
      .flatMap((seed) => seed.seedGroups)
      .find((group) => group.name === 'Needs metadata');
    if (!queue) throw new Error('no seed of the sample is in a work queue');
    const result = computeFacets(index, { ...NO_SEED_FILTERS, seedGroups: [queue.id] });
    const expected = seeds.filter((s) => s.seedGroups.some((g) => g.id === queue.id));
    expect(result.rows).toEqual(expected);
    expect(result.rows.length).toBeGreaterThan(0);
    expect(result.seedGroup.values.find((v) => v.value === queue.id)?.name).toBe('Needs metadata');
  });

  it('counts the sample’s languages, with eng beside English and no hint between them', () => {
    const result = computeFacets(index, NO_SEED_FILTERS);
    const language = result.fields.find((f) => f.field === 'Language');
    expect(language?.values[0]?.value).toBe('English');
    const eng = language?.values.find((v) => v.value === 'eng');
    expect(eng?.count).toBeGreaterThan(0);
    expect(eng?.variants).toEqual([]);
    expect(language?.present).toBe(
      seeds.filter((s) => (s.metadata.Language ?? []).some((e) => e.value.trim() !== '')).length,
    );
  });

  it('agrees with the audit on the seeds lacking a required field', () => {
    const model: SeedFilterModel = { ...NO_SEED_FILTERS, missing: DEFAULT_REQUIRED_FIELDS };
    expect(computeFacets(index, model).rows).toEqual(
      seeds.filter(lacksAny(DEFAULT_REQUIRED_FIELDS)),
    );
  });
});
