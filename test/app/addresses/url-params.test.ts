import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  choiceListParam,
  choiceParam,
  decodeAll,
  encodeInto,
  idParam,
  listParam,
  sortParam,
  textParam,
  type Params,
  type Values,
} from '../../../src/addresses/url-params';

const params = {
  state: choiceParam('collection state', ['ACTIVE', 'INACTIVE'] as const),
  collection: idParam('collection'),
  metadata__name: textParam(),
  sort: sortParam(['name', 'size', 'last_crawl']),
};

/** Encoding a state into an address and reading it back gives the same state, nothing else lost. */
function expectRoundTrip<P extends Params>(params: P, state: Values<P>): void {
  const search = encodeInto(params, new URLSearchParams('other=kept'), state);
  const again = new URLSearchParams(search.toString());
  const { values, problems } = decodeAll(params, again);
  expect(values).toEqual(state);
  expect(problems).toEqual([]);
  expect(again.get('other')).toBe('kept');
}

/** Arbitrary values of the single parameters, as both round trips below try them. */
const singleValues = {
  state: fc.constantFrom('ACTIVE' as const, 'INACTIVE' as const, undefined),
  collection: fc.option(fc.integer({ min: 0, max: 2 ** 40 }), { nil: undefined }),
  metadata__name: fc.string(),
  sort: fc.option(
    fc.record({ id: fc.constantFrom('name', 'size', 'last_crawl'), desc: fc.boolean() }),
    { nil: null },
  ),
};

describe('URL state', () => {
  it('round-trips every state: encode then decode gives the same state', () => {
    fc.assert(
      fc.property(
        fc.record({
          ...singleValues,
        }),
        (state) => {
          expectRoundTrip(params, state);
        },
      ),
    );
  });

  it('keeps a reversed sort as -field and reads it back reversed', () => {
    const search = encodeInto(params, new URLSearchParams(), { sort: { id: 'size', desc: true } });
    expect(search.toString()).toBe('sort=-size');
    expect(decodeAll(params, search).values.sort).toEqual({ id: 'size', desc: true });
  });

  it('leaves defaults out of the URL', () => {
    const search = encodeInto(params, new URLSearchParams('state=ACTIVE&sort=name'), {
      state: undefined,
      sort: null,
      metadata__name: '',
    });
    expect(search.toString()).toBe('');
  });

  it.each([
    ['state=active', /“active” is not a collection state \(ACTIVE or INACTIVE\)/],
    ['collection=12abc', /“12abc” is not a collection id/],
    ['sort=-colour', /no column “colour”/],
  ])('ignores %s with a message and falls back to the default', (query, message) => {
    const { values, problems } = decodeAll(params, new URLSearchParams(query));
    expect(values).toEqual({
      state: undefined,
      collection: undefined,
      metadata__name: '',
      sort: null,
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });
});

/** Whole numbers, repeatable: any other item is dropped with a message. */
const numbers = listParam<number>(
  (text) =>
    /^\d{1,9}$/.test(text)
      ? { value: Number(text) }
      : { value: undefined, problem: `“${text}” is not a number, so it is ignored.` },
  String,
);

const listParams = {
  ...params,
  tag: listParam<string>(
    (text) => ({ value: text }),
    (value) => value,
  ),
  status: choiceListParam('status class', ['2xx', '4xx', '5xx'] as const),
  n: numbers,
};

describe('repeatable URL parameters', () => {
  it('round-trip every state: encode then decode gives the same state', () => {
    fc.assert(
      fc.property(
        fc.record({
          ...singleValues,
          // Any text but the empty one (which means "nothing"), colons, ampersands and all.
          tag: fc.uniqueArray(fc.string({ minLength: 1 }), { maxLength: 5 }),
          status: fc.uniqueArray(fc.constantFrom('2xx' as const, '4xx' as const, '5xx' as const)),
          n: fc.uniqueArray(fc.integer({ min: 0, max: 999_999_999 }), { maxLength: 4 }),
        }),
        (state) => {
          expectRoundTrip(listParams, state);
        },
      ),
    );
  });

  it('writes one parameter per item, in order, and reads them back in that order', () => {
    const search = encodeInto(listParams, new URLSearchParams('q=x'), {
      tag: ['Language:English', 'Subject:A & B'],
    });
    expect(search.getAll('tag')).toEqual(['Language:English', 'Subject:A & B']);
    expect(search.get('q')).toBe('x');
    expect(decodeAll(listParams, search).values.tag).toEqual(['Language:English', 'Subject:A & B']);
  });

  it('leaves an empty list out of the URL, and replaces the whole list on a change', () => {
    const start = new URLSearchParams('tag=a&tag=b&status=4xx');
    expect(encodeInto(listParams, start, { tag: ['c'] }).getAll('tag')).toEqual(['c']);
    expect(encodeInto(listParams, start, { tag: [], status: [] }).toString()).toBe('');
  });

  it('drops empty and repeated items without a word', () => {
    const { values, problems } = decodeAll(
      listParams,
      new URLSearchParams('tag=a&tag=&tag=a&tag=b&n=7&n=7'),
    );
    expect(values.tag).toEqual(['a', 'b']);
    expect(values.n).toEqual([7]);
    expect(problems).toEqual([]);
  });

  it('ignores each unreadable item with its own message and keeps the rest', () => {
    const { values, problems } = decodeAll(
      listParams,
      new URLSearchParams('status=4xx&status=6xx&n=12&n=twelve&status=5xx'),
    );
    expect(values.status).toEqual(['4xx', '5xx']);
    expect(values.n).toEqual([12]);
    expect(problems).toEqual([
      expect.stringMatching(/“6xx” is not a status class \(2xx or 4xx or 5xx\)/),
      '“twelve” is not a number, so it is ignored.',
    ]);
  });

  it('stops listing messages after a few when an address repeats a bad item thousands of times', () => {
    const search = new URLSearchParams();
    for (let i = 0; i < 5000; i++) search.append('n', `x${i}`);
    const { values, problems } = decodeAll(listParams, search);
    expect(values.n).toEqual([]);
    expect(problems).toHaveLength(6);
    expect(problems[5]).toBe('4995 more values like these cannot be read either.');
  });
});
