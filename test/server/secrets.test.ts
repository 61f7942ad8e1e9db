/**
 * The one rule for names that hold credentials (src/contract/secret-names.ts), and the server's
 * removal of such fields from the JSON and CSV it passes on, chunk by chunk: property tests hold
 * the streaming removal to the plainest one (parse, delete, compare) for any JSON, any names, any
 * spacing and any cut into chunks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SECRET_FIELDS, foldName, isSecretName } from '../../src/contract/secret-names';
import {
  COLLECTION_FIELDS,
  PRESS_ITEM_FIELDS,
  SEED_API_FIELDS,
  SEED_DEFAULT_FIELDS,
  SEED_GROUP_FIELDS,
} from '../../src/contract/wire';
import { CsvSecretStripper } from '../../src/server/secrets/csv';
import { JsonSecretStripper, UnreadableJsonError } from '../../src/server/secrets/json';
import { withoutSecrets } from '../../src/server/secrets/strip';
import { removed } from '../support/plain-removal';
import { SECRET_NAMED } from '../support/basic-service';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `text` through the JSON stripper in chunks cut at `cuts` (byte offsets); the output as text. */
function strip(text: string, cuts: readonly number[] = []): string {
  const bytes = encoder.encode(text);
  const stripper = new JsonSecretStripper();
  const bounds = [...new Set([0, ...cuts.map((c) => c % (bytes.length + 1)), bytes.length])].sort(
    (a, b) => a - b,
  );
  const out: Uint8Array[] = [];
  for (let i = 1; i < bounds.length; i++) {
    // Each chunk is its own copy: the stripper uses up what it is given.
    out.push(stripper.write(bytes.slice(bounds[i - 1], bounds[i])).slice());
  }
  expect(stripper.end()).toBe(true);
  return out.map((part) => decoder.decode(part, { stream: true })).join('');
}

describe('the secret-name rule', () => {
  it.each([
    // The fields of the contract, and the five names the old rule (password|token|secret) let
    // through, with others of their kind (test/support/basic-service.ts).
    ...Object.keys(SECRET_NAMED),
    // And their like.
    'PASSWORD',
    'Pass-Word',
    'user.passwd',
    'ＰＡＳＳＷＯＲＤ',
    'pass\u200Bword',
    'apiKey',
    'API-KEY',
    'X-Api-Key',
    'aws_access_key_id',
    'Client Secret',
    'refresh_token',
    'Credentials',
    'credential_id',
    'Authorization',
    'authorisation',
    'Authorized by',
    'auth',
    'auth_token',
    'basic_auth',
    'OAuth',
    'Authentication',
    'Author password',
    'Login user name',
  ])('%j is a secret name', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each([
    // An archivist's descriptive fields that contain `auth` but hold no credential stay.
    'Author',
    'Authors',
    'Co-author',
    'Authorship',
    'Authored by',
    'Authority',
    'Name authority',
    'Subject Authorities',
    'Authenticity',
    // And the catalogue's own fields.
    'Title',
    'Description',
    'Creator',
    'Coverage',
    'username',
    'created_by',
    'seed_groups',
    'Password reset date'.replace('Password', 'Pass'),
  ])('%j is not', (name) => {
    expect(isSecretName(name)).toBe(false);
  });

  it('folds case, spacing, punctuation, invisible characters and full-width forms', () => {
    expect(foldName('Pass\u00AD-word_ 2')).toBe('password2');
    expect(foldName('ＡＰＩ Ｋｅｙ')).toBe('apikey');
    expect(foldName('Déjà vu')).toBe('déjàvu');
  });

  it('names every field of the contract that holds a credential, and no other', () => {
    const fields = new Set<string>([
      ...SEED_DEFAULT_FIELDS,
      ...SEED_API_FIELDS,
      ...COLLECTION_FIELDS,
      ...SEED_GROUP_FIELDS,
      ...PRESS_ITEM_FIELDS,
      'private_access_token',
      'custom_user_agent',
    ]);
    expect([...fields].filter(isSecretName).sort()).toEqual([...SECRET_FIELDS].sort());
  });
});

describe('removing credentials from JSON', () => {
  it('removes every secret-named member at any depth, and nothing else', () => {
    expect(
      strip(
        '{"a":1,"login_password":"x","b":[{"token":{"c":"\\"}"}},2],"Author":"me","api_key":null}',
      ),
    ).toBe('{"a":1,"b":[{},2],"Author":"me"}');
    expect(strip('[{"Passwort":1,"pass\u00ADword":2,"Access Key":3},{"x":[]}]')).toBe(
      '[{},{"x":[]}]',
    );
    expect(strip(' { "secret" : { "a" : [1, {"b": "}"}] } , "k" : null , "auth":true } ')).toBe(
      ' {  "k" : null  } ',
    );
  });

  it('reads names written with escapes, and never takes a value for a name', () => {
    expect(strip('{"login\\u005fpassword":"x","ok":1}')).toBe('{"ok":1}');
    expect(strip('{"a\\"password":1,"b\\\\":2,"pass\\u0077ord":3}')).toBe('{"b\\\\":2}');
    expect(strip('{"ok":"\\"password\\": 1","token\\\\":2}')).toBe('{"ok":"\\"password\\": 1"}');
    expect(strip('{"__proto__":{"password":1,"x":2},"constructor":{"token":3}}')).toBe(
      '{"__proto__":{"x":2},"constructor":{}}',
    );
    expect(strip('["password","token",{"v":"login_password"}]')).toBe(
      '["password","token",{"v":"login_password"}]',
    );
  });

  it('keeps a byte-order mark and passes a document without a secret unchanged', () => {
    expect(strip('\uFEFF{"a":[1,2.5e3,true,false,null,"\\u00e9"]}')).toBe(
      '\uFEFF{"a":[1,2.5e3,true,false,null,"\\u00e9"]}',
    );
    const chunk = encoder.encode('[{"id":1,"url":"https://example.org/"}]');
    expect(new JsonSecretStripper().write(chunk)).toBe(chunk);
  });

  const names = fc.constantFrom(
    ...Object.keys(SECRET_NAMED),
    ...['id', 'url', 'Title', 'Author', 'Authority', 'metadata', 'value', 'access_token'],
    ...['x', 'é', '"', '\\', ''],
  );
  const json = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant(null),
      fc.boolean(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom('password', 'a"b', 'c\\', '\u2028', '😀'),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(names, fc.string()), tie('value'), { maxKeys: 5 }),
    ),
  })).value;
  const cuts = fc.array(fc.nat(), { maxLength: 8 });

  it('gives exactly the plainest removal, for any JSON cut into any chunks', () => {
    fc.assert(
      fc.property(json, cuts, fc.boolean(), (value, at, spaced) => {
        // Containers only: a body that is not one holds no fields (strip.ts passes it as it is).
        const document = { records: [value], wrapped: value };
        const text = spaced ? JSON.stringify(document, null, 1) : JSON.stringify(document);
        const out = strip(text, at);
        expect(JSON.parse(out)).toEqual(removed(JSON.parse(text)));
      }),
      { numRuns: 600 },
    );
  });

  it('with names written with escapes too', () => {
    const escape = (text: string) =>
      // Every underscore, and every letter a, in a string as an escape.
      text.replace(/"(?:[^"\\]|\\.)*"/g, (string) =>
        string.replace(/_/g, '\\u005f').replace(/a/g, '\\u0061'),
      );
    fc.assert(
      fc.property(json, cuts, (value, at) => {
        const text = escape(JSON.stringify([value]));
        expect(JSON.parse(strip(text, at))).toEqual(removed(JSON.parse(text)));
      }),
      { numRuns: 300 },
    );
  });

  it('stops at what is not JSON, having passed on nothing secret before it', () => {
    for (const text of [
      '{"a":1 "login_password":"x"}',
      '{"a":1,,"login_password":"x"}',
      '{"a" 1}',
      '[1,2]]',
      '{"a":1}{"b":2}',
      '{"a":[1,}',
      '{"a\\q":1}',
    ]) {
      const stripper = new JsonSecretStripper();
      let passed = '';
      expect(() => {
        for (const byte of encoder.encode(text))
          passed += decoder.decode(stripper.write(Uint8Array.of(byte)));
      }, text).toThrow(UnreadableJsonError);
      expect(passed).not.toContain('login_password');
      expect(passed).not.toContain('"x"');
    }
  });

  it('reads lists and objects nested as deep as a text can usefully go, and refuses deeper', () => {
    const levels = 200_000;
    const deep = `${'[{"a":'.repeat(levels)}{"token":"t","ok":1}${'}]'.repeat(levels)}`;
    expect(strip(deep, [levels * 3, levels * 6 + 7])).toBe(
      `${'[{"a":'.repeat(levels)}{"ok":1}${'}]'.repeat(levels)}`,
    );
    const deeper = encoder.encode('['.repeat(1_100_000));
    expect(() => new JsonSecretStripper().write(deeper)).toThrow(
      'lists and objects nested too deeply at byte 1,048,576',
    );
  });

  it('judges the names of answers read at once, each in its own reading', () => {
    // Two answers whose chunks come in turn, one cut inside a name it holds back.
    const first = new JsonSecretStripper();
    const second = new JsonSecretStripper();
    const out = [first.write(encoder.encode('[{"id":1,"login_pass')).slice()];
    const other = [second.write(encoder.encode('{"a":{"api_key":"k","b":[')).slice()];
    out.push(first.write(encoder.encode('word":"x","url":"u"}]')).slice());
    other.push(second.write(encoder.encode('1]}}')).slice());
    expect(decoder.decode(Buffer.concat(out))).toBe('[{"id":1,"url":"u"}]');
    expect(decoder.decode(Buffer.concat(other))).toBe('{"a":{"b":[1]}}');
    expect([first.end(), second.end()]).toEqual([true, true]);
  });

  it('holds back a member only while its name is cut in two, however long its value', () => {
    const value = 'v'.repeat(200_000);
    const stripper = new JsonSecretStripper();
    const text = encoder.encode(`[{"url":"${value}","login_password":"${value}"}]`);
    const first = stripper.write(text.slice(0, 100_000));
    // A value streams on as it arrives.
    expect(first.length).toBe(100_000);
    const rest = stripper.write(text.slice(100_000));
    expect(decoder.decode(first) + decoder.decode(rest)).toBe(`[{"url":"${value}"}]`);
  });
});

describe('removing credential columns from CSV', () => {
  function stripCsv(text: string, size: number): string {
    const bytes = encoder.encode(text);
    const stripper = new CsvSecretStripper();
    let out = '';
    for (let i = 0; i < bytes.length; i += size) {
      out += decoder.decode(stripper.write(bytes.slice(i, i + size)), { stream: true });
    }
    return out + decoder.decode(stripper.end());
  }

  it('leaves out every secret-named column of every record, in any chunks', () => {
    const csv =
      'login_password,id,url,Access Key,Author\r\n' +
      '"p,w",1,"https://a/","k\r\n2",Ann\r\n' +
      'q,2,https://b/,"say ""hi""",Bob\r\n';
    for (const size of [1, 2, 3, 5, 7, 1000]) {
      expect(stripCsv(csv, size), String(size)).toBe(
        'id,url,Author\r\n1,"https://a/",Ann\r\n2,https://b/,Bob\r\n',
      );
    }
  });

  it('leaves a CSV without such columns as it is', () => {
    const csv = 'id,url\r\n1,https://a/\r\n';
    expect(stripCsv(csv, 4)).toBe(csv);
  });
});

describe('an answer under /api/', () => {
  /** The body as sent, a byte-order mark included. */
  const through = async (body: string, type: string) =>
    new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      await withoutSecrets(
        new Response(body, { headers: { 'Content-Type': type, 'Content-Length': '1' } }),
        { where: 'GET /api/seed' },
      ).arrayBuffer(),
    );

  it('is stripped as JSON whatever its label when it is an object or a list', async () => {
    const body = '[{"id":1,"login_password":"x"}]';
    for (const type of ['application/json', 'text/plain', 'application/octet-stream']) {
      expect(await through(body, type)).toBe('[{"id":1}]');
    }
    expect(await through(`\uFEFF  ${body}`, 'text/plain')).toBe('\uFEFF  [{"id":1}]');
  });

  it('passes on a body that is neither (a page, a number) unchanged, and CSV as CSV', async () => {
    expect(await through('<!doctype html><p>password: 1</p>', 'text/html')).toBe(
      '<!doctype html><p>password: 1</p>',
    );
    expect(await through('42', 'application/json')).toBe('42');
    expect(await through('token,id\r\nx,1\r\n', 'text/csv; charset=utf-8')).toBe('id\r\n1\r\n');
  });

  it('drops the connection when the body stops being JSON, and says so in one line', async () => {
    const lines: string[] = [];
    let dropped = false;
    const response = withoutSecrets(new Response('{"a":1 "login_password":"x"}'), {
      where: 'GET /api/seed',
      log: (line) => lines.push(line),
      connection: {
        drop: () => {
          dropped = true;
        },
      },
    });
    expect(await response.text()).not.toContain('login_password');
    expect(dropped).toBe(true);
    expect(lines).toEqual([
      'GET /api/seed: the answer stopped being JSON the server can read (a comma or the end of a list or object was expected at byte 7); the rest was not passed on and the connection was dropped',
    ]);
  });
});
