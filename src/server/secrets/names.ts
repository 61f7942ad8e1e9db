/**
 * The field names the JSON stripper (json.ts) has seen, shared by every answer the process sends,
 * each with its verdict (kept or secret), so that a name is decoded and judged only once.
 *
 * A name is found two ways. By a 64-bit hash of its bytes (two 32-bit lanes of its words, from a
 * random start) and its length, in an open-addressed table. And, before that, by a guess: the
 * records of a list repeat their fields in the same order, so the name that followed the previous
 * one at the same depth last time is likely to follow it again; the guess is taken only when the
 * bytes are that name's exactly (compared a word at a time, its closing quote and colon included),
 * so a wrong guess costs a comparison and never a wrong verdict.
 *
 * Names with escapes are never entered: they are decoded every time. The table stops growing at
 * MOST names; a service with endless distinct names then has the rest judged one by one.
 */

const SLOTS = 1 << 13;
const MOST = SLOTS >>> 1;
const slotA = new Int32Array(SLOTS);
const slotB = new Int32Array(SLOTS);
const slotLength = new Int32Array(SLOTS);
/** 1 kept, 2 secret, 0 an empty slot. */
const slotVerdict = new Uint8Array(SLOTS);
let entered = 0;

/**
 * Where each name's hash starts: random for each server process, so that nobody can work out
 * offline a kept name whose hash and length equal a secret name's (the table trusts a match
 * without reading the bytes again, and is shared by every answer the process sends).
 */
const SEEDS = crypto.getRandomValues(new Int32Array(2));
export const SEED_A = SEEDS[0] ?? 0;
export const SEED_B = SEEDS[1] ?? 0;

/** A name's hash, word by word (the last word's bytes past the name are zero). */
export const mixA = (h: number, w: number) => Math.imul(h ^ w, 0x9e3779b1);
export const mixB = (h: number, w: number) => Math.imul((h + w) | 0, 0x85ebca77) ^ (h >>> 15);

/** The slot of the name with this hash and length, or -1. */
export function lookUp(a: number, b: number, length: number): number {
  for (let slot = a & (SLOTS - 1); ; slot = (slot + 1) & (SLOTS - 1)) {
    const verdict = slotVerdict[slot] as number;
    if (verdict === 0) return -1;
    if (slotA[slot] === a && slotB[slot] === b && slotLength[slot] === length) return slot;
  }
}

/** 1 kept, 2 secret. */
export const verdictOf = (slot: number) => slotVerdict[slot] as number;

/**
 * Each entered name's bytes followed by `":`, as little-endian words (the last one's bytes past
 * the colon zero), for the guesses; names longer than LONGEST_GUESS bytes are not kept here.
 */
const LONGEST_GUESS = 62;
const words = new Int32Array(1 << 16);
let wordsUsed = 0;
const wordsAt = new Int32Array(SLOTS);
/** The length in bytes of a slot's words (its name, quote and colon), 0 when it has none. */
const wordsLength = new Uint8Array(SLOTS);
/** Of the last word of `r` bytes (r = 1–3), the bits that are those bytes. */
const LAST = [0, 0xff, 0xffff, 0xffffff];

/** The name that followed each name last time at the same depth (modulo 4), or -1. */
const after = new Int32Array(SLOTS * 4).fill(-1);
/** The first name of the last object at each depth (modulo 64), or -1. */
const first = new Int32Array(64).fill(-1);

/**
 * Enters the name `bytes[at..end)` (without escapes) with its hash and verdict; its slot, or -1
 * when the table is full.
 */
export function enter(
  a: number,
  b: number,
  bytes: Uint8Array,
  at: number,
  end: number,
  verdict: number,
): number {
  if (entered >= MOST) return -1;
  const length = end - at;
  let slot = a & (SLOTS - 1);
  while (slotVerdict[slot] !== 0) slot = (slot + 1) & (SLOTS - 1);
  slotA[slot] = a;
  slotB[slot] = b;
  slotLength[slot] = length;
  slotVerdict[slot] = verdict;
  entered++;
  const count = (length + 2 + 3) >>> 2;
  if (length <= LONGEST_GUESS && wordsUsed + count <= words.length) {
    wordsAt[slot] = wordsUsed;
    wordsLength[slot] = length + 2;
    for (let i = 0; i < length + 2; i++) {
      const byte = i < length ? (bytes[at + i] as number) : i === length ? 0x22 : 0x3a;
      words[wordsUsed + (i >>> 2)] =
        (words[wordsUsed + (i >>> 2)] as number) | (byte << (8 * (i & 3)));
    }
    wordsUsed += count;
  }
  return slot;
}

/** The name likely to follow `previous` (a slot, or -1 at an object's start) at `depth`, or -1. */
export function guess(previous: number, depth: number): number {
  return previous === -1
    ? (first[depth & 63] as number)
    : (after[(previous << 2) | (depth & 3)] as number);
}

/** Notes that `slot` followed `previous` at `depth`, for the next guess. */
export function follows(previous: number, depth: number, slot: number): void {
  if (previous === -1) first[depth & 63] = slot;
  else after[(previous << 2) | (depth & 3)] = slot;
}

/**
 * Whether the bytes at `at` (in a view of `n` bytes) are the name of `slot` followed by `":`;
 * the index of its closing quote if so, or -1 (also when the chunk ends too soon to tell).
 */
export function matchAt(slot: number, view: DataView, at: number, n: number): number {
  const length = wordsLength[slot] as number;
  if (length === 0 || at + ((length + 3) & ~3) > n) return -1;
  let k = wordsAt[slot] as number;
  let j = at;
  const whole = at + (length & ~3);
  for (; j < whole; j += 4, k++) if (view.getInt32(j, true) !== words[k]) return -1;
  const rest = length & 3;
  if (rest !== 0 && (view.getInt32(j, true) & (LAST[rest] as number)) !== words[k]) return -1;
  return at + length - 2;
}
