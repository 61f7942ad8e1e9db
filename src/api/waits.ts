/**
 * The waits the catalogue service asked for with Retry-After, kept per list (its address without
 * the query). Every request passes through here first, so no path asks that list again before the
 * wait is over: not the page, not a refetch on mount, focus or reconnect, not the navigation
 * prefetcher. Only the user's "Try again" lifts a wait early.
 */
import { HttpError } from './errors';

interface Wait {
  /** When the wait is over, in ms since the epoch. */
  until: number;
  /**
   * Set once the client has given up: requests fail with it at once, so the page keeps saying why.
   * Unset while the client is itself waiting to try again: other requests wait their turn.
   */
  refusal: HttpError | null;
}

const waits = new Map<string, Wait>();

function listOf(url: string): string {
  const { origin, pathname } = new URL(url);
  return origin + pathname;
}

/** The client will try `url`'s list again at `until`; nothing else asks it before then. */
export function pauseList(url: string, until: number): void {
  const current = waits.get(listOf(url));
  if (current?.refusal && current.until > Date.now()) return;
  waits.set(listOf(url), { until: Math.max(until, current?.until ?? 0), refusal: null });
}

/** The client gave up on `url`'s list with `refusal`; its wait holds for every request. */
export function refuseList(url: string, refusal: HttpError): void {
  if (refusal.retryAt === null) return;
  waits.set(listOf(url), { until: refusal.retryAt, refusal });
}

/**
 * Before a request: rejects at once while the service's wait holds after a refusal, and waits
 * (as long as `signal` allows) while the client is waiting to try again.
 */
export async function awaitTurn(url: string, signal: AbortSignal | undefined): Promise<void> {
  const key = listOf(url);
  for (;;) {
    const wait = waits.get(key);
    if (!wait) return;
    const now = Date.now();
    if (wait.until <= now) {
      waits.delete(key);
      return;
    }
    if (wait.refusal) throw wait.refusal.again(url, now);
    await sleep(wait.until - now, signal);
  }
}

/** Whether `error` is a refusal whose wait still holds: asking again would only be refused. */
export function waitHolds(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  const wait = waits.get(listOf(error.url));
  return wait?.refusal != null && wait.until > Date.now();
}

/** "Try again": the user asks now, whatever the service asked. */
export function liftWait(error: unknown): void {
  if (error instanceof HttpError) waits.delete(listOf(error.url));
}

/** Forgets every wait (between tests). */
export function clearWaits(): void {
  waits.clear();
}

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}
