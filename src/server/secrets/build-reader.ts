/**
 * `npm run build:reader`: builds json-reader.wasm from json-reader.c with clang (Debian's `clang`
 * and `lld` packages: `apt-get install -y clang lld`). The built module is kept in the repository,
 * so that nothing but Node is needed to run or test the server; it carries the SHA-256 of the
 * source it was built from in a custom section (`source-sha256`), which a test compares with the
 * source, so a change to the C that was not built shows at once.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { READER_SOURCE_SECTION, sourceDigest } from './reader-source';

const source = fileURLToPath(new URL('./json-reader.c', import.meta.url));
const target = fileURLToPath(new URL('./json-reader.wasm', import.meta.url));

execFileSync(
  'clang',
  [
    '--target=wasm32',
    '-O3',
    '-msimd128',
    '-mbulk-memory',
    '-nostdlib',
    '-Wall',
    '-Wextra',
    '-Werror',
    '-Wl,--no-entry',
    '-Wl,--strip-all',
    '-o',
    target,
    source,
  ],
  { stdio: 'inherit' },
);

/** A custom section: id 0, its size, its name, its bytes (sizes as unsigned LEB128). */
function customSection(name: string, bytes: Uint8Array): Uint8Array {
  const nameBytes = new TextEncoder().encode(name);
  const body = [...leb128(nameBytes.length), ...nameBytes, ...bytes];
  return Uint8Array.from([0, ...leb128(body.length), ...body]);
}

function leb128(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  do {
    const byte = rest & 0x7f;
    rest >>>= 7;
    out.push(rest === 0 ? byte : byte | 0x80);
  } while (rest !== 0);
  return out;
}

const built = readFileSync(target);
const digest = new TextEncoder().encode(sourceDigest(readFileSync(source)));
writeFileSync(target, Buffer.concat([built, customSection(READER_SOURCE_SECTION, digest)]));
console.log(`${target}: ${(built.length / 1024).toFixed(1)} KB`);
