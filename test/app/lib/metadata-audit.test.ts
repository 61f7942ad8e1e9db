import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRecords } from '../../../src/api/parse';
import {
  auditRequired,
  filterMissing,
  hasField,
  isBlank,
  lacksAny,
  metadataCoverage,
  missingSearch,
  variantKey,
} from '../../../src/lib/metadata-audit';
import {
  DEFAULT_REQUIRED_FIELDS,
  createRequiredFieldsStore,
  parseRequiredFields,
  requiredFieldsKey,
} from '../../../src/lib/required-fields';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import type { Seed } from '../../../src/api/records';
import { makeSeed } from '../features/seed-fixtures';

describe('what counts as having a field', () => {
  it('treats empty and whitespace-only values as no value', () => {
    expect(['', ' ', '\t\n', '\u00a0', '\u2003'].map(isBlank)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['x', ' x ', '<b></b>', '0'].map(isBlank)).toEqual([false, false, false, false]);
    expect(hasField(makeSeed({ meta: { Title: ['  ', ''] } }), 'Title')).toBe(false);
    expect(hasField(makeSeed({ meta: { Title: ['  ', 'A'] } }), 'Title')).toBe(true);
  });

  it('folds only case and surrounding spaces into the variant key', () => {
    expect(variantKey('  English ')).toBe(variantKey('english'));
    expect(variantKey('Eng lish')).not.toBe(variantKey('English'));
  });

  it('finds records lacking any of the named fields', () => {
    const lacks = lacksAny(['Title', 'Date']);
    expect(lacks(makeSeed({ meta: { Title: ['A'], Date: ['2020'] } }))).toBe(false);
    expect(lacks(makeSeed({ meta: { Title: ['A'], Date: [' '] } }))).toBe(true);
    expect(lacks(makeSeed({ meta: {} }))).toBe(true);
    expect(lacksAny([])(makeSeed())).toBe(false);
  });

  it('does not take a field from the object prototype', () => {
    expect(hasField(makeSeed(), 'constructor')).toBe(false);
    expect(hasField(makeSeed(), 'toString')).toBe(false);
  });
});

describe('coverage', () => {
  it('lists every field used, Dublin Core first, with the share of records having it', () => {
    const records = [
      makeSeed({ meta: { Title: ['A', 'A'], zeta: ['z'], Language: ['English'] } }),
      makeSeed({ meta: { Title: ['B'], Language: ['  '] } }),
      makeSeed({ meta: { 'Alpha note': ['x'] } }),
      makeSeed({ metadataUnknown: true }),
    ];
    const report = metadataCoverage(records);
    expect(report.total).toBe(4);
    expect(report.metadataUnknown).toBe(1);
    expect(report.fields).toEqual([
      { field: 'Title', present: 2, share: 0.5, distinct: 2 },
      { field: 'Language', present: 1, share: 0.25, distinct: 1 },
      { field: 'Alpha note', present: 1, share: 0.25, distinct: 1 },
      { field: 'zeta', present: 1, share: 0.25, distinct: 1 },
    ]);
  });

  it('audits the required fields: how many records lack one, and which', () => {
    const records = [
      makeSeed({ meta: { Title: ['A'], Description: ['d'], Subject: ['s'], Language: ['e'] } }),
      makeSeed({ meta: { Title: ['A'], Description: [' '], Subject: ['s'], Language: ['e'] } }),
      makeSeed({ meta: { Title: ['A'] } }),
    ];
    expect(auditRequired(records, DEFAULT_REQUIRED_FIELDS)).toEqual({
      total: 3,
      lacking: 2,
      byField: [
        { field: 'Title', lacking: 0 },
        { field: 'Description', lacking: 2 },
        { field: 'Subject', lacking: 1 },
        { field: 'Language', lacking: 1 },
      ],
    });
  });

  it('audits a list that grows, or changes after its first record, as it audits it whole', () => {
    const kinds: Record<string, readonly string[]>[] = [
      { Title: ['A'], Description: ['d'], Subject: ['s'], Language: ['e'] },
      { Title: ['A'] },
      { Title: [' '], Subject: ['s'] },
      {},
    ];
    const records = Array.from({ length: 40 }, (_, i) => makeSeed({ meta: kinds[i % 4] }));
    // Each audit is checked against one of copies, for which nothing is remembered.
    const fresh = (list: readonly Seed[], fields: readonly string[]) =>
      auditRequired(
        list.map((r) => ({ ...r })),
        fields,
      );
    const fields = ['Title', 'Subject'];
    for (const list of [
      records.slice(0, 10),
      records.slice(0, 25),
      records,
      [records[0] as Seed, ...records.filter((_, i) => i % 4 === 3)],
      records.slice(0, 30),
    ]) {
      expect(auditRequired(list, fields)).toEqual(fresh(list, fields));
    }
    expect(auditRequired(records, fields).lacking).toBe(30);
    // Other fields required of the same list: audited afresh.
    expect(auditRequired(records, ['Title', 'Language'])).toEqual(
      fresh(records, ['Title', 'Language']),
    );
    expect(auditRequired(records, DEFAULT_REQUIRED_FIELDS)).toEqual(
      fresh(records, DEFAULT_REQUIRED_FIELDS),
    );
    expect(auditRequired(records, ['Title'])).toEqual(fresh(records, ['Title']));
  });

  it('agrees with lacksAny over the sample collections', () => {
    const collections = parseRecords(
      'collection',
      generateCatalogue({ seeds: 0 }).collections,
    ).records;
    const audit = auditRequired(collections, DEFAULT_REQUIRED_FIELDS);
    expect(audit.total).toBe(collections.length);
    expect(audit.lacking).toBe(collections.filter(lacksAny(DEFAULT_REQUIRED_FIELDS)).length);
    expect(audit.lacking).toBeGreaterThan(0);
    expect(audit.lacking).toBeLessThan(collections.length);
  });

  it('lists the collections missing a field, and says when none has it at all', () => {
    const collections = parseRecords(
      'collection',
      generateCatalogue({ seeds: 0 }).collections,
    ).records;
    const { rows, messages } = filterMissing(collections, ['Language', 'Langauge'], 'collection');
    expect(rows).toEqual(collections);
    expect(messages).toEqual([
      'No collection in this list has a metadata field “Langauge”, so every collection lacks it. Field names match exactly, capitals included.',
    ]);
    const lacking = filterMissing(collections, ['Language'], 'collection');
    expect(lacking.messages).toEqual([]);
    expect(lacking.rows.length).toBeGreaterThan(0);
    expect(lacking.rows.length).toBeLessThan(collections.length);
    expect(lacking.rows.every((c) => !hasField(c, 'Language'))).toBe(true);
    expect(filterMissing(collections, [], 'collection').rows).toBe(collections);
  });

  it('links to the records missing any of the fields', () => {
    expect(missingSearch(['Title', 'Description', 'Title'])).toBe(
      '?missing=Title&missing=Description',
    );
    expect(missingSearch(['Date'], new URLSearchParams('missing=Title&q=x'))).toBe(
      '?q=x&missing=Date',
    );
    expect(missingSearch([])).toBe('');
  });
});

describe('the remembered required fields', () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.restoreAllMocks();
  });

  it('starts with Title, Description, Subject and Language', () => {
    expect(createRequiredFieldsStore('seed').get()).toEqual([
      'Title',
      'Description',
      'Subject',
      'Language',
    ]);
  });

  it('remembers a choice per scope, across stores (a reload)', () => {
    const store = createRequiredFieldsStore('seed');
    const heard = vi.fn();
    store.subscribe(heard);
    store.set(['Title', 'Date', 'Title', '  ', 'Rights']);
    expect(store.get()).toEqual(['Title', 'Date', 'Rights']);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(createRequiredFieldsStore('seed').get()).toEqual(['Title', 'Date', 'Rights']);
    expect(createRequiredFieldsStore('collection').get()).toEqual(DEFAULT_REQUIRED_FIELDS);
    store.reset();
    expect(window.localStorage.getItem(requiredFieldsKey('seed'))).toBeNull();
    expect(createRequiredFieldsStore('seed').get()).toEqual(DEFAULT_REQUIRED_FIELDS);
  });

  it('keeps the same list object until the list changes', () => {
    const store = createRequiredFieldsStore('seed');
    const first = store.get();
    store.set([...first]);
    expect(store.get()).toBe(first);
  });

  it.each([
    ['nothing stored', null, DEFAULT_REQUIRED_FIELDS],
    ['not JSON', '{oops', DEFAULT_REQUIRED_FIELDS],
    ['another version', '{"v":2,"fields":["Date"]}', DEFAULT_REQUIRED_FIELDS],
    ['not a list', '{"v":1,"fields":"Date"}', DEFAULT_REQUIRED_FIELDS],
    ['a list', '["Date"]', DEFAULT_REQUIRED_FIELDS],
    [
      'names among junk',
      '{"v":1,"fields":["Date",3,null," ","Date",{"a":1},"Rights"]}',
      ['Date', 'Rights'],
    ],
    ['an empty list, on purpose', '{"v":1,"fields":[]}', []],
  ])('reads %s safely', (_, raw, expected) => {
    expect(parseRequiredFields(raw)).toEqual(expected);
  });

  it('caps what it keeps', () => {
    const many = Array.from({ length: 500 }, (_, i) => `Field ${i}`);
    const parsed = parseRequiredFields(
      JSON.stringify({ v: 1, fields: [...many, 'x'.repeat(300)] }),
    );
    expect(parsed).toHaveLength(100);
  });

  it('ignores storage that cannot be used, keeping the choice for the visit', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('quota');
    });
    const store = createRequiredFieldsStore('collection');
    expect(store.get()).toEqual(DEFAULT_REQUIRED_FIELDS);
    store.set(['Date']);
    expect(store.get()).toEqual(['Date']);
  });

  it('follows a change made in another tab', () => {
    const store = createRequiredFieldsStore('seed');
    const heard = vi.fn();
    const stop = store.subscribe(heard);
    const key = requiredFieldsKey('seed');
    window.localStorage.setItem(key, JSON.stringify({ v: 1, fields: ['Creator'] }));
    window.dispatchEvent(new StorageEvent('storage', { key }));
    expect(store.get()).toEqual(['Creator']);
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });
});
