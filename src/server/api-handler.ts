import type { CatalogueApi } from './catalogue/engine';
import { alreadyClean } from './secrets/strip';
import type { Account } from './sign-in/sessions';

/** What a handler may do to the browser's connection beyond answering, and whom it answers. */
export interface ApiConnection {
  /**
   * Drops the connection at once. For a body that fails half-way: ending it normally would pass a
   * truncated list off as complete, so the browser must see the answer cut off instead.
   */
  drop(): void;
  /** With --sign-in: the signed-in person, whose own credentials the service is asked with. */
  account?: Account | undefined;
}

/** Answers `/api/*` requests; the embedded catalogue and the upstream proxy both take this shape. */
export type ApiHandler = (request: Request, connection?: ApiConnection) => Promise<Response>;

export interface EmbeddedOptions {
  /**
   * Lists longer than this wait for a turn to be written: longer than the explorer's largest
   * pages (`maxPageSize` in src/api/config.ts), so the explorer's own pages never wait.
   */
  queueAbove?: number;
  /** How many such lists are written at once. */
  atOnce?: number;
  /**
   * The catalogue's records hold no credentials (`removeSecretFields` ran on them before the
   * engine was made): its answers pass without the streaming removal.
   */
  clean?: boolean;
}

/**
 * The embedded API over HTTP. A list longer than a chunk is written chunk by chunk as the
 * connection takes them, so its memory is a chunk or two, not the list; a whole list (longer than
 * `queueAbove` records) also waits for one of `atOnce` turns, so that many clients asking for
 * everything at once are served one after another, each at full speed, and none fails.
 */
export function embeddedApiHandler(api: CatalogueApi, options: EmbeddedOptions = {}): ApiHandler {
  const queueAbove = options.queueAbove ?? 50_000;
  const turns = createTurns(options.atOnce ?? 2);
  return (request) => {
    const url = new URL(request.url);
    const answer = api.answer(request.method, url.pathname + url.search);
    const { status, headers, body } = answer;
    const payload =
      body === null || ArrayBuffer.isView(body)
        ? body
        : chunkStream(body, answer.records > queueAbove ? turns : null, !options.clean);
    const response = new Response(payload, { status, headers });
    return Promise.resolve(options.clean ? alreadyClean(response) : response);
  };
}

/** Turns to take and give back; those who ask when none is free wait in the order they asked. */
interface Turns {
  take(): Promise<() => void>;
}

function createTurns(count: number): Turns {
  let free = count;
  const waiting: (() => void)[] = [];
  const giveBack = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  const handle = () => {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      giveBack();
    };
  };
  return {
    take() {
      if (free > 0) {
        free--;
        return Promise.resolve(handle());
      }
      return new Promise((resolve) => {
        waiting.push(() => {
          resolve(handle());
        });
      });
    },
  };
}

/**
 * Each chunk is made when the connection asks for the next, after a turn when `turns` is given.
 * Chunks are the engine's shared storage: with `copy` (an answer the credentials' removal reads,
 * which may write into a chunk) each is copied first.
 */
function chunkStream(
  chunks: Iterable<Uint8Array<ArrayBuffer>>,
  turns: Turns | null,
  copy: boolean,
): ReadableStream<Uint8Array<ArrayBuffer>> {
  let iterator: Iterator<Uint8Array<ArrayBuffer>> | undefined;
  let giveBack: (() => void) | null = null;
  let cancelled = false;
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    async pull(controller) {
      if (!iterator) {
        if (turns) giveBack = await turns.take();
        // The browser may have gone while this list waited: its turn goes to the next.
        if (cancelled) {
          giveBack?.();
          return;
        }
        iterator = chunks[Symbol.iterator]();
      }
      const next = iterator.next();
      if (next.done) {
        giveBack?.();
        controller.close();
      } else {
        controller.enqueue(copy ? next.value.slice() : next.value);
      }
    },
    cancel() {
      cancelled = true;
      giveBack?.();
      iterator?.return?.();
    },
  });
}

/** A JSON error in the service's own style: `{"detail": "..."}`. */
export function detailResponse(status: number, detail: string): Response {
  return new Response(JSON.stringify({ detail }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
