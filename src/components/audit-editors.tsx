/**
 * The coverage audit's editors, loaded when one is first opened: the fields required of records
 * (remembered in this browser), and any set of fields chosen for the moment with the records
 * lacking any of them (not remembered).
 */
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { Link } from './link';
import { DUBLIN_CORE_FIELDS } from '../contract/wire';
import { plural } from '../lib/format';
import {
  auditRequired,
  lackingOf,
  orderFieldNames,
  type AuditedRecords,
  type WithMetadata,
} from '../lib/metadata-audit';
import { DEFAULT_REQUIRED_FIELDS } from '../lib/required-fields';

export interface AuditEditorProps {
  which: 'required' | 'other';
  id: string;
  records: readonly WithMetadata[];
  counted: AuditedRecords;
  noun: string;
  nouns: string;
  /** Fields the records use, offered beside Dublin Core. */
  present: readonly string[];
  linkTo: (fields: readonly string[]) => string;
  /** The required fields, and how to change them. */
  required: {
    fields: readonly string[];
    set: (fields: readonly string[]) => void;
    reset: () => void;
  };
}

export default function AuditEditor({ which, required, ...shared }: AuditEditorProps) {
  return which === 'required' ? (
    <FieldChecklist
      id={shared.id}
      legend={`Fields required of ${shared.nouns}`}
      chosen={required.fields}
      present={shared.present}
      onChange={required.set}
    >
      <button type="button" className="link-button" onClick={required.reset}>
        Back to {DEFAULT_REQUIRED_FIELDS.join(', ')}
      </button>
    </FieldChecklist>
  ) : (
    <OtherFields {...shared} />
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
}: Omit<AuditEditorProps, 'which' | 'required'>) {
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
              {lackingOf(audit.lacking, audit.total, counted, noun, nouns)}
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
