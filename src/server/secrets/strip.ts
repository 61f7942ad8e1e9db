/**
 * Every answer under /api/, from the embedded catalogue or from the service, leaves the server
 * without credentials: its body streams through the JSON stripper (json.ts) or, for the service's
 * CSV, the CSV one (csv.ts). The browser reads any body as JSON whatever its label, so the label
 * does not decide: a body that starts with an object or a list (after white space and a byte-order
 * mark) is stripped as JSON, one that starts with anything else holds no fields to remove (a
 * number, a string, an error page) and passes as it is, and CSV is stripped as CSV. The embedded
 * catalogue's own answers need none of it: their records lost their credentials at start.
 *
 * The removal works in the memory of the chunks it reads (what it leaves out is squeezed out where
 * it lay), so a body must give each chunk once, as a network read does: a producer that sends one
 * buffer again and again sends copies.
 */
import type { ApiConnection } from '../api-handler';
import { CsvSecretStripper } from './csv';
import { concat, JsonSecretStripper, UnreadableJsonError } from './json';

interface Stripper {
  write(chunk: Uint8Array): Uint8Array;
}

export interface StripOptions {
  /** Where to report an answer that stopped being JSON, one line; never given its content. */
  log?: ((line: string) => void) | undefined;
  /** The request it answers, as the log names it: method and path. */
  where: string;
  connection?: ApiConnection | undefined;
}

/** Passes bytes on unchanged: a body that is not an object or a list. */
const PASS: Stripper = { write: (chunk) => chunk };

/** At most this much white space is read before a body that is nothing else is passed on. */
const LONGEST_LEAD = 64 * 1024;

/** Answers made from records whose credentials were removed at start (see catalogue.ts). */
const clean = new WeakSet<Response>();

/** Marks an answer as made from records without credentials: it passes as it is. */
export function alreadyClean(response: Response): Response {
  clean.add(response);
  return response;
}

export function withoutSecrets(response: Response, options: StripOptions): Response {
  if (response.body === null || clean.has(response)) return response;
  const csv = /^\s*text\/csv\b/i.test(response.headers.get('content-type') ?? '');
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(stripped(response.body, csv, options), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

function stripped(
  body: ReadableStream<Uint8Array>,
  csv: boolean,
  options: StripOptions,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let stripper: Stripper | null = csv ? new CsvSecretStripper() : null;
  /** The first bytes, while they do not yet show what the body is. */
  let lead: Uint8Array = new Uint8Array(0);

  const decide = (chunk: Uint8Array): Stripper | null => {
    lead = lead.length === 0 ? chunk : concat([lead, chunk]);
    const kind = firstByte(lead);
    if (kind === -1 && lead.length < LONGEST_LEAD) return null;
    return kind === 0x7b || kind === 0x5b ? new JsonSecretStripper() : PASS;
  };

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        let part: ReadableStreamReadResult<Uint8Array>;
        try {
          part = await reader.read();
        } catch (error) {
          controller.error(error);
          return;
        }
        if (part.done) {
          const rest =
            stripper instanceof CsvSecretStripper ? stripper.end() : stripper ? null : lead;
          if (rest !== null && rest.length > 0) controller.enqueue(rest);
          controller.close();
          return;
        }
        let out: Uint8Array;
        try {
          if (stripper === null) {
            stripper = decide(part.value);
            if (stripper === null) continue;
            out = stripper.write(lead);
          } else {
            out = stripper.write(part.value);
          }
        } catch (error) {
          const why = error instanceof UnreadableJsonError ? error.message : 'unreadable';
          options.log?.(
            `${options.where}: the answer stopped being JSON the server can read (${why}); ` +
              'the rest was not passed on and the connection was dropped',
          );
          await reader.cancel().catch(() => undefined);
          if (options.connection) {
            options.connection.drop();
            controller.close();
          } else {
            controller.error(error);
          }
          return;
        }
        if (out.length > 0) {
          controller.enqueue(out);
          return;
        }
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** The first byte that is neither white space nor part of a leading byte-order mark, or -1. */
function firstByte(bytes: Uint8Array): number {
  let i = 0;
  const bom = [0xef, 0xbb, 0xbf];
  while (i < 3 && i < bytes.length && bytes[i] === bom[i]) i++;
  if (i > 0 && i < 3) return i === bytes.length ? -1 : (bytes[0] as number);
  for (; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return b;
  }
  return -1;
}
