/**
 * A record as the service names it, for exports: every field its definition reads (records.ts),
 * under the service's name, in the definition's order, with timestamps as the service's ISO text
 * and the full metadata. A field the service did not provide, or sent unreadable, is null. Nothing
 * else: the reader never copied secrets, so there are none to leave out.
 */
import type { Resource } from '../contract/wire';
import { RECORD_FIELDS, unknownOf, type Fields, type Instant } from './records';

function isInstant(value: unknown): value is Instant {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Instant).text === 'string' &&
    typeof (value as Instant).ms === 'number'
  );
}

export function toServiceRecord(resource: Resource, record: object): Record<string, unknown> {
  const held = record as Readonly<Record<string, unknown>>;
  const out: Record<string, unknown> = { id: held.id };
  for (const [key, spec] of Object.entries<Fields[string]>(RECORD_FIELDS[resource])) {
    const value = unknownOf(record, key) ? null : (held[key] ?? null);
    out[spec.wire] = isInstant(value) ? value.text : value;
  }
  return out;
}
