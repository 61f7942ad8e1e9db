/**
 * The metadata audit as archivists read it: how many records lack a field the archive requires
 * (with the fields, editable and remembered in this browser), and for every field, how many
 * records have it, how many distinct values it takes, and a link to the records without it.
 * Seeds (a collection's Metadata tab, the seed lists) and collections (/collections) share it.
 */
import { Suspense, lazy, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { formatCount, plural } from '../lib/format';
import {
  auditRequired,
  lackingOf,
  type AuditedRecords,
  type CoverageReport,
  type WithMetadata,
} from '../lib/metadata-audit';
import {
  createRequiredFieldsStore,
  type AuditScope,
  type RequiredFieldsStore,
} from '../lib/required-fields';

/** The editors load when one is first opened: the first screen shows the figures alone. */
const AuditEditor = lazy(() => import('./audit-editors'));

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
 * The coverage audit's headline: how many of the records lack a required field, linking to them,
 * with the fields named and editable (remembered), the count for each field, and the records
 * lacking any of another set of fields, chosen for the moment (not remembered).
 */
export function RequiredFieldsAudit({
  scope,
  records,
  counted = 'all',
  noun,
  nouns = `${noun}s`,
  present,
  linkTo,
}: {
  scope: AuditScope;
  records: readonly WithMetadata[];
  counted?: AuditedRecords;
  noun: string;
  nouns?: string;
  /** Fields the records use, offered beside Dublin Core when choosing. */
  present: readonly string[];
  /** The address of the records lacking any of these fields. */
  linkTo: (fields: readonly string[]) => string;
}) {
  const required = useRequiredFields(scope);
  const audit = useMemo(() => auditRequired(records, required.fields), [records, required.fields]);
  const [open, setOpen] = useState<'required' | 'other' | null>(null);
  const editorId = useId();
  const toggle = (which: 'required' | 'other') => {
    setOpen((was) => (was === which ? null : which));
  };
  const others = counted === 'others' ? ' the other filters keep' : '';
  return (
    <div className="audit-headline">
      <p>
        {required.fields.length === 0 ? (
          `No fields are required of ${nouns}.`
        ) : audit.lacking === 0 ? (
          counted === 'all' ? (
            `Every ${noun} has each required field.`
          ) : (
            `Each of ${counted === 'shown' ? 'these' : 'the'} ${plural(audit.total, noun, nouns)}${others} has every required field.`
          )
        ) : (
          <>
            <Link to={linkTo(required.fields)}>
              {lackingOf(audit.lacking, audit.total, counted, noun, nouns)}
            </Link>
            {others} {audit.lacking === 1 ? 'lacks' : 'lack'} a required field.
          </>
        )}{' '}
        <span className="muted">
          Required: {required.fields.length === 0 ? 'none' : required.fields.join(', ')}.
        </span>{' '}
        <button
          type="button"
          className="link-button"
          aria-expanded={open === 'required'}
          aria-controls={editorId}
          onClick={() => {
            toggle('required');
          }}
        >
          {open === 'required' ? 'Done' : 'Change'}
          <span className="visually-hidden"> the fields required of {nouns}</span>
        </button>
        {' · '}
        <button
          type="button"
          className="link-button"
          aria-expanded={open === 'other'}
          aria-controls={editorId}
          onClick={() => {
            toggle('other');
          }}
        >
          {open === 'other' ? 'Done' : 'Check other fields'}
          <span className="visually-hidden">
            {' '}
            : the {nouns} lacking any of the fields you choose
          </span>
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
      {open && (
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <AuditEditor
            which={open}
            id={editorId}
            records={records}
            counted={counted}
            noun={noun}
            nouns={nouns}
            present={present}
            linkTo={linkTo}
            required={required}
          />
        </Suspense>
      )}
    </div>
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
