import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StringIndex } from '../../../src/lib/string-index';

describe('string index', () => {
  it('numbers distinct strings in the order they came, as a Map would', () => {
    // Long strings that differ only in the middle share the hashed ends: told apart by equality.
    const middle = fc.string({ unit: fc.constantFrom('a', 'b', 'é', '😀'), maxLength: 4 });
    const text = fc.oneof(
      fc.string({ maxLength: 8 }),
      middle.map((m) => `https://www.example.org/${'x'.repeat(40)}${m}${'y'.repeat(40)}`),
    );
    fc.assert(
      fc.property(
        fc.array(text, { maxLength: 300 }),
        fc.array(text, { maxLength: 20 }),
        (added, asked) => {
          const index = new StringIndex();
          const expected = new Map<string, number>();
          for (const s of added) {
            if (!expected.has(s)) expected.set(s, expected.size);
            expect(index.add(s)).toBe(expected.get(s));
          }
          expect(index.size).toBe(expected.size);
          expect(index.strings).toEqual([...expected.keys()]);
          for (const s of [...added, ...asked])
            expect(index.indexOf(s)).toBe(expected.get(s) ?? -1);
        },
      ),
    );
  });

  it('finds every one of many thousands of addresses after growing', () => {
    const urls = Array.from(
      { length: 20_000 },
      (_, i) => `https://site-${String(i % 97)}.org/page/${String(i)}`,
    );
    const index = new StringIndex(urls);
    expect(index.size).toBe(urls.length);
    expect(urls.every((u, i) => index.indexOf(u) === i)).toBe(true);
    expect(index.indexOf('https://site-1.org/page/20000')).toBe(-1);
  });
});
