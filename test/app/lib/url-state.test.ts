import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  choiceParam,
  decodeAll,
  encodeInto,
  idParam,
  sortParam,
  textParam,
} from '../../../src/lib/url-state';

const params = {
  state: choiceParam('collection state', ['ACTIVE', 'INACTIVE'] as const),
  collection: idParam('collection'),
  metadata__name: textParam(),
  sort: sortParam(['name', 'size', 'last_crawl']),
};

describe('URL state', () => {
  it('round-trips every state: encode then decode gives the same state', () => {
    fc.assert(
      fc.property(
        fc.record({
          state: fc.constantFrom('ACTIVE' as const, 'INACTIVE' as const, undefined),
          collection: fc.option(fc.integer({ min: 0, max: 2 ** 40 }), { nil: undefined }),
          metadata__name: fc.string(),
          sort: fc.option(
            fc.record({ id: fc.constantFrom('name', 'size', 'last_crawl'), desc: fc.boolean() }),
            { nil: null },
          ),
        }),
        (state) => {
          const search = encodeInto(params, new URLSearchParams('other=kept'), state);
          const again = new URLSearchParams(search.toString());
          const { values, problems } = decodeAll(params, again);
          expect(values).toEqual(state);
          expect(problems).toEqual([]);
          expect(again.get('other')).toBe('kept');
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
