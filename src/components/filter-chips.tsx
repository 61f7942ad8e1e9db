/**
 * The filters in force above a list, each a chip that says what the list keeps and a button that
 * removes it, and a button that clears them all: so a list narrowed by facet clicks, a shared link
 * or the overview's charts always says why. The values of one filter are any of them ("Language:
 * English or Spanish", "no Subject or no Language"); different filters all apply, and read so.
 * A page makes its chips here; their markup loads when a list first has a filter in force.
 */
import { Suspense, lazy, type ReactNode } from 'react';

export interface Chip<Patch> {
  /** Words before the values ("Language: ", "type "), or none. */
  readonly lead: string;
  /** The values, any of which the list keeps; each is shown isolated (it may carry a direction override). */
  readonly values: readonly string[];
  /** What the filter keeps, as text, for the remove button's accessible name. */
  readonly text: string;
  /** The address's parameters once this filter is removed. */
  readonly without: Patch;
  /** The quick filter's chip, which a printout names on its own (see ListPage's `inForce`). */
  readonly quick?: true;
}

/** A value from the address that cannot be read: a chip of its own, showing it as written. */
interface Unreadable {
  readonly unreadable: string;
}

const isUnreadable = (value: unknown): value is Unreadable =>
  typeof value === 'object' && value !== null && 'unreadable' in value;

/**
 * One chip for the values of a repeatable parameter, which the list keeps any of ("type normal
 * or oneHopOff"), and one for each value that cannot be read (as written: `status=abc`).
 */
export function anyOfChips<I, Patch>(
  name: string,
  list: readonly I[],
  describe: (value: Exclude<I, Unreadable>) => string,
  without: (kept: I[]) => Patch,
  lead = '',
): Chip<Patch>[] {
  const readable = list.filter((item): item is Exclude<I, Unreadable> => !isUnreadable(item));
  const values = [...new Set(readable.map(describe))];
  const chips: Chip<Patch>[] = [];
  if (values.length > 0) {
    chips.push({
      lead,
      values,
      text: `${lead}${values.join(' or ')}`,
      without: without(list.filter(isUnreadable)),
    });
  }
  for (const item of list) {
    if (isUnreadable(item)) {
      chips.push(oneChip(`${name}=${item.unreadable}`, without(list.filter((o) => o !== item))));
    }
  }
  return chips;
}

/** A chip for a filter of one value. */
export function oneChip<Patch>(text: string, without: Patch): Chip<Patch> {
  return { lead: '', values: [text], text, without };
}

/** The quick filter's chip, the last of a list's. */
export function quickChip<Patch>(text: string, without: Patch): Chip<Patch> {
  return { ...oneChip(text, without), quick: true };
}

/** The filters in force in words, for a printout, which names the quick filter itself. */
export const inWords = <Patch,>(chips: readonly Chip<Patch>[]): string[] =>
  chips.filter((chip) => chip.quick !== true).map((chip) => chip.text);

export interface FilterChipsProps<Patch> {
  /** What the list holds: "Showing seeds". */
  nouns: string;
  chips: readonly Chip<Patch>[];
  onRemove: (without: Patch) => void;
  /** Removes every filter a chip shows. */
  onClear: () => void;
}

const ChipList = lazy(() => import('./filter-chip-list')) as unknown as <Patch>(
  props: FilterChipsProps<Patch>,
) => ReactNode;

export function FilterChips<Patch>(props: FilterChipsProps<Patch>) {
  if (props.chips.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ChipList {...props} />
    </Suspense>
  );
}
