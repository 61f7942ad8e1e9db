/**
 * The worker thread that removes credentials from JSON answers beside the server's own thread
 * (see off-thread.ts): each answer is a stream of its own here, with a JSON stripper (json.ts) of
 * its own, fed its chunks in order and giving back, in order, what may be passed on. The chunks
 * cross both ways by transfer, not by copy. The messages are typed below, for both sides.
 */
import { parentPort } from 'node:worker_threads';
import { JsonSecretStripper, UnreadableJsonError } from './json';

/** To the worker: a chunk of answer `stream`, or the end of that answer (or its being dropped). */
export type ToWorker =
  | { stream: number; chunk: Uint8Array<ArrayBuffer> }
  | { stream: number; close: true };

/**
 * From the worker: that it is ready, then per chunk what may be passed on, or why the answer
 * stopped being JSON (after which its later chunks get nothing back).
 */
export type FromWorker =
  | { ready: true }
  | { stream: number; chunk: Uint8Array<ArrayBuffer> }
  | { stream: number; error: string; unreadable: boolean };

const port = parentPort;
if (port !== null) {
  const streams = new Map<number, JsonSecretStripper | null>();
  port.on('message', (message: ToWorker) => {
    const { stream } = message;
    if ('close' in message) {
      streams.delete(stream);
      return;
    }
    let stripper = streams.get(stream);
    if (stripper === null) return; // it failed: the rest goes nowhere
    if (stripper === undefined) {
      stripper = new JsonSecretStripper();
      streams.set(stream, stripper);
    }
    let reply: FromWorker;
    try {
      const out = stripper.write(message.chunk) as Uint8Array<ArrayBuffer>;
      reply = { stream, chunk: out };
    } catch (error) {
      streams.set(stream, null);
      const unreadable = error instanceof UnreadableJsonError;
      reply = { stream, error: unreadable ? error.message : 'unreadable', unreadable };
    }
    port.postMessage(reply, 'chunk' in reply ? [reply.chunk.buffer] : []);
  });
  port.postMessage({ ready: true } satisfies FromWorker);
}
