/**
 * Where answers are parsed: big ones in the worker, small ones in the page, and every one in the
 * page when the worker cannot start or dies, with the same result each way.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseInPage, parsePage, type ParseRequest } from '../../../src/api/page-parser';
import { readPage, transferablesOf } from '../../../src/api/read-page';
import { toPlain, blockRows } from '../../../src/api/row-block';
import { createCatalogueApi } from '../../../src/server/catalogue/engine';
import { generateCatalogue } from '../../../src/server/catalogue/generate';

const engine = createCatalogueApi(generateCatalogue({ seeds: 1_200 }));
const answer = (limit: number) =>
  new TextEncoder().encode(
    engine.handle('GET', `/api/seed?format=api&limit=${String(limit)}`).body ?? '',
  ).buffer;

/**
 * A stand-in for the browser's Worker: it runs the worker's code on what it is sent (moved or
 * copied, as postMessage would), fails to start, dies after its first answer, or answers that
 * it could not read an answer.
 */
function fakeWorker(behaviour: 'works' | 'fails' | 'dies' | 'refuses') {
  const started: FakeWorker[] = [];
  class FakeWorker {
    onmessage: ((event: MessageEvent) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    received = 0;
    moved = 0;
    constructor() {
      started.push(this);
    }
    postMessage(request: ParseRequest, transfer: Transferable[] = []) {
      this.received++;
      if (transfer.length > 0) this.moved++;
      const copy = structuredClone(request, { transfer });
      const answered = this.received > 1;
      setTimeout(() => {
        if (behaviour === 'fails' || (behaviour === 'dies' && answered)) {
          this.onerror?.(new Event('error'));
          return;
        }
        if (behaviour === 'refuses') {
          const data = { id: copy.id, failed: 'no', bytes: copy.bytes };
          this.onmessage?.(
            new MessageEvent('message', {
              data: structuredClone(data, { transfer: [copy.bytes] }),
            }),
          );
          return;
        }
        const reading = readPage(copy.resource, copy.bytes, copy.firstIndex, copy.contentType);
        const data = structuredClone(
          { id: copy.id, reading },
          { transfer: transferablesOf(reading) },
        );
        this.onmessage?.(new MessageEvent('message', { data }));
      }, 5);
    }
    terminate() {}
  }
  vi.stubGlobal('Worker', FakeWorker);
  parseInPage(false);
  return started;
}

afterEach(() => {
  vi.unstubAllGlobals();
  parseInPage(false);
});

const rowsOf = (reading: Awaited<ReturnType<typeof parsePage>>) =>
  reading.ok ? blockRows(reading.block).map(toPlain) : reading.reason;

describe('parsing answers', () => {
  it('sends big answers to the worker and gets the same rows the page would make', async () => {
    const workers = fakeWorker('works');
    const bytes = answer(1_000);
    expect(bytes.byteLength).toBeGreaterThan(256 * 1024);
    const inPage = readPage('seed', bytes.slice(0), 0, 'application/json');
    const viaWorker = await parsePage('seed', bytes, 0, 'application/json');
    expect(workers).toHaveLength(1);
    expect(workers[0]?.received).toBe(1);
    expect(rowsOf(viaWorker)).toEqual(rowsOf(inPage));
  });

  it('reads small answers in the page, without starting a worker', async () => {
    const workers = fakeWorker('works');
    const reading = await parsePage('seed', answer(20), 0, 'application/json');
    expect(reading.ok && reading.block.length).toBe(20);
    expect(workers).toHaveLength(0);
  });

  it('reads in the page when the worker fails, the answers it held included', async () => {
    fakeWorker('fails');
    const [a, b] = await Promise.all([
      parsePage('seed', answer(1_000), 0, 'application/json'),
      parsePage('seed', answer(1_100), 0, 'application/json'),
    ]);
    expect(a.ok && a.block.length).toBe(1_000);
    expect(b.ok && b.block.length).toBe(1_100);
  });

  it('moves the bytes to a worker that has answered before, and copies them until then', async () => {
    const workers = fakeWorker('works');
    const first = answer(1_000);
    await parsePage('seed', first, 0, 'application/json');
    expect(first.byteLength).toBeGreaterThan(0);
    const second = answer(1_000);
    const reading = await parsePage('seed', second, 0, 'application/json');
    expect(workers[0]?.moved).toBe(1);
    expect(second.byteLength).toBe(0);
    expect(rowsOf(reading)).toEqual(rowsOf(readPage('seed', answer(1_000), 0, 'application/json')));
  });

  it('reads in the page what a worker gives back unread, moved bytes included', async () => {
    fakeWorker('refuses');
    const pages = [answer(1_000), answer(1_100)];
    const a = await parsePage('seed', pages[0] as ArrayBuffer, 0, 'application/json');
    const b = await parsePage('seed', pages[1] as ArrayBuffer, 0, 'application/json');
    expect(a.ok && a.block.length).toBe(1_000);
    expect(b.ok && b.block.length).toBe(1_100);
  });

  it('fails only the answers a dying worker held, and reads the rest in the page', async () => {
    fakeWorker('dies');
    await parsePage('seed', answer(1_000), 0, 'application/json');
    await expect(parsePage('seed', answer(1_000), 0, 'application/json')).rejects.toThrow(
      /try again/,
    );
    const after = await parsePage('seed', answer(1_100), 0, 'application/json');
    expect(after.ok && after.block.length).toBe(1_100);
  });

  it('reads in the page where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    parseInPage(false);
    const reading = await parsePage('seed', answer(1_000), 0, 'application/json');
    expect(reading.ok && reading.block.length).toBe(1_000);
  });
});
