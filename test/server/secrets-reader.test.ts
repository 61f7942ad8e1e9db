/**
 * The server's JSON reader is WebAssembly built from json-reader.c and kept built in the
 * repository: the module must be the one its source gives, so that a change to the C that was
 * never built (and so never ran in the tests) cannot pass unseen.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { READER_SOURCE_SECTION, sourceDigest } from '../../src/server/secrets/reader-source';

const at = (name: string) => new URL(`../../src/server/secrets/${name}`, import.meta.url);

describe('the built JSON reader', () => {
  it('was built from the source beside it (npm run build:reader)', () => {
    const module = new WebAssembly.Module(readFileSync(at('json-reader.wasm')));
    const [section] = WebAssembly.Module.customSections(module, READER_SOURCE_SECTION);
    expect(section, 'json-reader.wasm names no source').toBeDefined();
    expect(new TextDecoder().decode(section)).toBe(sourceDigest(readFileSync(at('json-reader.c'))));
  });

  it('asks for nothing but the verdict on a name', () => {
    const module = new WebAssembly.Module(readFileSync(at('json-reader.wasm')));
    expect(WebAssembly.Module.imports(module)).toEqual([
      { module: 'env', name: 'judge', kind: 'function' },
    ]);
  });
});
