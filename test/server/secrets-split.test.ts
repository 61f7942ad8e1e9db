/**
 * The streaming removal's short cuts, against the plainest removal (parse, delete, compare): a
 * member whose name two chunks cut in two is completed from the next chunk's first bytes without
 * joining that whole chunk (`writeParts`), a name is taken for the one that followed the previous
 * name last time only when its bytes are that name's, and a string value ends at its first quote
 * when no backslash stands before it. Each text is cut at every byte, so that a cut falls inside
 * every name, escape, number and literal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSecretStripper } from '../../src/server/secrets/json';
import { removed } from '../support/plain-removal';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The text's bytes cut at `cuts` (ascending), each chunk its own memory, through writeParts. */
function throughParts(bytes: Uint8Array, cuts: readonly number[]) {
  const stripper = new JsonSecretStripper();
  const parts: Uint8Array[] = [];
  const bounds = [0, ...cuts, bytes.length];
  for (let k = 1; k < bounds.length; k++) {
    const chunk = bytes.slice(bounds[k - 1], bounds[k]);
    const out = stripper.writeParts(chunk, (early) => parts.push(early.slice()));
    parts.push(out.slice());
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

  it('passes the chunk after a cut name on in its own memory, whether the member stays or goes', () => {
    for (const [field, kept] of [
      ['collection', true],
      ['login_password', false],
    ] as const) {
      const first = encoder.encode(`[{"id":1,"${field.slice(0, 4)}`);
      const second = encoder.encode(`${field.slice(4)}":12,"url":"u"}]`);
      const stripper = new JsonSecretStripper();
      const parts = [stripper.write(first).slice()];
      const out = stripper.writeParts(second, (early) => parts.push(early.slice()));
      expect(out.buffer).toBe(second.buffer);
      parts.push(out.slice());
      expect(JSON.parse(decoder.decode(Buffer.concat(parts)))).toEqual([
        kept ? { id: 1, [field]: 12, url: 'u' } : { id: 1, url: 'u' },
      ]);
    }
  });
});
