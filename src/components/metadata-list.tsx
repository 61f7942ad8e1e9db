/**
 * Descriptive metadata as lists, not a blob: one entry per field, Dublin Core fields first in the
 * order cataloguers expect, then any other field by name. Values are text: line breaks kept,
 * markup shown as written, never run.
 */
import type { Metadata } from '../api/model';
import { DUBLIN_CORE_FIELDS } from '../model/wire';

const CORE_ORDER = new Map<string, number>(DUBLIN_CORE_FIELDS.map((name, i) => [name, i]));
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function orderedFields(metadata: Metadata): string[] {
  return Object.keys(metadata).sort((a, b) => {
    const ca = CORE_ORDER.get(a);
    const cb = CORE_ORDER.get(b);
    if (ca !== undefined && cb !== undefined) return ca - cb;
    if (ca !== undefined) return -1;
    if (cb !== undefined) return 1;
    return collator.compare(a, b);
  });
}

export function MetadataList({
  metadata,
  only,
  emptyText = 'No descriptive metadata.',
}: {
  metadata: Metadata;
  /** Show just these fields (when present), e.g. a summary. */
  only?: readonly string[];
  emptyText?: string;
}) {
  const fields = orderedFields(metadata).filter((name) => !only || only.includes(name));
  if (fields.length === 0) return <p className="muted">{emptyText}</p>;
  return (
    <dl className="metadata-list">
      {fields.map((name) => {
        const entries = metadata[name] ?? [];
        return (
          <div key={name} className="metadata-field">
            <dt>
              {name}
              {entries.length > 1 && <span className="muted"> ({entries.length})</span>}
            </dt>
            {entries.map((entry) => (
              <dd key={entry.id} className="metadata-value">
                {entry.value}
              </dd>
            ))}
          </div>
        );
      })}
    </dl>
  );
}

/** The first value of a field, for a table cell. */
export function firstValue(metadata: Metadata, field: string): string | null {
  return metadata[field]?.[0]?.value ?? null;
}
