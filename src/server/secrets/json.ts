/**
 * Removes credentials from JSON as it streams through the server: every member of every object,
 * at any depth, whose name is a secret name (src/contract/secret-names.ts) goes, with its value,
 * whatever that value is; everything else is copied byte for byte. A record's `login_password`,
 * a collection's `private_access_token`, a metadata field named `Access Key` and an `api_key` in
 * an embedded seed group all go the same way.
 *
 * It reads the bytes as a JSON parser does (strings, escapes, nesting), so a name inside a value
 * is never mistaken for a field, and a field whose name is written with escapes
 * (`"login\u005fpassword"`) is decoded before it is judged. It never holds an answer (100,000 seeds
 * are about 75 MB): each chunk is scanned once and passed on, less what it removes; only a member
 * whose name a chunk cuts in two is held back, with the comma before it, until the next chunk
 * completes the name.
 *
 * Speed: half the bytes of a list are field names and a third string values. Both are read four
 * bytes at a time (a word, tested for a quote or a backslash with the usual bit tricks), and each
 * name is recognised by a hash of its words in a table of the names seen so far, so a verdict on a
 * name costs a few steps, not one per letter. A name is decoded and judged only the first time.
 *
 * It is over 300 lines because it is a small JSON reader, and every state of it is a defence.
 */
import { isSecretName } from '../../contract/secret-names';
import {
  BACKSLASH,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
} from '../json-bytes';
import {
  enter,
  follows,
  guess,
  lookUp,
  matchAt,
  mixA,
  mixB,
  SEED_A,
  SEED_B,
  verdictOf,
} from './names';

/** The answer is not JSON that can be read; what was passed on before it is whole and safe. */
export class UnreadableJsonError extends Error {}

/** What the reader expects next. */
const VALUE = 0; // a value: at the start, after `:`, after `,` in an array
const VALUE_OR_END = 1; // after `[`: a value or `]`
const KEY_OR_END = 2; // after `{`: a member's name or `}`
const KEY = 3; // after `,` in an object: a member's name
const COLON_NEXT = 4; // after a member's name
const AFTER = 5; // after a value: `,` or the end of its container
const STRING = 6; // inside a string value (or a name inside a member left out)
const LITERAL = 7; // inside a number, true, false or null
const DONE = 8; // after the whole value: only white space

const OBJECT = 1;
const ARRAY = 2;

/** A field name longer than this is not read (a record of 50 MB has names of a few bytes). */
const LONGEST_NAME = 1 << 20;
/** How far into a chunk `writeParts` looks for the end of a name held back from the last one. */
const NEAR = 4096;

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
/** Bytes a number or a literal (true, false, null) is made of: 1 in this table. */
const LITERAL_BYTES = new Uint8Array(256);
for (const b of encodeAscii('0123456789abcdefghijklmnopqrstuvwxyzE+-.')) LITERAL_BYTES[b] = 1;
const isLiteralStart = (b: number) =>
  (b >= 0x30 && b <= 0x39) || b === 0x2d || b === 0x74 || b === 0x66 || b === 0x6e;

// Word tricks: a word of four bytes has a byte equal to c where (w ^ c·0x01010101) has a zero
// byte; `zeroBytes` flags the lowest such byte exactly (higher flags may be false).
const ONES = 0x01010101;
const HIGHS = 0x80808080 | 0;
const QUOTES = 0x22222222;
const zeroBytes = (x: number) => (x - ONES) & ~x & HIGHS;
/** The index (0–3, little-endian) of the lowest flagged byte of a non-zero `flags`. */
const lowest = (flags: number) => (31 - Math.clz32(flags & -flags)) >>> 3;

const utf8 = new TextDecoder();

/** The verdict on a name (its bytes, unquoted), decoded first when it holds escapes: 1 kept, 2 secret. */
function judge(bytes: Uint8Array, escaped: boolean): number {
  let name = utf8.decode(bytes);
  if (escaped) {
    try {
      name = JSON.parse(`"${name}"`) as string;
    } catch {
      throw new UnreadableJsonError('a field name is not a JSON string');
    }
  }
  return isSecretName(name) ? 2 : 1;
}

/** Removes credential fields from one JSON text, written to it in chunks. */
export class JsonSecretStripper {
  private state = VALUE;
  /** The containers open around the current position, and whether each object kept a member. */
  private kinds: Uint8Array<ArrayBuffer> = new Uint8Array(64);
  private kept: Uint8Array<ArrayBuffer> = new Uint8Array(64);
  /** Per open object, the slot of its last member's name in the table of names (names.ts), or -1. */
  private last: Int32Array<ArrayBuffer> = new Int32Array(64);
  private depth = 0;
  /** The depth of the object whose member is being left out, or -1. */
  private skipAt = -1;
  /** Bytes held back from the last chunk: a member whose name was not decided yet. */
  private carry: Uint8Array | null = null;
  /** Whether the last chunk ended inside a string after a backslash that escapes what follows. */
  private escapePending = false;
  /** Whether the string being read across chunks is a name inside a member being left out. */
  private nameInString = false;
  /** Where the last string found ends (its closing quote). */
  private stringEnd = 0;
  /** The slot of the last name judged by `nameVerdict`, or -1 when it is not in the table. */
  private slot = -1;
  /** Bytes passed before this chunk, for the message when they stop making sense. */
  private offset = 0;
  private started = false;

  /**
   * As `write`, without joining what was held back to the whole chunk: the few bytes that complete
   * the member held back (up to the chunk's first quote, which ends its name unless the name goes
   * on or is escaped) are read first, with it, and passed to `early` as a part of their own; the
   * rest of the chunk is read in its own memory and returned. Read in two parts, the chunk gives
   * what it gives read whole (the reader does not depend on where chunks are cut); only a name
   * that goes on past that quote is held back again and joined as `write` joins it.
   */
  writeParts(chunk: Uint8Array, early: (part: Uint8Array) => void): Uint8Array {
    if (this.carry === null) return this.write(chunk);
    const quote = chunk.subarray(0, NEAR).indexOf(QUOTE);
    if (quote === -1 || quote + 1 === chunk.length) return this.write(chunk);
    const first = this.write(chunk.subarray(0, quote + 1));
    if (first.length > 0) early(first);
    return this.write(chunk.subarray(quote + 1));
  }

  /**
   * The part of `chunk` (and of what was held back before it) that can be passed on now, in the
   * chunk's own memory: what is removed is squeezed out where it lay, so the chunk is used up.
   * Throws UnreadableJsonError when the bytes stop being JSON; everything returned before is safe.
   */
  write(chunk: Uint8Array): Uint8Array {
    let buf = chunk;
    const carried = this.carry;
    if (carried !== null) {
      buf = new Uint8Array(carried.length + chunk.length);
      buf.set(carried);
      buf.set(chunk, carried.length);
      this.carry = null;
    }
    const n = buf.length;
    const view = new DataView(buf.buffer, buf.byteOffset, n);
    /** How much of `buf` is passed on so far: kept bytes are moved down to the front. */
    let w = 0;
    let state = this.state;
    let depth = this.depth;
    let skipAt = this.skipAt;
    let kinds = this.kinds;
    let kept = this.kept;
    let last = this.last;
    /** The start of what is still to be passed on, or -1 while a member is left out. */
    let from = skipAt === -1 ? 0 : -1;
    /** Where the member whose name is awaited began (its comma, or just after `{`), or -1. */
    let memberAt = carried !== null && state === KEY_OR_END ? 0 : -1;
    /** That member's comma, or -1 for an object's first member. */
    let comma = -1;
    let i = 0;

    if (!this.started && n > 0) {
      this.started = true;
      // A byte-order mark, which UTF-8 decoders drop.
      if (n >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) i = 3;
    }
    if (state === STRING && this.escapePending && n > 0) {
      this.escapePending = false;
      i = 1;
    }

    scan: while (i < n) {
      const b = buf[i] as number;
      let ended = false;
      switch (state) {
        case VALUE:
        case VALUE_OR_END:
          if (b === QUOTE) {
            state = STRING;
            if (!this.findStringEnd(buf, view, i + 1)) break scan;
            i = this.stringEnd + 1;
            ended = true;
          } else if (b === OPEN_OBJECT) {
            if (depth + 1 >= kinds.length) [kinds, kept, last] = this.deeper();
            depth++;
            kinds[depth] = OBJECT;
            kept[depth] = 0;
            last[depth] = -1;
            i++;
            state = KEY_OR_END;
            if (skipAt === -1) memberAt = i;
            comma = -1;
          } else if (b === OPEN_ARRAY) {
            if (depth + 1 >= kinds.length) [kinds, kept, last] = this.deeper();
            depth++;
            kinds[depth] = ARRAY;
            i++;
            state = VALUE_OR_END;
          } else if (isLiteralStart(b)) {
            i = literalEnd(buf, view, i + 1);
            if (i < n) ended = true;
            else state = LITERAL;
          } else if (isSpace(b)) {
            i++;
          } else if (b === CLOSE_ARRAY && state === VALUE_OR_END) {
            depth--;
            i++;
            ended = true;
          } else {
            this.fail('a value was expected', i);
          }
          break;
        case KEY_OR_END:
        case KEY:
          if (b === QUOTE) {
            if (skipAt !== -1) {
              // A name inside a member being left out needs no verdict.
              state = STRING;
              this.nameInString = true;
              if (!this.findStringEnd(buf, view, i + 1)) break scan;
              this.nameInString = false;
              i = this.stringEnd + 1;
              state = COLON_NEXT;
              break;
            }
            // Members one after another, the common `"name":value,` read here in one go.
            for (;;) {
              // The name that followed the previous one last time, if these bytes are it.
              const previous = last[depth] as number;
              let slot = guess(previous, depth);
              let nameEnd = slot === -1 ? -1 : matchAt(slot, view, i + 1, n);
              let verdict: number;
              if (nameEnd !== -1) {
                verdict = verdictOf(slot);
              } else {
                verdict = this.nameVerdict(buf, view, i + 1);
                if (verdict === 0) {
                  if (n - memberAt > LONGEST_NAME) this.fail('a field name too long to read', i);
                  break scan; // the name goes on in the next chunk
                }
                nameEnd = this.stringEnd;
                slot = this.slot;
                if (slot !== -1) follows(previous, depth, slot);
              }
              last[depth] = slot;
              if (verdict === 2) {
                const cut = comma === -1 ? memberAt : comma;
                if (cut > from) w = keep(buf, from, cut, w);
                from = -1;
                skipAt = depth;
              } else {
                if (comma !== -1 && kept[depth] === 0) {
                  // Every member before this one was left out, so goes the comma before it.
                  if (comma > from) w = keep(buf, from, comma, w);
                  from = comma + 1;
                }
                kept[depth] = 1;
              }
              memberAt = -1;
              i = nameEnd + 1;
              if (buf[i] !== COLON) {
                state = COLON_NEXT;
                break;
              }
              i++;
              const v = buf[i];
              if (v === QUOTE) {
                // Most values are short strings without escapes: their first quote, when no
                // backslash stands before it, ends them; anything else is read by findStringEnd.
                let end = -1;
                for (let j = i + 1; j + 4 <= n; j += 4) {
                  const flags = zeroBytes(view.getInt32(j, true) ^ QUOTES);
                  if (flags !== 0) {
                    const quote = j + lowest(flags);
                    if (buf[quote - 1] !== BACKSLASH) end = quote;
                    break;
                  }
                }
                if (end === -1) {
                  if (!this.findStringEnd(buf, view, i + 1)) {
                    state = STRING;
                    break scan;
                  }
                  end = this.stringEnd;
                }
                i = end + 1;
              } else if (v !== undefined && isLiteralStart(v)) {
                i = literalEnd(buf, view, i + 1);
                if (i >= n) {
                  state = LITERAL;
                  break scan;
                }
              } else {
                state = VALUE;
                break;
              }
              // The value ended at i.
              if (skipAt === depth) {
                skipAt = -1;
                from = i;
              }
              if (buf[i] === COMMA && buf[i + 1] === QUOTE) {
                memberAt = i;
                comma = i;
                i++;
                continue;
              }
              state = AFTER;
              break;
            }
          } else if (isSpace(b)) {
            i++;
          } else if (b === CLOSE_OBJECT && state === KEY_OR_END) {
            memberAt = -1;
            depth--;
            i++;
            ended = true;
          } else {
            this.fail('a field name was expected', i);
          }
          break;
        case AFTER:
          if (b === COMMA) {
            if (kinds[depth] === OBJECT) {
              state = KEY;
              if (skipAt === -1) {
                memberAt = i;
                comma = i;
              }
            } else {
              state = VALUE;
            }
            i++;
          } else if (
            (b === CLOSE_OBJECT && kinds[depth] === OBJECT) ||
            (b === CLOSE_ARRAY && kinds[depth] === ARRAY)
          ) {
            depth--;
            i++;
            ended = true;
          } else if (isSpace(b)) {
            i++;
          } else {
            this.fail('a comma or the end of a list or object was expected', i);
          }
          break;
        case COLON_NEXT:
          if (b === COLON) {
            i++;
            state = VALUE;
          } else if (isSpace(b)) {
            i++;
          } else {
            this.fail('a colon was expected', i);
          }
          break;
        case STRING:
          if (!this.findStringEnd(buf, view, i)) break scan;
          i = this.stringEnd + 1;
          if (this.nameInString) {
            this.nameInString = false;
            state = COLON_NEXT;
          } else {
            ended = true;
          }
          break;
        case LITERAL:
          while (i < n && LITERAL_BYTES[buf[i] as number] === 1) i++;
          if (i < n) ended = true;
          break;
        default:
          if (isSpace(b)) i++;
          else this.fail('nothing may follow the JSON value', i);
      }
      if (ended) {
        // A value ended at i: back to its container, and to passing bytes on if it was left out.
        state = depth === 0 ? DONE : AFTER;
        if (skipAt === depth) {
          skipAt = -1;
          from = i;
        }
      }
    }

    this.depth = depth;
    this.skipAt = skipAt;
    this.offset += n;
    if (memberAt !== -1) {
      // A member whose name is not decided yet: held back, its comma too, for the next chunk.
      this.carry = buf.slice(memberAt);
      this.offset -= n - memberAt;
      this.state = buf[memberAt] === COMMA ? AFTER : KEY_OR_END;
      if (from !== -1 && memberAt > from) w = keep(buf, from, memberAt, w);
    } else {
      this.state = state;
      if (from !== -1 && n > from) w = keep(buf, from, n, w);
    }
    return w === n ? buf : buf.subarray(0, w);
  }

  /** Whether the text ended where a JSON value may end. */
  end(): boolean {
    return this.state === DONE;
  }

  /** The container stacks, twice as deep. */
  private deeper(): [Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>, Int32Array<ArrayBuffer>] {
    const kinds = new Uint8Array(this.kinds.length * 2);
    kinds.set(this.kinds);
    const kept = new Uint8Array(this.kept.length * 2);
    kept.set(this.kept);
    const last = new Int32Array(this.last.length * 2);
    last.set(this.last);
    this.kinds = kinds;
    this.kept = kept;
    this.last = last;
    return [kinds, kept, last];
  }

  private fail(what: string, at: number): never {
    throw new UnreadableJsonError(`${what} at byte ${(this.offset + at).toLocaleString('en-US')}`);
  }

  /**
   * Finds the closing quote of a string whose text (or what this chunk holds of it) starts at
   * `at`; false when the chunk ends first, noting whether it ended on an escaping backslash.
   * Quotes are looked for eight bytes at a time; a backslash matters only right before one.
   */
  private findStringEnd(buf: Uint8Array, view: DataView, at: number): boolean {
    const n = buf.length;
    let j = at;
    for (;;) {
      let found = false;
      while (j + 8 <= n) {
        const low = zeroBytes(view.getInt32(j, true) ^ QUOTES);
        if (low !== 0) {
          j += lowest(low);
          found = true;
          break;
        }
        const high = zeroBytes(view.getInt32(j + 4, true) ^ QUOTES);
        if (high !== 0) {
          j += 4 + lowest(high);
          found = true;
          break;
        }
        j += 8;
      }
      if (!found) while (j < n && buf[j] !== QUOTE) j++;
      // A quote after an odd run of backslashes is part of the text; so is the chunk's first
      // byte after such a run at its end.
      let k = (j < n ? j : n) - 1;
      while (k >= at && buf[k] === BACKSLASH) k--;
      const escaped = ((j - 1 - k) & 1) === 1;
      if (j >= n) {
        this.escapePending = escaped;
        return false;
      }
      if (!escaped) {
        this.stringEnd = j;
        return true;
      }
      j++;
    }
  }

  /**
   * The verdict on the name whose text starts at `at`: 1 kept, 2 secret, 0 when the chunk ends
   * before the name does. Sets `stringEnd` to its closing quote. The name's words are hashed up
   * to the first quote: a name in the table has no backslash, so that quote ends it; any other
   * is read again, escapes and all.
   */
  private nameVerdict(buf: Uint8Array, view: DataView, at: number): number {
    const n = buf.length;
    let a = SEED_A;
    let b = SEED_B;
    let j = at;
    for (;;) {
      let w: number;
      let length: number;
      if (j + 4 <= n) {
        w = view.getInt32(j, true);
        const flags = zeroBytes(w ^ QUOTES);
        if (flags === 0) {
          a = mixA(a, w);
          b = mixB(b, w);
          j += 4;
          continue;
        }
        length = lowest(flags);
      } else {
        // The chunk's last bytes, one at a time.
        w = 0;
        length = 0;
        while (j + length < n && buf[j + length] !== QUOTE) {
          w |= (buf[j + length] as number) << (8 * length);
          length++;
        }
        if (j + length >= n) break;
      }
      const end = j + length;
      const last = length === 0 ? 0 : w & (-1 >>> (32 - 8 * length));
      const slot = lookUp(mixA(a, last), mixB(b, last), end - at);
      if (slot !== -1) {
        this.stringEnd = end;
        this.slot = slot;
        return verdictOf(slot);
      }
      break;
    }
    // A name not seen before, or with escapes: read whole, and judged.
    let escaped = false;
    let k = at;
    while (k < n) {
      const c = buf[k];
      if (c === QUOTE) {
        this.stringEnd = k;
        const verdict = judge(buf.subarray(at, k), escaped);
        this.slot = escaped ? -1 : this.remember(buf, view, at, k, verdict);
        return verdict;
      }
      if (c === BACKSLASH) escaped = true;
      k += c === BACKSLASH ? 2 : 1;
    }
    return 0;
  }

  /**
   * Enters the name `buf[at..end)` (without escapes) in the table, hashed as nameVerdict hashes;
   * its slot, or -1.
   */
  private remember(buf: Uint8Array, view: DataView, at: number, end: number, verdict: number) {
    let a = SEED_A;
    let b = SEED_B;
    let j = at;
    for (; j + 4 <= end; j += 4) {
      const w = view.getInt32(j, true);
      a = mixA(a, w);
      b = mixB(b, w);
    }
    let last = 0;
    for (let i = 0; j + i < end; i++) last |= (buf[j + i] as number) << (8 * i);
    return enter(mixA(a, last), mixB(b, last), buf, at, end, verdict);
  }
}

const DIGITS = 0x30303030;
const HIGH_NIBBLES = 0xf0f0f0f0 | 0;

/**
 * Where the number or literal whose second byte is at `i` ends (the chunk's length when it ends
 * first). Ids and counts are most of them: their digits are passed four at a time.
 */
function literalEnd(buf: Uint8Array, view: DataView, at: number): number {
  const n = buf.length;
  let i = at;
  while (i + 4 <= n) {
    const w = view.getInt32(i, true);
    // Four digits: each byte 0x30–0x39, so its high nibble is 3, and still 3 with 6 added.
    if ((w & HIGH_NIBBLES) !== DIGITS || ((w + 0x06060606) & HIGH_NIBBLES) !== DIGITS) break;
    i += 4;
  }
  while (i < n && LITERAL_BYTES[buf[i] as number] === 1) i++;
  return i;
}

/** Moves `buf[from..to)` down to `at`, where what is passed on ends; the new end. */
function keep(buf: Uint8Array, from: number, to: number, at: number): number {
  if (from !== at) buf.copyWithin(at, from, to);
  return at + to - from;
}

function encodeAscii(text: string): number[] {
  return Array.from(text, (c) => c.charCodeAt(0));
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
