/**
 * One facet's values as the facet panels (the seed lists', /collections') list them: a value with
 * its count, a value's variants, and the list of the first values (or fields) with "Show all" and
 * a search.
 */
import { useId, useState, type ReactNode } from 'react';
import { formatCount, shortText } from '../lib/format';
import { fold, wordMatcher } from '../lib/text-match';

/**
 * The values of a facet whose text contains every word of `query`, ignoring case and accents as
 * the quick filter does, in the facet's order: the search box over a long list of values.
 */
export function findValues<V>(
  values: readonly V[],
  query: string,
  text: (value: V) => string,
): readonly V[] {
  const matches = wordMatcher(query);
  return matches ? values.filter((value) => matches(fold(text(value)))) : values;
}

/** Values of a facet shown before "Show all"; the rest on request, searchable. */
const FIRST_VALUES = 10;
/** Values shown at once after "Show all": more is a search, not a list. */
const MOST_VALUES = 200;

/**
 * A value as the panel shows it: in quotes when spaces begin or end it, so " English " cannot pass
 * for "English", to the eye or to a screen reader.
 */
export function displayValue(value: string): string {
  if (value === '') return '(empty)';
  const shown = shortText(value, MOST_IN_LABEL);
  return value.trim() === value ? shown : `“${shown}”`;
}

/** The most characters a value's label shows: a value can be a mebibyte long. */
export const MOST_IN_LABEL = 300;

export function Value({
  label,
  count,
  selected,
  onToggle,
  hint,
  nouns = ['seed', 'seeds'],
}: {
  label: string;
  count: number;
  selected: boolean;
  onToggle: () => void;
  hint?: ReactNode;
  /** What the count counts, one and many. */
  nouns?: readonly [string, string];
}) {
  const shown = displayValue(label);
  return (
    <li className={selected ? 'facet__item facet__item--selected' : 'facet__item'}>
      <label className="facet__value">
        <input
          type="checkbox"
          checked={selected}
          onChange={onToggle}
          aria-label={`${shown}, ${formatCount(count)} ${count === 1 ? nouns[0] : nouns[1]}`}
        />
        {/* Isolated: a value may carry a direction override. */}
        <bdi className="facet__label">{shown}</bdi>
        <span className="facet__count" aria-hidden="true">
          {formatCount(count)}
        </span>
      </label>
      {hint}
    </li>
  );
}

export function VariantHint({
  value,
}: {
  value: { readonly variants: readonly { readonly value: string; readonly count: number }[] };
}) {
  if (value.variants.length === 0) return null;
  return (
    <p className="facet__hint">
      also{' '}
      {value.variants.map((variant, i) => (
        <span key={variant.value}>
          {i > 0 && ', '}
          {formatCount(variant.count)} as “<bdi>{variant.value}</bdi>”
        </span>
      ))}
    </p>
  );
}

/**
 * The first values (or fields), "Show all" for the rest, and a search box when there are many. The
 * chosen ones always show, wherever they fall.
 */
export function ValueList<T extends { text: string; selected: boolean }>({
  values,
  searchable,
  what,
  render,
  first = FIRST_VALUES,
  kind = 'values',
  list = true,
}: {
  values: readonly T[];
  searchable: boolean;
  what: string;
  render: (value: T) => ReactNode;
  first?: number;
  kind?: 'values' | 'fields';
  /** Whether the items go in a list of their own (values), or stand as sections (fields). */
  list?: boolean;
}) {
  const [all, setAll] = useState(false);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const many = values.length > first;
  const found = findValues(values, query, (v) => v.text);
  const shown = all
    ? found.slice(0, MOST_VALUES)
    : [...found.slice(0, first), ...found.slice(first).filter((v) => v.selected)];
  const items = shown.map((v) => render(v));
  return (
    <>
      {all && searchable && many && (
        <div className="facet__search">
          <label htmlFor={searchId} className="visually-hidden">
            Search the {kind === 'values' ? `values of ${what}` : 'metadata fields'}
          </label>
          <input
            id={searchId}
            type="search"
            placeholder={`Search ${formatCount(values.length)} ${kind}`}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
            }}
          />
        </div>
      )}
      {values.length === 0 ? null : list ? <ul className="facet__values">{items}</ul> : items}
      {all && found.length > MOST_VALUES && (
        <p className="facet__hint">
          Showing {formatCount(MOST_VALUES)} of {formatCount(found.length)}: search to find others.
        </p>
      )}
      {all && query !== '' && found.length === 0 && (
        <p className="facet__hint">
          No {kind === 'values' ? `value of ${what}` : 'metadata field'} contains “{query}”.
        </p>
      )}
      {many && (
        <button
          type="button"
          className="link-button facet__more"
          aria-expanded={all}
          onClick={() => {
            setAll((was) => !was);
            setQuery('');
          }}
        >
          {all
            ? `Show the first ${formatCount(first)} only`
            : `Show all ${formatCount(values.length)}${kind === 'fields' ? ' metadata fields' : ''}`}
          {kind === 'values' && <span className="visually-hidden"> values of {what}</span>}
        </button>
      )}
    </>
  );
}
