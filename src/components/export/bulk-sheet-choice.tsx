/**
 * The Export menu's metadata sheet for the service's bulk upload (Metadata → Bulk Seed Metadata):
 * every field with its values (for the upload's "Replace" mode), or only chosen fields as empty
 * columns to fill in (for "Add to existing"), the required fields chosen at first. The service
 * takes a sheet per collection: on a list across collections the item asks for one.
 */
import { useState } from 'react';
import { DUBLIN_CORE_FIELDS } from '../../contract/wire';
import { orderFieldNames } from '../../lib/metadata-audit';
import { useRequiredFields } from '../metadata-audit';
import type { BulkFields } from './sheet-export';
import { BULK_SHEET } from './use-export-run';

export interface BulkFieldsChoice {
  readonly kind: 'all' | 'chosen';
  readonly setKind: (kind: 'all' | 'chosen') => void;
  /** The fields offered: Dublin Core and the required fields. */
  readonly offered: readonly string[];
  readonly chosen: readonly string[];
  readonly setChosen: (fields: readonly string[]) => void;
  readonly fields: BulkFields;
}

export function useBulkFields(): BulkFieldsChoice {
  const required = useRequiredFields('seed').fields;
  const [kind, setKind] = useState<'all' | 'chosen'>('all');
  const [picked, setPicked] = useState<readonly string[] | null>(null);
  const chosen = picked ?? required;
  return {
    kind,
    setKind,
    offered: orderFieldNames([...DUBLIN_CORE_FIELDS, ...required]),
    chosen,
    setChosen: setPicked,
    fields: kind === 'all' ? { kind } : { kind, fields: chosen },
  };
}

export function BulkSheetChoice({
  id,
  collection,
  choice,
  disabled,
  onExport,
}: {
  id: string;
  collection: number | null;
  choice: BulkFieldsChoice;
  disabled: boolean;
  onExport: () => void;
}) {
  const { kind, setKind, offered, chosen, setChosen } = choice;
  const hintId = `${id}-bulk`;
  const none = kind === 'chosen' && chosen.length === 0;
  let hint: string;
  if (collection === null) {
    hint = 'Choose a collection first: the service’s bulk upload takes one collection’s seeds.';
  } else if (none) {
    hint = 'Choose at least one field.';
  } else {
    hint = `Upload it in the service under Metadata → Bulk Seed Metadata, mode “${kind === 'all' ? 'Replace' : 'Add to existing'}”.`;
  }
  return (
    <fieldset className="export-menu__bulk">
      <legend>For the service’s bulk upload</legend>
      {collection !== null && (
        <>
          <label>
            <input
              type="radio"
              name={`${id}-bulk-fields`}
              checked={kind === 'all'}
              onChange={() => {
                setKind('all');
              }}
            />
            Every field, with its values
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-bulk-fields`}
              checked={kind === 'chosen'}
              onChange={() => {
                setKind('chosen');
              }}
            />
            Only these fields, empty to fill in
          </label>
          {kind === 'chosen' && (
            <div className="export-menu__fields" role="group" aria-label="Fields of the sheet">
              {offered.map((field) => (
                <label key={field}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(field)}
                    onChange={(event) => {
                      const on = event.currentTarget.checked;
                      setChosen(on ? [...chosen, field] : chosen.filter((f) => f !== field));
                    }}
                  />
                  {field}
                </label>
              ))}
            </div>
          )}
        </>
      )}
      <button
        type="button"
        className="export-menu__format"
        disabled={disabled || collection === null || none}
        aria-describedby={hintId}
        onClick={onExport}
      >
        {BULK_SHEET.label}
      </button>
      <span id={hintId} className="export-menu__hint">
        {hint}
      </span>
    </fieldset>
  );
}
