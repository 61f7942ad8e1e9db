/**
 * "Today" for everything that counts relative to it (how long ago a collection was crawled), read
 * in one place so that a chart and the list it opens use the same day, and tests can fix the day
 * by fixing the clock.
 */

/** The first instant of the current day in UTC, so every figure holds for the whole day. */
export function today(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}
