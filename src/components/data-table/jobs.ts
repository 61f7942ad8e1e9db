/**
 * Sorting work runs as resumable jobs: generators that yield every few thousand steps, so a caller
 * can run one to the end at once, or in slices until a deadline while the page stays responsive.
 */
export type Job<T> = Generator<undefined, T, undefined>;

/** Collator calls between yields: about 0.3 ms of work. */
export const SLICE = 1024;
/** Rows read between yields (a power of two, less one): about 1 ms of work. */
export const ROW_SLICE_MASK = 8191;
