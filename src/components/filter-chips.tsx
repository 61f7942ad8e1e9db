/**
 * The filters in force above a list, each a chip that says what the list keeps and a button that
 * removes it, and a button that clears them all: so a list narrowed by facet clicks, a shared link
 * or the overview's charts always says why. The values of one filter are any of them ("Language:
 * English or Spanish", "no Subject or no Language"); different filters all apply, and read so.
 */
import { Fragment, type ReactNode } from 'react';

export interface Chip<Patch> {
  /** What the filter keeps, in words. */
  readonly label: ReactNode;
  /** The same, as text, for the remove button's accessible name. */
  readonly text: string;
  /** The address's parameters once this filter is removed. */
  readonly without: Patch;
}

/** A value from the address that cannot be read: a chip of its own, showing it as written. */
interface Unreadable {
  readonly unreadable: string;
}

const isUnreadable = (value: unknown): value is Unreadable =>
  typeof value === 'object' && value !== null && 'unreadable' in value;

/**
 * One chip for the values of a repeatable parameter, which the list keeps any of ("type normal
 * or oneHopOff"), and one for each value that cannot be read (as written: `status=abc`). `lead`
 * comes before the values; each value is isolated, as it may carry a direction override.
 */
export function anyOfChips<I, Patch>(
  name: string,
  list: readonly I[],
  describe: (value: Exclude<I, Unreadable>) => string,
  without: (kept: I[]) => Patch,
  lead = '',
): Chip<Patch>[] {
  const readable = list.filter((item): item is Exclude<I, Unreadable> => !isUnreadable(item));
  const texts = [...new Set(readable.map(describe))];
  const chips: Chip<Patch>[] = [];
  if (texts.length > 0) {
    chips.push({
      label: (
        <>
          {lead}
          {texts.map((text, i) => (
            <Fragment key={text}>
              {i > 0 && <span className="filter-chip__or"> or </span>}
              <bdi>{text}</bdi>
            </Fragment>
          ))}
        </>
      ),
      text: `${lead}${texts.join(' or ')}`,
      without: without(list.filter(isUnreadable)),
    });
  }
  for (const item of list) {
    if (!isUnreadable(item)) continue;
    const text = `${name}=${item.unreadable}`;
    chips.push({
      label: <bdi>{text}</bdi>,
      text,
      without: without(list.filter((other) => other !== item)),
    });
  }
  return chips;
}

/** A chip for a filter of one value. */
export function oneChip<Patch>(text: string, without: Patch): Chip<Patch> {
  return { label: <bdi>{text}</bdi>, text, without };
}

export function FilterChips<Patch>({
  nouns,
  chips,
  onRemove,
  onClear,
}: {
  /** What the list holds: "Showing seeds". */
  nouns: string;
  chips: readonly Chip<Patch>[];
  onRemove: (without: Patch) => void;
  /** Removes every filter a chip shows. */
  onClear: () => void;
}) {
  if (chips.length === 0) return null;
  return (
    <div className="filter-chips" role="group" aria-label="Filters in force">
      <span className="filter-chips__lead">Showing {nouns}</span>
      <ul>
        {chips.map((chip, i) => (
          <li key={chip.text}>
            {i > 0 && <span className="filter-chips__and">and</span>}
            <span className="filter-chip">
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
