/**
 * Removes credentials from JSON as it streams through the server: every member of every object,
 * at any depth, whose name is a secret name (src/contract/secret-names.ts) goes, with its value,
 * whatever that value is; everything else is copied byte for byte. A record's `login_password`,
 * a collection's `private_access_token`, a metadata field named `Access Key` and an `api_key` in
 * an embedded seed group all go the same way.
 *
 * The bytes are read as a JSON parser reads them (strings, escapes, nesting), so a name inside a
 * value is never mistaken for a field, and a field whose name is written with escapes
 * (`"login\u005fpassword"`) is decoded before it is judged. No answer is ever held whole (100,000
 * seeds are about 75 MB): each chunk is read once and passed on, less what it removes; only a
 * member whose name a chunk cuts in two is held back, with the comma before it, until the next
 * chunk completes the name.
 *
 * The reading itself is WebAssembly (json-reader.c, built into json-reader.wasm by
 * `npm run build:reader`): it finds the strings sixteen bytes at a time and keeps the names it has
 * seen with their verdicts, so the rule on names runs here, once for each distinct name
 * (`judge`). One module serves every answer of the process; an answer whose chunks come while
 * another's are being read has its reading put aside (a few bytes of state, and the member held
 * back) and taken up again.
 */
import { readFileSync } from 'node:fs';
import { isSecretName } from '../../contract/secret-names';

/** The answer is not JSON that can be read; what was passed on before it is whole and safe. */
export class UnreadableJsonError extends Error {}

/** What json-reader.c exports. */
interface ReaderExports {
  memory: WebAssembly.Memory;
  start(random: number): void;
  reset(): void;
  room(length: number): number;
  read(length: number): number;
  output(): number;
  done(): number;
  unchanged(): number;
  errorCode(): number;
  errorAt(): number;
  state(): number;
  stateSize(): number;
  kinds(): number;
  kept(): number;
  depth(): number;
  held(): number;
  heldLength(): number;
  hold(): number;
}

/** Why the bytes stopped being JSON, by the reader's code. */
const WHY = [
  '',
  'a value was expected',
  'a field name was expected',
  'a comma or the end of a list or object was expected',
  'a colon was expected',
  'nothing may follow the JSON value',
  'a field name too long to read',
  'a field name is not a JSON string',
  'lists and objects nested too deeply',
];

const utf8 = new TextDecoder();

/** The verdict on a name (its bytes, unquoted): 1 kept, 2 secret, 0 not a JSON string. */
function judge(bytes: Uint8Array, escaped: boolean): number {
  let name = utf8.decode(bytes);
  if (escaped) {
    try {
      name = JSON.parse(`"${name}"`) as string;
    } catch {
      return 0;
    }
  }
  return isSecretName(name) ? 2 : 1;
}

/** A text's reading put aside while another's goes on. */
interface Parked {
  state: Uint8Array;
  kinds: Uint8Array;
  kept: Uint8Array;
  held: Uint8Array;
}

/** The process's one reader, and whose reading it holds. */
class Reader {
  readonly x: ReaderExports;
  owner: JsonSecretStripper | null = null;

  constructor() {
    const code = readFileSync(new URL('./json-reader.wasm', import.meta.url));
    const instance = new WebAssembly.Instance(new WebAssembly.Module(code), {
      env: {
        judge: (at: number, length: number, escaped: number) =>
          judge(this.bytes(at, length), escaped !== 0),
      },
    });
    this.x = instance.exports as unknown as ReaderExports;
    // Where each name's hash starts: random for each process, so that no text can be written to
    // make its names collide.
    this.x.start(crypto.getRandomValues(new Uint32Array(1))[0] ?? 0);
  }

  /** `length` bytes of the reader's memory from `at`, as they are now. */
  bytes(at: number, length: number): Uint8Array {
    return new Uint8Array(this.x.memory.buffer, at, length);
  }
}

let reader: Reader | null = null;

/** Removes credential fields from one JSON text, written to it in chunks. */
export class JsonSecretStripper {
  private parked: Parked | null = null;
  private finished = false;

  /**
   * The part of `chunk` (and of what was held back before it) that can be passed on now, in the
   * chunk's own memory when it fits there. Throws UnreadableJsonError when the bytes stop being
   * JSON; everything returned before is safe.
   */
  write(chunk: Uint8Array): Uint8Array {
    const r = (reader ??= new Reader());
    if (r.owner !== this) {
      r.owner?.park(r);
      this.takeUp(r);
      r.owner = this;
    }
    const { x } = r;
    const at = x.room(chunk.length);
    if (at === 0) this.fail(r, 'an answer too large to read');
    r.bytes(at, chunk.length).set(chunk);
    const length = x.read(chunk.length);
    if (length < 0) {
      const where = x.errorAt();
      const why = WHY[x.errorCode()] ?? 'unreadable';
      this.fail(r, where < 0 ? why : `${why} at byte ${where.toLocaleString('en-US')}`);
    }
    this.finished = x.done() === 1;
    if (x.unchanged() === 1) return chunk;
    const out = r.bytes(x.output(), length);
    if (length > chunk.length) return out.slice();
    chunk.set(out);
    return length === chunk.length ? chunk : chunk.subarray(0, length);
  }

  /** Whether the text ended where a JSON value may end. */
  end(): boolean {
    return this.finished;
  }

  private fail(r: Reader, message: string): never {
    r.owner = null;
    throw new UnreadableJsonError(message);
  }

  /** Puts this text's reading aside. */
  private park(r: Reader): void {
    const { x } = r;
    const levels = x.depth() + 1;
    this.parked = {
      state: r.bytes(x.state(), x.stateSize()).slice(),
      kinds: r.bytes(x.kinds(), levels).slice(),
      kept: r.bytes(x.kept(), levels).slice(),
      held: r.bytes(x.held(), x.heldLength()).slice(),
    };
  }

  /** Takes this text's reading up again, or starts it. */
  private takeUp(r: Reader): void {
    const { x } = r;
    const parked = this.parked;
    this.parked = null;
    if (parked === null) {
      x.reset();
      return;
    }
    r.bytes(x.state(), parked.state.length).set(parked.state);
    r.bytes(x.kinds(), parked.kinds.length).set(parked.kinds);
    r.bytes(x.kept(), parked.kept.length).set(parked.kept);
    const at = x.hold();
    if (at === 0) this.fail(r, 'an answer too large to read');
    r.bytes(at, parked.held.length).set(parked.held);
  }
}

/** The pieces as one array. */
export function concat(pieces: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}
