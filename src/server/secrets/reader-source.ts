/**
 * How json-reader.wasm names the source it was built from: the SHA-256 of json-reader.c, in hex,
 * in a custom section of this name (written by build-reader.ts).
 */
import { createHash } from 'node:crypto';

export const READER_SOURCE_SECTION = 'source-sha256';

export const sourceDigest = (source: Uint8Array): string =>
  createHash('sha256').update(source).digest('hex');
