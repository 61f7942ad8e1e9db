/**
 * Distinct strings numbered in the order they were added, found again by their text: what a
 * `Map<string, number>` does, for the catalogue's own text (addresses, titles, metadata values).
 *
 * Chromium's V8 internalizes every string used as a `Map` or `Set` key: the string moves into
 * the engine's string table and stays there as long as it lives. Every major garbage collection
 * walks that table while the page is paused, so the 100,000 distinct addresses and titles that a
 * list's sort dictionaries kept as map keys added 10 to 20 ms to each such pause, enough to drop
 * frames while scrolling. This index hashes the text itself and leaves the strings as they are.
 */

/** Characters hashed from each end of a long string; the rest is left to the equality check. */
const ENDS = 32;

/** A 32-bit hash of a string's length and characters (all of them, or both ends of long ones). */
function hashOf(text: string): number {
  const n = text.length;
  let h = n | 0;
  if (n <= 2 * ENDS) {
    for (let i = 0; i < n; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  } else {
    for (let i = 0; i < ENDS; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
    for (let i = n - ENDS; i < n; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  }
  // A finalizer spreads the bits, since the table uses the low ones.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

export class StringIndex {
  /** The strings, by number. */
  readonly strings: string[] = [];
  private hashes = new Int32Array(16);
  /** Open addressing: number + 1 of the string in each slot, 0 for an empty one. */
  private slots = new Int32Array(32);
  private mask = 31;

  constructor(strings: Iterable<string> = []) {
    for (const s of strings) this.add(s);
  }

  get size(): number {
    return this.strings.length;
  }

  /** The number of `text`, or -1 when it was never added. */
  indexOf(text: string): number {
    const h = hashOf(text);
    const { slots, hashes, strings, mask } = this;
    for (let at = h & mask; ; at = (at + 1) & mask) {
      const k = (slots[at] as number) - 1;
      if (k < 0) return -1;
      if (hashes[k] === h && strings[k] === text) return k;
    }
  }

  /** The number of `text`, added as the next number when it is new. */
  add(text: string): number {
    const h = hashOf(text);
    const { slots, hashes, strings, mask } = this;
    let at = h & mask;
    for (; ; at = (at + 1) & mask) {
      const k = (slots[at] as number) - 1;
      if (k < 0) break;
      if (hashes[k] === h && strings[k] === text) return k;
    }
    const k = strings.length;
    strings.push(text);
    if (k === hashes.length) {
      const grown = new Int32Array(2 * k);
      grown.set(hashes);
      this.hashes = grown;
    }
    this.hashes[k] = h;
    slots[at] = k + 1;
    // At most half full, so that probes stay short.
    if (2 * strings.length > mask) this.grow();
    return k;
  }

  private grow(): void {
    const mask = 2 * (this.mask + 1) - 1;
    const slots = new Int32Array(mask + 1);
    const { hashes } = this;
    for (let k = 0; k < this.strings.length; k++) {
      let at = (hashes[k] as number) & mask;
      while (slots[at] !== 0) at = (at + 1) & mask;
      slots[at] = k + 1;
    }
    this.slots = slots;
    this.mask = mask;
  }
}
