/**
 * The metadata audit as archivists read it: how many records lack a field the archive requires
 * (with the fields, editable and remembered in this browser), and for every field, how many
 * records have it, how many distinct values it takes, and a link to the records without it.
 * Seeds (a collection's Metadata tab, the seed lists) and collections (/collections) share it.
 */
import { Fragment, useId, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
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
 * What the audited records are, to the table beside them: every record of the list, the records
 * the table shows ("these 31 seeds"), or, while a `missing` filter is in force, the records every
 * other filter keeps (as a facet counts with every filter but its own, so each figure's link, which
 * sets `missing`, lists exactly the records it counts).
 */
export type AuditedRecords = 'all' | 'shown' | 'others';

/** "612 of 8,311 seeds", "12 of these 31 seeds", "12 of the 31 seeds the other filters keep". */
function ofWhat(
  lacking: number,
  total: number,
  counted: AuditedRecords,
  noun: string,
  nouns: string,
): string {
  const of = plural(total, noun, nouns);
  const base = counted === 'all' ? of : counted === 'shown' ? `these ${of}` : `the ${of}`;
  return `${formatCount(lacking)} of ${base}`;
}

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
              {ofWhat(audit.lacking, audit.total, counted, noun, nouns)}
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
      {open === 'required' && (
        <FieldChecklist
          id={editorId}
          legend={`Fields required of ${nouns}`}
          chosen={required.fields}
          present={present}
          onChange={required.set}
        >
          <button type="button" className="link-button" onClick={required.reset}>
            Back to {DEFAULT_REQUIRED_FIELDS.join(', ')}
          </button>
        </FieldChecklist>
      )}
      {open === 'other' && (
        <OtherFields
          id={editorId}
          records={records}
          counted={counted}
          noun={noun}
          nouns={nouns}
          present={present}
          linkTo={linkTo}
        />
      )}
    </div>
  );
}

/** Any set of fields, chosen for the moment, and the records lacking any of them. */
function OtherFields({
  id,
  records,
  counted,
  noun,
  nouns,
  present,
  linkTo,
}: {
  id: string;
  records: readonly WithMetadata[];
  counted: AuditedRecords;
  noun: string;
  nouns: string;
  present: readonly string[];
  linkTo: (fields: readonly string[]) => string;
}) {
  const [chosen, setChosen] = useState<readonly string[]>([]);
  const audit = useMemo(() => auditRequired(records, chosen), [records, chosen]);
  const others = counted === 'others' ? ' the other filters keep' : '';
  return (
    <FieldChecklist
      id={id}
      legend={`${nouns.charAt(0).toUpperCase()}${nouns.slice(1)} lacking any of these fields`}
      chosen={chosen}
      present={present}
      onChange={setChosen}
    >
      <p role="status">
        {chosen.length === 0 ? (
          `Choose fields to find the ${nouns} lacking any of them; the required fields stay as they are.`
        ) : audit.lacking === 0 ? (
          `None of ${counted === 'all' ? 'the' : counted === 'shown' ? 'these' : 'the'} ${plural(audit.total, noun, nouns)}${others} lacks any of them.`
        ) : (
          <>
            <Link to={linkTo(chosen)}>
              {ofWhat(audit.lacking, audit.total, counted, noun, nouns)}
            </Link>
            {others} {audit.lacking === 1 ? 'lacks' : 'lack'}
            {chosen.length > 1 ? ' any of ' : ' '}
            {chosen.map((field, i) => (
              <Fragment key={field}>
                {i > 0 && ', '}
                <bdi>{field}</bdi>
              </Fragment>
            ))}
            .
          </>
        )}
      </p>
    </FieldChecklist>
  );
}

/** A checkbox for each field a record may have: Dublin Core, those in use, those chosen. */
function FieldChecklist({
  id,
  legend,
  chosen,
  present,
  onChange,
  children,
}: {
  id: string;
  legend: string;
  chosen: readonly string[];
  present: readonly string[];
  onChange: (fields: readonly string[]) => void;
  children: ReactNode;
}) {
  const candidates = orderFieldNames(new Set([...DUBLIN_CORE_FIELDS, ...present, ...chosen]));
  return (
    <fieldset id={id} className="audit-editor">
      <legend>{legend}</legend>
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
      {children}
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
