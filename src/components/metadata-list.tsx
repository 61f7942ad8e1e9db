/**
 * Descriptive metadata as lists, not a blob: one entry per field, Dublin Core fields first in the
 * order cataloguers expect, then any other field by name. Values are text: line breaks kept,
 * markup shown as written, never run. A field with very many values shows the first few until
 * the reader asks for all, and a very long value shows its beginning, so one record cannot make
 * the page unusable.
 */
import { useState } from 'react';
import type { Metadata, MetadataEntry, Unknown } from '../api/records';
import { formatCount } from '../lib/format';
import { orderFieldNames } from '../lib/metadata-audit';
import { ClampedText } from './clamped-text';

/** Values of one field shown before "Show all". */
export const VALUES_SHOWN = 10;

export function MetadataList({
  metadata,
  unknown,
  only,
  emptyText = 'No descriptive metadata.',
}: {
  metadata: Metadata;
  /** Why the metadata (or part of it) could not be read, when the record says so. */
  unknown?: Unknown | undefined;
  /** Show just these fields (when present), e.g. a summary. */
  only?: readonly string[];
  emptyText?: string;
}) {
  const fields = orderFieldNames(Object.keys(metadata)).filter(
    (name) => !only || only.includes(name),
  );
  const note = unknown && (
    <p className="muted">
      {unknown.reason === 'missing' ? (
        'The catalogue service did not provide this record’s metadata.'
      ) : (
        <>
          {fields.length > 0 ? 'Some of this metadata' : 'This metadata'} could not be read: the
          service sent <bdi>{unknown.excerpt}</bdi>
        </>
      )}
    </p>
  );
  if (fields.length === 0) return note ?? <p className="muted">{emptyText}</p>;
  return (
    <>
      <dl className="metadata-list">
        {fields.map((name) => (
          <MetadataField key={name} name={name} entries={metadata[name] ?? []} />
        ))}
      </dl>
      {note}
    </>
  );
}

function MetadataField({ name, entries }: { name: string; entries: readonly MetadataEntry[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? entries : entries.slice(0, VALUES_SHOWN);
  return (
    <div className="metadata-field">
      <dt>
        {/* Isolated, so a direction override in a field name cannot reorder the count. */}
        <bdi>{name}</bdi>
        {entries.length > 1 && <span className="muted"> ({formatCount(entries.length)})</span>}
      </dt>
      {shown.map((entry) => (
        <dd key={entry.id} className="metadata-value">
          <ClampedText text={entry.value} maxChars={1_000} maxLines={12} label={name} />
        </dd>
      ))}
      {entries.length > VALUES_SHOWN && (
        <dd className="metadata-more">
          <button
            type="button"
            className="link-button"
            aria-expanded={all}
            onClick={() => {
              setAll((was) => !was);
            }}
          >
            {all
              ? `Show the first ${formatCount(VALUES_SHOWN)} values only`
              : `Show all ${formatCount(entries.length)} values`}{' '}
            <span className="visually-hidden">of {name}</span>
          </button>
        </dd>
      )}
    </div>
  );
}

/** The first value of a field, for a table cell. */
export function firstValue(metadata: Metadata, field: string): string | null {
  return metadata[field]?.[0]?.value ?? null;
}
