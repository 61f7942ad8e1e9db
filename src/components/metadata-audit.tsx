/**
 * The metadata audit as archivists read it: how many records lack a field the archive requires
 * (with the fields, editable and remembered in this browser), and the records lacking each.
 * Seeds (a collection's tabs, the seed lists) and collections (/collections) share it; the
 * coverage of every field, which a collection's Metadata tab adds, is in coverage-table.tsx.
 */
import { Suspense, lazy, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { Link } from './link';
import { formatCount, plural } from '../lib/format';
import { useAfterRows } from '../lib/use-after-rows';
import { AFTER_LOAD } from '../scheduling';
import {
  auditRequiredJob,
  lackingOf,
  type AuditedRecords,
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

const auditOf = (input: { records: readonly WithMetadata[]; fields: readonly string[] }) =>
  auditRequiredJob(input.records, input.fields);

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
  // A long list is audited once its rows are on screen: until then the headline says so.
  const input = useMemo(() => ({ records, fields: required.fields }), [records, required.fields]);
  const { value: audit, pending } = useAfterRows(input, records, auditOf, AFTER_LOAD.audit);
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
        ) : audit === null || pending ? (
          <span role="status">Counting the {nouns} that lack a required field…</span>
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
      {audit !== null && !pending && audit.byField.some((f) => f.lacking > 0) && (
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
