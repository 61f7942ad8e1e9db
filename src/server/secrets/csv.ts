/**
 * Removes credential columns from CSV as it streams (the service's `format=csv`): the header names
 * the columns, and every column whose name is a secret name (src/contract/secret-names.ts) is left
 * out of every record, the header included. Fields are read as RFC 4180 writes them (quoted fields
 * with commas, quotes and line breaks inside), so a line break inside a value never starts a record.
 */
import { isSecretName } from '../../contract/secret-names';
import { concat } from './json';

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const CR_BYTE = new Uint8Array([CR]);
const LF = 0x0a;
/** A header longer than this is not read. */
const LONGEST_HEADER = 1 << 20;

export class CsvSecretStripper {
  /** The header's bytes while it arrives; null once its columns are known. */
  private header: Uint8Array | null = new Uint8Array(0);
  /** Per column: whether it is left out. */
  private drop: boolean[] = [];
  private column = 0;
  private inQuotes = false;
  /** Inside quotes, the last byte was a quote: the field's end or the first of a doubled quote. */
  private quoteSeen = false;
  /** Whether the current record has passed on a field yet. */
  private keptInRecord = false;
  /** Whether the current field is left out. */
  private dropping = false;
  /** Whether the last byte read, outside quotes, was a carriage return. */
  private crBefore = false;

  write(chunk: Uint8Array): Uint8Array {
    if (this.header === null) return this.records(chunk);
    const joined = new Uint8Array(this.header.length + chunk.length);
    joined.set(this.header);
    joined.set(chunk, this.header.length);
    if (headerEnd(joined) === -1) {
      if (joined.length > LONGEST_HEADER) throw new Error('the CSV header is too long to read');
      this.header = joined;
      return new Uint8Array(0);
    }
    return this.start(joined);
  }

  /** What was held back at the end: a header that never ended, less its secret columns. */
  end(): Uint8Array {
    return this.header === null ? new Uint8Array(0) : this.start(this.header);
  }

  /** The columns are known from the header at the start of `buf`: from here on, records. */
  private start(buf: Uint8Array): Uint8Array {
    const end = headerEnd(buf);
    this.drop = headerNames(buf.subarray(0, end === -1 ? buf.length : end)).map(isSecretName);
    this.header = null;
    this.dropping = this.drop[0] === true;
    this.keptInRecord = !this.dropping;
    return this.records(buf);
  }

  private records(buf: Uint8Array): Uint8Array {
    const pieces: Uint8Array[] = [];
    /** The start of what is still to be passed on, or -1 while a field is left out. */
    let from = this.dropping ? -1 : 0;
    const stop = (at: number) => {
      if (from !== -1 && at > from) pieces.push(buf.subarray(from, at));
      from = -1;
    };
    for (let i = 0; i < buf.length; i++) {
      const b = buf[i] as number;
      const crBefore = this.crBefore;
      this.crBefore = false;
      if (this.inQuotes) {
        if (!this.quoteSeen) {
          if (b === QUOTE) this.quoteSeen = true;
          continue;
        }
        this.quoteSeen = false;
        if (b === QUOTE) continue; // a doubled quote
        this.inQuotes = false;
      }
      if (b === QUOTE) {
        this.inQuotes = true;
      } else if (b === CR) {
        this.crBefore = true;
      } else if (b === COMMA) {
        // Field `column` ends; the next begins after this comma.
        this.column++;
        const next = this.drop[this.column] === true;
        if (next) {
          // Its comma goes with it.
          stop(i);
        } else if (!this.keptInRecord) {
          // Every field before it was left out: so is this comma.
          stop(i);
          from = i + 1;
        } else if (from === -1) {
          from = i;
        }
        this.dropping = next;
        if (!next) this.keptInRecord = true;
      } else if (b === LF) {
        // The record ends, and the next begins after the line feed. A carriage return before it
        // (perhaps in the last chunk) goes with it, whatever became of the field it followed.
        if (from === -1) {
          if (crBefore) pieces.push(CR_BYTE);
          from = i;
        }
        this.column = 0;
        this.dropping = this.drop[0] === true;
        this.keptInRecord = !this.dropping;
        if (this.dropping) stop(i + 1);
      }
    }
    if (from !== -1 && buf.length > from) pieces.push(buf.subarray(from));
    return concat(pieces);
  }
}

/** Where the header record ends (its line feed), or -1 when it has not yet. */
function headerEnd(bytes: Uint8Array): number {
  let quoted = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === QUOTE) quoted = !quoted;
    else if (b === LF && !quoted) return i;
  }
  return -1;
}

/** The column names of a header record. */
function headerNames(bytes: Uint8Array): string[] {
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  const names: string[] = [];
  let name = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        name += '"';
        i++;
      } else if (c === '"') quoted = false;
      else name += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      names.push(name);
      name = '';
    } else if (c !== '\r' && c !== '\n') name += c;
  }
  names.push(name);
  return names;
}
