/**
 * No guessing: at most `limit` failed sign-ins per key (a user name, a client address) in
 * `windowMs`. Attempts being checked count against the limit until their answer is known, so a
 * burst of guesses sent at once is held to the limit too.
 */

export interface Throttle {
  /**
   * Starts an attempt under every key: `settle` (with whether it failed) when it is answered; or,
   * when a key has had its fill, how long until it may try again.
   */
  attempt(
    keys: readonly string[],
    now: number,
  ): { settle: (failed: boolean, at: number) => void } | { retryAfterMs: number };
  /** Forgets the failures under `key` (a user who signed in). */
  forgive(key: string): void;
  /** Forgets failures older than the window. */
  sweep(now: number): void;
}

interface Tally {
  failures: number[];
  pending: number;
}

export function createThrottle(limit: number, windowMs: number, mostKeys = 100_000): Throttle {
  const tallies = new Map<string, Tally>();
  const recent = (tally: Tally, now: number) => {
    while (tally.failures.length > 0 && now - (tally.failures[0] as number) >= windowMs) {
      tally.failures.shift();
    }
    return tally.failures.length + tally.pending;
  };
  const tallyOf = (key: string) => {
    let tally = tallies.get(key);
    if (tally === undefined) {
      if (tallies.size >= mostKeys) {
        const oldest = tallies.keys().next().value;
        if (oldest !== undefined) tallies.delete(oldest);
      }
      tally = { failures: [], pending: 0 };
      tallies.set(key, tally);
    }
    return tally;
  };
  return {
    attempt(keys, now) {
      let retryAfterMs = 0;
      for (const key of keys) {
        const tally = tallies.get(key);
        if (tally === undefined || recent(tally, now) < limit) continue;
        // When the oldest failure leaves the window; a second if only attempts under way fill it.
        const oldest = tally.failures[0];
        const wait = oldest === undefined ? 1000 : oldest + windowMs - now;
        retryAfterMs = Math.max(retryAfterMs, wait, 1000);
      }
      if (retryAfterMs > 0) return { retryAfterMs };
      const counted = keys.map(tallyOf);
      for (const tally of counted) tally.pending++;
      let settled = false;
      return {
        settle(failed, at) {
          if (settled) return;
          settled = true;
          for (const tally of counted) {
            tally.pending--;
            if (failed) tally.failures.push(at);
          }
        },
      };
    },
    forgive(key) {
      const tally = tallies.get(key);
      if (tally) tally.failures = [];
    },
    sweep(now) {
      for (const [key, tally] of tallies) {
        if (recent(tally, now) === 0) tallies.delete(key);
      }
    },
  };
}
