/**
 * A stand-in for the browser's Worker that runs the list worker's own code (`serveExchanges`, with
 * its fast routes) on what it is sent, copied or moved as postMessage would, with the page's fetch
 * (so MSW answers it). It can also fail to start, or die once it has answered.
 */
import { vi } from 'vitest';
import { serveExchanges, type ToWorker, type WorkerScope } from '../../src/api/exchange';
import { exchangesRunIn } from '../../src/api/exchange-runner';
import { LIST_WORKER_ROUTES } from '../../src/api/fast-seed';

export interface FakeWorker {
  /** Exchanges it was asked for, and cancellations. */
  readonly asked: number;
  readonly cancelled: number;
}

export function installFakeWorker(behaviour: 'works' | 'fails' | 'dies' = 'works'): FakeWorker[] {
  const started: FakeWorker[] = [];
  class Fake implements FakeWorker {
    onmessage: ((event: MessageEvent) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    asked = 0;
    cancelled = 0;
    private terminated = false;
    /** Exchanges under way in its scope, cancelled when it is terminated. */
    private readonly running = new Set<number>();
    private readonly scope: WorkerScope = {
      onmessage: null,
      postMessage: (message, transfer) => {
        this.running.delete(message.id);
        const data: unknown = structuredClone(message, { transfer });
        setTimeout(() => {
          if (!this.terminated) this.onmessage?.(new MessageEvent('message', { data }));
        }, 0);
      },
    };
    constructor() {
      started.push(this);
      serveExchanges(this.scope, LIST_WORKER_ROUTES);
    }
    postMessage(message: ToWorker) {
      if (this.terminated) return;
      if ('cancel' in message) this.cancelled++;
      else this.asked++;
      const data = structuredClone(message);
      const answered = this.asked > 1;
      setTimeout(() => {
        if (this.terminated) return;
        if (behaviour === 'fails' || (behaviour === 'dies' && answered)) {
          this.onerror?.(new Event('error'));
          return;
        }
        if (!('cancel' in data)) this.running.add(data.id);
        this.scope.onmessage?.(new MessageEvent('message', { data }));
      }, 0);
    }
    /** Stops, as a worker does: what it was doing ends, and it answers nothing more. */
    terminate() {
      this.terminated = true;
      for (const id of this.running) {
        this.scope.onmessage?.(new MessageEvent('message', { data: { id, cancel: true } }));
      }
      this.running.clear();
    }
  }
  vi.stubGlobal('Worker', Fake);
  exchangesRunIn('by size');
  return started;
}

/** Back to the page's own Worker (none in jsdom), and exchanges placed by size. */
export function removeFakeWorker(): void {
  vi.unstubAllGlobals();
  exchangesRunIn('by size');
}
