/**
 * A zip file (PKWARE APPNOTE 6.3) written a part at a time, for the spreadsheet formats: each part
 * of a member is compressed (fflate's raw deflate) as it is pushed, so a sheet of 100,000 rows is
 * compressed slice by slice, never in one long task, and the file is kept as parts for a Blob.
 * Each member's header goes before its data once the member ends, with its checksum and sizes, so
 * the file has no data descriptors: an OpenDocument file's `mimetype` must be stored as is, first,
 * where any reader can find it (fflate's own streaming zip describes every member after its data,
 * which readers of a stored member cannot follow).
 */
import { Deflate } from 'fflate';

export interface ZipMember {
  /** Adds text to the member, compressed at once. */
  readonly push: (text: string) => void;
  /** Ends the member. */
  readonly end: () => void;
}

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** CRC-32 of `bytes`, continuing from `crc` (start with 0). */
function crc32(bytes: Uint8Array, crc: number): number {
  let c = ~crc;
  for (let i = 0; i < bytes.length; i++)
    c = (CRC_TABLE[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return ~c >>> 0;
}

interface Entry {
  readonly name: Uint8Array;
  readonly method: 0 | 8;
  readonly crc: number;
  readonly compressed: number;
  readonly size: number;
  readonly offset: number;
}

/** MS-DOS time and date of a moment, as zip keeps them. */
function dosTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date:
      ((Math.max(1980, date.getFullYear()) - 1980) << 9) |
      ((date.getMonth() + 1) << 5) |
      date.getDate(),
  };
}

export class ZipParts {
  private readonly parts: Uint8Array[] = [];
  private readonly entries: Entry[] = [];
  private readonly encoder = new TextEncoder();
  private readonly when = dosTime(new Date());
  private offset = 0;
  private open = false;

  private header(entry: Omit<Entry, 'offset'>, central: boolean): Uint8Array {
    const bytes = new Uint8Array((central ? 46 : 30) + entry.name.length);
    const view = new DataView(bytes.buffer);
    let at = 0;
    const u16 = (n: number) => {
      view.setUint16(at, n, true);
      at += 2;
    };
    const u32 = (n: number) => {
      view.setUint32(at, n, true);
      at += 4;
    };
    u32(central ? 0x02014b50 : 0x04034b50);
    if (central) u16(20);
    u16(20);
    u16(0);
    u16(entry.method);
    u16(this.when.time);
    u16(this.when.date);
    u32(entry.crc);
    u32(entry.compressed);
    u32(entry.size);
    u16(entry.name.length);
    u16(0);
    if (central) {
      u16(0);
      u16(0);
      u16(0);
      u32(0);
      u32(this.offset);
    }
    bytes.set(entry.name, at);
    return bytes;
  }

  private add(name: string, method: 0 | 8, crc: number, size: number, data: Uint8Array[]) {
    if (this.open) throw new Error('A zip member is still being written.');
    const compressed = data.reduce((sum, part) => sum + part.length, 0);
    if (this.offset + compressed > 0xffff_fff0) throw new RangeError('The file is too large.');
    const entry = { name: this.encoder.encode(name), method, crc, compressed, size };
    const local = this.header(entry, false);
    this.entries.push({ ...entry, offset: this.offset });
    this.parts.push(local, ...data);
    this.offset += local.length + compressed;
  }

  /** A member kept uncompressed (an OpenDocument file's `mimetype`, which must come first). */
  stored(name: string, text: string): void {
    const bytes = this.encoder.encode(text);
    this.add(name, 0, crc32(bytes, 0), bytes.length, [bytes]);
  }

  /** A member written whole. */
  file(name: string, text: string): void {
    const member = this.member(name);
    member.push(text);
    member.end();
  }

  /** A member written in parts, compressed as they come. */
  member(name: string): ZipMember {
    const data: Uint8Array[] = [];
    let crc = 0;
    let size = 0;
    const deflate = new Deflate({ level: 6 }, (chunk) => {
      data.push(chunk);
    });
    this.open = true;
    return {
      push: (text) => {
        const bytes = this.encoder.encode(text);
        crc = crc32(bytes, crc);
        size += bytes.length;
        deflate.push(bytes);
      },
      end: () => {
        deflate.push(new Uint8Array(0), true);
        this.open = false;
        this.add(name, 8, crc, size, data);
      },
    };
  }

  /** The whole file's parts: the members, then the central directory. */
  end(): Uint8Array[] {
    const start = this.offset;
    for (const entry of this.entries) {
      const saved = this.offset;
      this.offset = entry.offset;
      const central = this.header(entry, true);
      this.offset = saved + central.length;
      this.parts.push(central);
    }
    const tail = new Uint8Array(22);
    const view = new DataView(tail.buffer);
    view.setUint32(0, 0x06054b50, true);
    view.setUint16(8, this.entries.length, true);
    view.setUint16(10, this.entries.length, true);
    view.setUint32(12, this.offset - start, true);
    view.setUint32(16, start, true);
    this.parts.push(tail);
    return this.parts;
  }
}
