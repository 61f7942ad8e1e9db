/**
 * The facet panel beside a seed table: for the seeds that match the current filters, how many have
 * each value of each seed field and each metadata field, and how many have the field at all.
 * Choosing a value filters by it (any chosen value of one field, every chosen field); each facet
 * counts with every filter but its own, so choosing "English" does not hide "Spanish".
 *
 * It is over 300 lines because its sections (metadata fields, yes/no fields, seed types, groups,
 * statuses) share the count wording kept beside them; the value list is in src/components/facet-values.tsx.
 */
import { memo, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatCount, plural, shortText } from '../../lib/format';
import { sameItems, useSame } from '../../lib/use-same';
import { type ChoiceFacet, type FacetResult, type FieldFacet } from './facets';
import { STATUS_LABELS, type StatusClass } from '../../lib/seed-status';
import type { SeedGroupChoice } from './seed-filters';
import { ActivityFacets, type ActivityChoice } from '../../components/activity-facets';
import {
  displayValue,
  MOST_IN_LABEL,
  Value,
  ValueList,
  VariantHint,
} from '../../components/facet-values';

/** Metadata fields shown before "Show all fields" (a list may carry thousands). */
const FIRST_FIELDS = 30;

export type SeedChoice =
  | { kind: 'group'; value: SeedGroupChoice }
  | { kind: 'active'; value: boolean }
  | { kind: 'public'; value: boolean }
  | { kind: 'type'; value: string }
  | { kind: 'status'; value: StatusClass }
  | { kind: ActivityChoice; value: string };

export interface FacetPanelProps {
  result: FacetResult;
  /** The counts are for filters that have since changed; new ones are on their way. */
  pending: boolean;
  onWhere: (field: string, value: string) => void;
  onMissing: (field: string) => void;
  onChoice: (choice: SeedChoice) => void;
  /** Metadata fields chosen as `missing`. */
  missing: readonly string[];
  /**
   * In a narrow window the panel opens over the list, from the "Refine" button: it takes the
   * focus, and "Done" or Escape closes it.
   */
  onClose?: (() => void) | undefined;
  /** Facets of what the catalogue says beyond the seeds' own fields (sharing-facets.tsx). */
  more?: React.ReactNode;
}

const SEED_NOUNS = ['seed', 'seeds'] as const;

/**
 * What the counts on show are of. While new counts are on their way the old ones stay, so the note
 * says how many seeds they counted: the first rows of a list still loading, or the seeds of the
 * filters before the last change, which the page's count line no longer gives.
 */
function countNote(counted: number, pending: boolean): string {
  const of = plural(counted, 'seed');
  if (!pending) return `Counts of ${of}`;
  return counted === 0 ? 'Counting…' : `Counting… (the counts shown are of ${of})`;
}

const share = (count: number, of: number) =>
  of === 0 ? '' : ` (${Math.round((count / of) * 100).toString()}%)`;

export function FacetPanel({
  result,
  pending,
  onWhere,
  onMissing,
  onChoice,
  missing,
  onClose,
  more,
}: FacetPanelProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const section = useRef<HTMLElement>(null);
  const over = onClose !== undefined;
  useEffect(() => {
    if (over) heading.current?.focus();
  }, [over]);
  // Over the list, Escape inside the panel closes it.
  useEffect(() => {
    const element = section.current;
    if (!element || !onClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onClose();
    };
    element.addEventListener('keydown', onKey);
    return () => {
      element.removeEventListener('keydown', onKey);
    };
  }, [onClose]);
  // The counts are drawn again only when they or the choices change: a key typed into the quick
  // filter (counts pending) or a new handler from the page redraws the note, not every value.
  const handlers = useRef({ onWhere, onMissing, onChoice });
  useLayoutEffect(() => {
    handlers.current = { onWhere, onMissing, onChoice };
  });
  const stable = useMemo(
    () => ({
      onWhere: (field: string, value: string) => {
        handlers.current.onWhere(field, value);
      },
      onMissing: (field: string) => {
        handlers.current.onMissing(field);
      },
      onChoice: (choice: SeedChoice) => {
        handlers.current.onChoice(choice);
      },
    }),
    [],
  );
  const chosenMissing = useSame(missing, sameItems);
  return (
    <section
      className={over ? 'facet-panel facet-panel--over' : 'facet-panel'}
      aria-labelledby={headingId}
      aria-busy={pending}
      ref={section}
    >
      <div className="facet-panel__head">
        <h2 id={headingId} ref={heading} tabIndex={over ? -1 : undefined}>
          Refine
        </h2>
        <span className="facet-panel__note" aria-live="polite">
          {countNote(result.rows.length, pending)}
        </span>
        {onClose && (
          <button type="button" className="button button-quiet" onClick={onClose}>
            Done
          </button>
        )}
      </div>
      {more}
      <FacetCounts
        result={result}
        noMetadata={result.fields.length === 0 && !pending}
        missing={chosenMissing}
        {...stable}
      />
    </section>
  );
}

const FacetCounts = memo(function FacetCounts({
  result,
  noMetadata,
  onWhere,
  onMissing,
  onChoice,
  missing,
}: Omit<FacetPanelProps, 'pending' | 'more'> & { noMetadata: boolean }) {
  return (
    <>
      <ChoiceSection
        title="Seed group"
        facet={result.seedGroup}
        label={(v) => (v === 'none' ? 'In no group' : groupLabel(result, v))}
        onToggle={(value) => {
          onChoice({ kind: 'group', value });
        }}
        searchable
      />
      <ChoiceSection
        title="Active"
        facet={result.active}
        label={(v) => (v ? 'Active' : 'Inactive')}
        onToggle={(value) => {
          onChoice({ kind: 'active', value });
        }}
      />
      <ChoiceSection
        title="Visibility"
        facet={result.publiclyVisible}
        label={(v) => (v ? 'Public' : 'Private')}
        onToggle={(value) => {
          onChoice({ kind: 'public', value });
        }}
      />
      <ChoiceSection
        title="Seed type"
        facet={result.seedType}
        label={(v) => v}
        onToggle={(value) => {
          onChoice({ kind: 'type', value });
        }}
      />
      <ChoiceSection
        title="Last checked status"
        facet={result.status}
        label={(v) => STATUS_LABELS[v]}
        onToggle={(value) => {
          onChoice({ kind: 'status', value });
        }}
      />
      <ActivityFacets
        counts={result}
        nouns={SEED_NOUNS}
        onToggle={(kind, value) => {
          onChoice({ kind, value });
        }}
      />
      <h3 className="facet-panel__group">Metadata</h3>
      {noMetadata && <p className="muted">No seed here has metadata.</p>}
      <ValueList
        values={result.fields.map((facet, i) => ({
          facet,
          text: facet.field,
          selected: i < 4 || facet.values.some((v) => v.selected) || missing.includes(facet.field),
        }))}
        searchable
        first={FIRST_FIELDS}
        kind="fields"
        what="the seeds"
        list={false}
        render={({ facet, selected }) => (
          <FieldSection
            key={facet.field}
            facet={facet}
            openAtFirst={selected}
            missingChosen={missing.includes(facet.field)}
            onWhere={onWhere}
            onMissing={onMissing}
          />
        )}
      />
    </>
  );
});

function groupLabel(result: FacetResult, value: SeedGroupChoice): string {
  const group = result.seedGroup.values.find((g) => g.value === value);
  return group?.name ?? `Group ${String(value)}`;
}

/** A seed field's values (groups, active, visibility, type, status), with the unknown ones. */
function ChoiceSection<V>({
  title,
  facet,
  label,
  onToggle,
  searchable = false,
}: {
  title: string;
  facet: ChoiceFacet<V>;
  label: (value: V) => string;
  onToggle: (value: V) => void;
  searchable?: boolean;
}) {
  // A value no seed here has is only noise, unless it is chosen (then it says why none match).
  const values = facet.values
    .filter((v) => v.count > 0 || v.selected)
    .map((v) => ({ ...v, text: label(v.value) }));
  if (values.length === 0 && facet.unknown === 0) return null;
  return (
    <section className="facet" aria-label={title}>
      <h3 className="facet__title">{title}</h3>
      <ValueList
        values={values}
        searchable={searchable}
        what={title}
        render={(v) => (
          <Value
            key={String(v.value)}
            label={v.text}
            count={v.count}
            selected={v.selected}
            onToggle={() => {
              onToggle(v.value);
            }}
          />
        )}
      />
      {facet.unknown > 0 && (
        <p className="facet__unknown">
          {formatCount(facet.unknown)} not given by the catalogue service
        </p>
      )}
    </section>
  );
}

/** A metadata field: how many seeds have it, its values by count, and the seeds without it. */
function FieldSection({
  facet,
  openAtFirst,
  missingChosen,
  onWhere,
  onMissing,
}: {
  facet: FieldFacet;
  openAtFirst: boolean;
  missingChosen: boolean;
  onWhere: (field: string, value: string) => void;
  onMissing: (field: string) => void;
}) {
  const [open, setOpen] = useState(openAtFirst);
  const values = useMemo(() => facet.values.map((v) => ({ ...v, text: v.value })), [facet.values]);
  const absent = facet.total - facet.present;
  return (
    <details
      className="facet facet--field"
      open={open}
      onToggle={(event) => {
        setOpen(event.currentTarget.open);
      }}
    >
      <summary className="facet__title">
        <bdi>{shortText(facet.field, MOST_IN_LABEL)}</bdi>
        <span className="facet__coverage">
          {formatCount(facet.present)}
          {share(facet.present, facet.total)}
        </span>
      </summary>
      {!facet.selectable && (
        <p className="facet__unknown">Its name holds a colon, so its values cannot be chosen.</p>
      )}
      <ValueList
        values={values}
        searchable
        what={shortText(facet.field, MOST_IN_LABEL)}
        render={(v) =>
          facet.selectable ? (
            <Value
              key={v.value}
              label={v.value}
              count={v.count}
              selected={v.selected}
              onToggle={() => {
                onWhere(facet.field, v.value);
              }}
              hint={<VariantHint value={v} />}
            />
          ) : (
            <li key={v.value} className="facet__item">
              <span className="facet__value">
                <bdi className="facet__label">{displayValue(v.value)}</bdi>
                <span className="facet__count">{formatCount(v.count)}</span>
              </span>
            </li>
          )
        }
      />
      <ul className="facet__values facet__values--missing">
        <Value
          label="No value"
          count={absent}
          selected={missingChosen}
          onToggle={() => {
            onMissing(facet.field);
          }}
        />
      </ul>
    </details>
  );
}
