/**
 * The streaming removal's short cuts, against the plainest removal (parse, delete, compare): a
 * member whose name two chunks cut in two is held back and completed from the next chunk, a name
 * seen before takes its verdict from the reader's table only when its bytes are that name's, a
 * string value ends at its first quote that no escape covers, and texts read at once (answers
 * streaming side by side) each keep their own reading. Each text is cut at every byte, so that a
 * cut falls inside every name, escape, number and literal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSecretStripper } from '../../src/server/secrets/json';
import { removed } from '../support/plain-removal';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The text's bytes cut at `cuts` (ascending), each chunk its own memory. */
function throughParts(bytes: Uint8Array, cuts: readonly number[]) {
  const stripper = new JsonSecretStripper();
  const parts: Uint8Array[] = [];
  const bounds = [0, ...cuts, bytes.length];
  for (let k = 1; k < bounds.length; k++) {
    parts.push(stripper.write(bytes.slice(bounds[k - 1], bounds[k])).slice());
  }
  expect(stripper.end()).toBe(true);
  return decoder.decode(Buffer.concat(parts));
}

/** Every cut into two chunks, and three chunks with the second `gap` bytes long. */
function everyCut(input: string, gap: number) {
  const bytes = encoder.encode(input);
  const expected = removed(JSON.parse(input));
  for (let at = 1; at < bytes.length; at++) {
    expect(JSON.parse(throughParts(bytes, [at]))).toEqual(expected);
    if (at + gap < bytes.length) {
      expect(JSON.parse(throughParts(bytes, [at, at + gap]))).toEqual(expected);
    }
  }
}

/** Names alike in their first bytes, secret and not, some written with escapes. */
const names = [
  'id',
  'ids',
  'token',
  'tokens',
  'tok',
  'Author',
  'Authorization',
  'api',
  'api_key',
  'login_username',
  'login_password',
  'url',
  'value',
  'a'.repeat(70),
  'pass\\u0077ord',
  'Pass\\"word',
];
const value = fc.oneof(
  fc.constantFrom('null', 'true', 'false', '-12.5e3', '1234567', '0', '"x"', '"a\\"b\\\\"'),
  fc.constantFrom('{"id":1,"token":"t"}', '[1,{"api_key":"k","value":"v"}]', '"\\u0022"'),
);
const member = fc.tuple(fc.constantFrom(...names), value).map(([n, v]) => `"${n}":${v}`);
const record = fc.array(member, { maxLength: 6 }).map((m) => `{${m.join(',')}}`);
const list = fc.array(record, { minLength: 1, maxLength: 4 }).map((r) => `[${r.join(',')}]`);

describe('the removal read in parts, cut at every byte', () => {
  it('for records that repeat their fields, as a list of seeds does', () => {
    const seed = (id: number) =>
      `{"id":${String(id)},"url":"https://e.org/${String(id)}","login_username":"u",` +
      `"login_password":"p\\"w","metadata":{"Title":[{"id":${String(id * 7)},"value":"T"}]},` +
      `"api_key":null,"active":true}`;
    everyCut(`[${[1, 22, 333].map(seed).join(',')}]`, 5);
  });

  it('for records whose fields change order and look alike', () => {
    fc.assert(
      fc.property(list, fc.nat(40), (input, gap) => {
        everyCut(input, gap + 1);
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('ends a string value at the right quote whatever its escapes and where it falls', () => {
    // Values of every length and escapes at every place, behind names of every length, so that
    // the quote that ends a value falls at each offset of the four bytes read at a time.
    const piece = fc.constantFrom('a', 'é', '\\\\', '\\"', '\\u0022', '\\\\\\"', ',\\"x\\":');
    const text = fc.array(piece, { maxLength: 7 }).map((p) => `"${p.join('')}"`);
    const field = fc.constantFrom('u', 'ur', 'url', 'urls', 'login_password', 'Title');
    const members = fc.array(fc.tuple(field, text), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(members, fc.nat(9), (pairs, gap) => {
        const record = `{${pairs.map(([n, v]) => `"${n}":${v}`).join(',')}}`;
        everyCut(`[${record},${record}]`, gap + 1);
      }),
      { numRuns: 60 },
    );
  }, 60_000);

  it('keeps the reading of each text apart when their chunks come in turn', () => {
    fc.assert(
      fc.property(fc.array(list, { minLength: 2, maxLength: 4 }), fc.nat(9), (texts, gap) => {
        const size = gap + 1;
        const readers = texts.map((text) => ({
          text,
          bytes: encoder.encode(text),
          stripper: new JsonSecretStripper(),
          out: [] as Uint8Array[],
        }));
        const longest = Math.max(...readers.map(({ bytes }) => bytes.length));
        // One chunk of each text in turn, as answers streaming at once are read.
        for (let at = 0; at < longest; at += size) {
          for (const { bytes, stripper, out } of readers) {
            if (at < bytes.length) out.push(stripper.write(bytes.slice(at, at + size)).slice());
          }
        }
        for (const { text, stripper, out } of readers) {
          expect(stripper.end()).toBe(true);
          expect(JSON.parse(decoder.decode(Buffer.concat(out)))).toEqual(removed(JSON.parse(text)));
        }
      }),
      { numRuns: 200 },
    );
  });
});
