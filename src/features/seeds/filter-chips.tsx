/**
 * The seed filters in force, each with a button that removes it, and one that clears them all, so
 * a list narrowed by facet clicks, a shared link or the overview's charts always says why.
 */
import type { ReactNode } from 'react';
import { formatPeriod } from '../../lib/format';
import type { StatusClass } from '../../lib/seed-status';
import {
  encodeWhere,
  isUnreadable,
  type SeedGroupChoice,
  type SeedRowFilterValues,
  type Unreadable,
} from './seed-filters';

export interface Chip {
  /** What the filter keeps, in words. */
  readonly label: ReactNode;
  /** The same, as text, for the remove button's accessible name. */
  readonly text: string;
  /** The row filters once this one is removed. */
  readonly without: Partial<SeedRowFilterValues>;
}

type Values = SeedRowFilterValues;

const STATUS: Record<StatusClass, string> = {
  '2xx': 'status 2xx',
  '3xx': 'status 3xx',
  '4xx': 'status 4xx',
  '5xx': 'status 5xx',
  other: 'another status',
  unchecked: 'status not checked',
};

function listChips<T>(
  list: readonly (T | Unreadable)[],
  key: keyof Values,
  describe: (value: T) => string,
): Chip[] {
  return list.map((item, i) => {
    const text = isUnreadable(item) ? `${key}=${item.unreadable}` : describe(item);
    return {
      label: <bdi>{text}</bdi>,
      text,
      without: { [key]: list.filter((_, j) => j !== i) },
    };
  });
}

/** One chip per filter value in the address, in a fixed order. */
export function filterChips(values: Values, groupName: (id: number) => string | undefined): Chip[] {
  const group = (choice: SeedGroupChoice) =>
    choice === 'none' ? 'in no seed group' : `in group “${groupName(choice) ?? String(choice)}”`;
  const created = values.created;
  return [
    ...listChips(values.seed_group, 'seed_group', group),
    ...listChips(values.where, 'where', (c) => encodeWhere(c).replace(':', ': ')),
    ...listChips(values.missing, 'missing', (field) => `no ${field}`),
    ...listChips(values.active, 'active', (v) => (v ? 'active' : 'inactive')),
    ...listChips(values.public, 'public', (v) => (v ? 'public' : 'private')),
    ...listChips(values.seed_type, 'seed_type', (t) => `type ${t}`),
    ...listChips(values.status, 'status', (s) => STATUS[s]),
    ...(created === undefined
      ? []
      : [
          {
            label: (
              <bdi>
                {isUnreadable(created) ? `created=${created.unreadable}` : createdText(created)}
              </bdi>
            ),
            text: isUnreadable(created) ? `created=${created.unreadable}` : createdText(created),
            without: { created: undefined },
          },
        ]),
  ];
}

function createdText(period: string): string {
  return `created in ${formatPeriod(period)}`;
}

export function FilterChips({
  chips,
  onRemove,
  onClear,
}: {
  chips: readonly Chip[];
  onRemove: (without: Partial<Values>) => void;
  onClear: () => void;
}) {
  if (chips.length === 0) return null;
  return (
    <div className="filter-chips" role="group" aria-label="Filters in force">
      <span className="filter-chips__lead">Showing seeds</span>
      <ul>
        {chips.map((chip) => (
          <li key={chip.text} className="filter-chip">
            <span>{chip.label}</span>
            <button
              type="button"
              className="filter-chip__remove"
              aria-label={`Remove the filter: ${chip.text}`}
              onClick={() => {
                onRemove(chip.without);
              }}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <button type="button" className="link-button" onClick={onClear}>
          Clear all filters
        </button>
      )}
    </div>
  );
}
