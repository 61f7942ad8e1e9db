/**
 * From the bytes of one answer to rows ready for the page: decode, JSON, the list shape, and every
 * record read tolerantly into a block's columns. The same function runs in the list worker and in
 * the page, so both give exactly the same rows (with or without a fast route).
 */
import type { Resource } from '../contract/wire';
import { BlockBuilder } from './block-builder';
import { readItems, readListBody, type FieldGaps, type RecordProblem } from './parse';
import type { RowBlock } from './row-block';
import type { Oversize } from './values';

export type PageReading =
  | {
      readonly ok: true;
      readonly block: RowBlock;
      readonly problems: RecordProblem[];
      readonly gaps: FieldGaps;
      /** Records too big to hold whole, kept cut. */
      readonly oversize: Oversize;
      /** The count an envelope carried, when it carried a usable one. */
      readonly count: number | null;
      /** Items in the answer, readable or not. */
      readonly received: number;
    }
  | {
      readonly ok: false;
      /** `json`: not JSON at all; `shape`: JSON, but not a list of records. */
      readonly failure: 'json' | 'shape';
      readonly reason: string;
    };

/**
 * Ways to write a resource's common records straight from the JSON into a block (fast-seed.ts):
 * a route takes an item whole and says true, or leaves it to the field definitions. The list
 * worker reads big pages with them; the page, which reads only small ones, goes without their
 * code.
 */
export type FastRoutes = {
  readonly [R in Resource]?: (builder: BlockBuilder<R>) => (raw: unknown) => boolean;
};

const utf8 = new TextDecoder();

export function readPage(
  resource: Resource,
  bytes: ArrayBuffer,
  firstIndex: number,
  contentType: string,
  routes: FastRoutes = {},
): PageReading {
  let body: unknown;
  try {
    body = JSON.parse(utf8.decode(bytes));
  } catch {
    const json = /json/i.test(contentType);
    return {
      ok: false,
      failure: 'json',
      reason: json
        ? 'the answer is not valid JSON (it may have been cut off)'
        : `it sent ${contentType.split(';')[0] ?? contentType} instead of JSON`,
    };
  }
  const list = readListBody(body);
  if (list.kind === 'invalid') return { ok: false, failure: 'shape', reason: list.reason };
  const builder = new BlockBuilder(resource, list.items.length);
  const route = routes[resource] as
    ((builder: BlockBuilder<Resource>) => (raw: unknown) => boolean) | undefined;
  const fast = route?.(builder);
  const { problems, gaps, oversize } = readItems(
    resource,
    list.items,
    firstIndex,
    (record) => {
      builder.add(record);
    },
    fast,
  );
  return {
    ok: true,
    block: builder.done(),
    problems,
    gaps,
    oversize,
    count: list.kind === 'envelope' ? list.count : null,
    received: list.items.length,
  };
}
