/**
 * The parse worker: the page hands it the bytes of each answer and gets rows back in columns, so
 * the page never parses the JSON of a big list and stays free to scroll and type while it loads.
 */
import { readPage, transferablesOf } from './read-page';
import type { ParseRequest, ParseResponse } from './page-parser';

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<ParseRequest>) => void) | null;
  postMessage: (message: ParseResponse, transfer: Transferable[]) => void;
};

scope.onmessage = (event) => {
  const { id, resource, bytes, firstIndex, contentType } = event.data;
  let response: ParseResponse;
  try {
    const reading = readPage(resource, bytes, firstIndex, contentType);
    response = { id, reading };
    scope.postMessage(response, transferablesOf(reading));
  } catch (error) {
    // readPage does not throw; if it ever does, the page reads this answer itself.
    scope.postMessage({ id, failed: String(error), bytes }, [bytes]);
  }
};
