/**
 * Descriptive metadata as lists, not a blob: one entry per field, Dublin Core fields first in the
 * order cataloguers expect, then any other field by name. Values are text: line breaks kept,
 * markup shown as written, never run. A field with very many values shows the first few until
 * the reader asks for all, and a very long value shows its beginning, so one record cannot make
 * the page unusable.
 */
import { useState } from 'react';
import type { Metadata, MetadataEntry, Unknown } from '../api/records';
import { formatCount, shortText } from '../lib/format';
import { orderFieldNames } from '../lib/metadata-audit';
import { ClampedText } from './clamped-text';

/** Values of one field shown before "Show all". */
export const VALUES_SHOWN = 10;
/** Fields shown at first, and how many more each "Show more fields" adds (a record can have 10,000). */
const FIELDS_SHOWN = 100;
const MORE_FIELDS = 500;

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
  const [shown, setShown] = useState(FIELDS_SHOWN);
  if (fields.length === 0) return note ?? <p className="muted">{emptyText}</p>;
  return (
    <>
      <dl className="metadata-list">
        {fields.slice(0, shown).map((name) => (
          <MetadataField key={name} name={name} entries={metadata[name] ?? []} />
        ))}
      </dl>
      {fields.length > shown && (
        <p className="metadata-more">
          <span className="muted">
            {formatCount(shown)} of {formatCount(fields.length)} fields shown.
          </span>{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setShown((was) => was + MORE_FIELDS);
            }}
          >
            Show {formatCount(Math.min(MORE_FIELDS, fields.length - shown))} more fields
          </button>
        </p>
      )}
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
        <bdi>{shortText(name, 300)}</bdi>
        {entries.length > 1 && <span className="muted"> ({formatCount(entries.length)})</span>}
      </dt>
      {shown.map((entry) => (
        <dd key={entry.id} className="metadata-value">
          <ClampedText
            text={entry.value}
            maxChars={1_000}
            maxLines={12}
            label={shortText(name, 300)}
          />
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
            <span className="visually-hidden">of {shortText(name, 300)}</span>
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
