/**
 * The streaming removal of credentials against the plainest one (parse, delete, compare), for
 * JSON written as a service might write it: records nested in lists and objects, metadata fields
 * named by archivists, names that are secret at every depth and written with JSON escapes
 * (`pass\u0077ord`), strings with escapes and characters of every plane, all cut into chunks at
 * any byte, inside an escape or a character's UTF-8 bytes included. Each text goes through the
 * stripper alone and through `withoutSecrets`, as the server sends answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSecretStripper } from '../../src/server/secrets/json';
import { withoutSecrets } from '../../src/server/secrets/strip';
import { removed } from '../support/plain-removal';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * JSON text of `value` whose strings, names included, have some characters written as escapes:
 * `\uXXXX` (`pass\u0077ord`), or the short forms (`\"`, `\\`, `\/`); `marks` says which.
 */
function written(value: unknown, marks: readonly number[]): string {
  let at = 0;
  const mark = () => marks[at++ % marks.length] ?? 0;
  const string = (text: string) => {
    let out = '"';
    for (const char of text) {
      const code = char.charCodeAt(0);
      const how = mark() % 4;
      if (char === '"' || char === '\\') out += `\\${char}`;
      else if (code < 0x20 || (how === 1 && char.length === 1))
        out += `\\u${code.toString(16).padStart(4, '0')}`;
      else if (char === '/' && how === 2) out += '\\/';
      else if (char.length === 2 && how === 3)
        // A character beyond the first plane as its two escaped halves.
        out += Array.from(char, (half) => `\\u${half.charCodeAt(0).toString(16)}`).join('');
      else out += char;
    }
    return `${out}"`;
  };
  const write = (inner: unknown): string => {
    if (typeof inner === 'string') return string(inner);
    if (Array.isArray(inner)) return `[${inner.map(write).join(',')}]`;
    if (inner !== null && typeof inner === 'object') {
      const members = Object.entries(inner).map(([key, item]) => `${string(key)}:${write(item)}`);
      return `{${members.join(mark() % 5 === 0 ? ' , ' : ',')}}`;
    }
    return JSON.stringify(inner);
  };
  return write(value);
}

const tricky = [
  'login_username',
  'login_password',
  'private_access_token',
  'api_key',
  'Passwort',
  'pass\u00ADword',
  'Access Key',
  'password',
  'Client Secret',
  'OAuth',
  'Authorization',
];
const plain = ['id', 'url', 'Title', 'Author', 'Authority', 'value', 'metadata', 'seed_groups'];
const name = fc.oneof(
  fc.constantFrom(...tricky, ...plain),
  fc.string({ unit: 'binary', maxLength: 8 }),
);
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('\\"', 'a\\', '"', '\\\\"', 'é', '😀', '\u2028', 'password', '{"token":1}'),
);
/** A metadata object as the service writes one: each field a list of `{id, value}`. */
const metadata = fc.dictionary(
  name,
  fc.array(fc.record({ id: fc.nat(), value: text }), { maxLength: 2 }),
  { maxKeys: 3 },
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    text,
    metadata,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(name, tie('value'), { maxKeys: 5 }),
  ),
})).value;
/** A record with a secret or two among its fields, and metadata, in a list. */
const records = fc.array(
  fc.record({
    id: fc.nat(),
    [tricky[0] as string]: fc.oneof(fc.constant(null), text),
    secrets: fc.dictionary(fc.constantFrom(...tricky), json, { maxKeys: 3 }),
    metadata,
    nested: json,
  }),
  { maxLength: 3 },
);
const document = fc.oneof(
  fc.array(json, { maxLength: 3 }),
  fc.dictionary(name, json, { maxKeys: 4 }),
  records,
);
const marks = fc.array(fc.nat(), { minLength: 1, maxLength: 16 });
const cuts = fc.array(fc.nat(), { maxLength: 12 });

/** The text's bytes as chunks cut at `at` (each chunk its own memory, as a network read's). */
function chunks(bytes: Uint8Array, at: readonly number[]): Uint8Array[] {
  const bounds = [...new Set([0, ...at.map((c) => c % (bytes.length + 1)), bytes.length])].sort(
    (a, b) => a - b,
  );
  return bounds.slice(1).map((end, i) => bytes.slice(bounds[i], end));
}

function same(output: string, input: string) {
  // Valid JSON, and what the plainest removal gives.
  expect(JSON.parse(output)).toEqual(removed(JSON.parse(input)));
}

describe('the streaming removal against the plainest one', () => {
  it('for any JSON with escaped names, in any chunks', () => {
    fc.assert(
      fc.property(document, marks, cuts, (value, how, at) => {
        const input = written(value, how);
        const stripper = new JsonSecretStripper();
        const out = chunks(encoder.encode(input), at).map((chunk) => stripper.write(chunk).slice());
        expect(stripper.end()).toBe(true);
        same(decoder.decode(Buffer.concat(out)), input);
      }),
      { numRuns: 1500 },
    );
  });

  describe('through withoutSecrets, as the server sends answers', () => {
    const through = async (parts: Uint8Array[]) => {
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = parts.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
      return decoder.decode(
        await withoutSecrets(new Response(body), { where: 'test' }).arrayBuffer(),
      );
    };

    it('for any JSON with escaped names, in any chunks', async () => {
      await fc.assert(
        fc.asyncProperty(document, marks, cuts, async (value, how, at) => {
          const input = written(value, how);
          same(await through(chunks(encoder.encode(input), at)), input);
        }),
        { numRuns: 300 },
      );
    });
  });
});
