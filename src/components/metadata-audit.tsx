/**
 * The metadata audit as archivists read it: how many records lack a field the archive requires
 * (with the fields, editable and remembered in this browser), and for every field, how many
 * records have it, how many distinct values it takes, and a link to the records without it.
 * Seeds (a collection's Metadata tab, the seed lists) and collections (/collections) share it.
 */
import { useId, useMemo, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { DUBLIN_CORE_FIELDS } from '../contract/wire';
import { formatCount, plural } from '../lib/format';
import {
  auditRequired,
  orderFieldNames,
  type CoverageReport,
  type WithMetadata,
} from '../lib/metadata-audit';
import {
  createRequiredFieldsStore,
  DEFAULT_REQUIRED_FIELDS,
  type AuditScope,
  type RequiredFieldsStore,
} from '../lib/required-fields';

const stores = new Map<AuditScope, RequiredFieldsStore>();

function storeFor(scope: AuditScope): RequiredFieldsStore {
  let store = stores.get(scope);
  if (!store) {
    store = createRequiredFieldsStore(scope);
    stores.set(scope, store);
  }
  return store;
}

/** The fields the user requires of seeds or of collections, and a way to change them. */
export function useRequiredFields(scope: AuditScope) {
  const store = storeFor(scope);
  const fields = useSyncExternalStore(store.subscribe, store.get, store.get);
  return { fields, set: store.set, reset: store.reset };
}

const percent = (share: number) => `${Math.round(share * 100).toString()}%`;

/**
 * "612 of 8,311 seeds lack a required field", linking to those records, with the required fields
 * named and editable.
 */
export function RequiredFieldsAudit({
  scope,
  records,
  noun,
  nouns = `${noun}s`,
  present,
  linkTo,
}: {
  scope: AuditScope;
  records: readonly WithMetadata[];
  noun: string;
  nouns?: string;
  /** Fields the records use, offered beside Dublin Core when choosing. */
  present: readonly string[];
  /** The address of the records lacking any of these fields. */
  linkTo: (fields: readonly string[]) => string;
}) {
  const required = useRequiredFields(scope);
  const audit = useMemo(() => auditRequired(records, required.fields), [records, required.fields]);
  const [editing, setEditing] = useState(false);
  const editorId = useId();
  return (
    <div className="audit-headline">
      <p>
        {required.fields.length === 0 ? (
          `No fields are required of ${nouns}.`
        ) : audit.lacking === 0 ? (
          `Every ${noun} has each required field.`
        ) : (
          <>
            <Link to={linkTo(required.fields)}>
              {formatCount(audit.lacking)} of {plural(audit.total, noun, nouns)}
            </Link>{' '}
            {audit.lacking === 1 ? 'lacks' : 'lack'} a required field.
          </>
        )}{' '}
        <span className="muted">
          Required: {required.fields.length === 0 ? 'none' : required.fields.join(', ')}.
        </span>{' '}
        <button
          type="button"
          className="link-button"
          aria-expanded={editing}
          aria-controls={editorId}
          onClick={() => {
            setEditing((was) => !was);
          }}
        >
          {editing ? 'Done' : 'Change'}
          <span className="visually-hidden"> the fields required of {nouns}</span>
        </button>
      </p>
      {audit.byField.some((f) => f.lacking > 0) && (
        <ul className="audit-by-field">
          {audit.byField.map(({ field, lacking }) => (
            <li key={field}>
              {lacking === 0 ? (
                <span className="muted">
                  <bdi>{field}</bdi>: none missing
                </span>
              ) : (
                <Link to={linkTo([field])}>
                  <bdi>{field}</bdi>: {formatCount(lacking)} missing
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <RequiredFieldsEditor
          id={editorId}
          nouns={nouns}
          chosen={required.fields}
          present={present}
          onChange={required.set}
          onReset={required.reset}
        />
      )}
    </div>
  );
}

function RequiredFieldsEditor({
  id,
  nouns,
  chosen,
  present,
  onChange,
  onReset,
}: {
  id: string;
  nouns: string;
  chosen: readonly string[];
  present: readonly string[];
  onChange: (fields: readonly string[]) => void;
  onReset: () => void;
}) {
  const candidates = orderFieldNames(new Set([...DUBLIN_CORE_FIELDS, ...present, ...chosen]));
  return (
    <fieldset id={id} className="audit-editor">
      <legend>Fields required of {nouns}</legend>
      <ul>
        {candidates.map((field) => (
          <li key={field}>
            <label>
              <input
                type="checkbox"
                checked={chosen.includes(field)}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  onChange(on ? [...chosen, field] : chosen.filter((f) => f !== field));
                }}
              />{' '}
              <bdi>{field}</bdi>
            </label>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={onReset}>
        Back to {DEFAULT_REQUIRED_FIELDS.join(', ')}
      </button>
    </fieldset>
  );
}

/** One row per field: who has it, how many distinct values, and the records without it. */
export function CoverageTable({
  coverage,
  noun,
  nouns = `${noun}s`,
  caption,
  linkTo,
}: {
  coverage: CoverageReport;
  noun: string;
  nouns?: string;
  caption: string;
  linkTo: (fields: readonly string[]) => string;
}) {
  if (coverage.fields.length === 0) {
    return <p className="muted">No {noun} here has descriptive metadata.</p>;
  }
  return (
    <div className="coverage">
      <table className="coverage-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col" className="number">
              {nouns.charAt(0).toUpperCase() + nouns.slice(1)} with it
            </th>
            <th scope="col" className="number">
              Share
            </th>
            <th scope="col" className="number">
              Distinct values
            </th>
            <th scope="col" className="number">
              Without it
            </th>
          </tr>
        </thead>
        <tbody>
          {coverage.fields.map((row) => {
            const without = coverage.total - row.present;
            return (
              <tr key={row.field}>
                <th scope="row">
                  <bdi>{row.field}</bdi>
                </th>
                <td className="number">{formatCount(row.present)}</td>
                <td className="number">
                  <span className="coverage-bar" aria-hidden="true">
                    <span style={{ width: percent(row.share) }} />
                  </span>
                  <span className="coverage-share">{percent(row.share)}</span>
                </td>
                <td className="number">{formatCount(row.distinct)}</td>
                <td className="number">
                  {without === 0 ? (
                    <span className="muted">none</span>
                  ) : (
                    <Link to={linkTo([row.field])}>
                      {formatCount(without)}
                      <span className="visually-hidden">
                        {' '}
                        {without === 1 ? noun : nouns} without <bdi>{row.field}</bdi>
                      </span>
                    </Link>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {coverage.metadataUnknown > 0 && (
        <p className="muted">
          The catalogue service did not give the metadata of{' '}
          {plural(coverage.metadataUnknown, noun, nouns)}; they count as lacking every field.
        </p>
      )}
    </div>
  );
}
