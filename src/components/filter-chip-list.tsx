/** The chips of the filters in force (see filter-chips.tsx), loaded when a list first has one. */
import { Fragment } from 'react';
import type { FilterChipsProps } from './filter-chips';

export default function FilterChipList<Patch>({
  nouns,
  chips,
  onRemove,
  onClear,
}: FilterChipsProps<Patch>) {
  return (
    <div className="filter-chips" role="group" aria-label="Filters in force">
      <span className="filter-chips__lead">Showing {nouns}</span>
      <ul>
        {chips.map((chip, i) => (
          <li key={chip.text}>
            {i > 0 && <span className="filter-chips__and">and</span>}
            <span className="filter-chip">
              <span>
                {chip.lead}
                {chip.values.map((value, k) => (
                  <Fragment key={value}>
                    {k > 0 && <span className="filter-chip__or"> or </span>}
                    <bdi>{value}</bdi>
                  </Fragment>
                ))}
              </span>
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
            </span>
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
