/**
 * The chips of a seed list: one for each filter in force, those the service applies (collection,
 * metadata field and prefix) and those the explorer applies to the loaded rows, with the quick
 * filter last. Each says what the list keeps.
 */
import { anyOfChips, oneChip, quickChip, type Chip } from '../../components/filter-chips';
import { activityChips, NO_ACTIVITY_CHIPS } from '../../components/activity-chips';
import type { StatusClass } from '../../lib/seed-status';
import {
  isUnreadable,
  type SeedGroupChoice,
  type SeedRowFilterValues,
  type WhereClause,
} from './seed-filters';
import { sharingChips } from './sharing-filters';

/** The address's parameters a chip removes. */
export type SeedChipPatch = Partial<SeedRowFilterValues> & {
  collection?: number | undefined;
  metadata__name?: string;
  metadata__value__startswith?: string;
  q?: string;
};

type Values = SeedRowFilterValues & {
  collection?: number | undefined;
  metadata__name: string;
  metadata__value__startswith: string;
  q: string;
};

const STATUS: Record<StatusClass, string> = {
  '2xx': 'status 2xx',
  '3xx': 'status 3xx',
  '4xx': 'status 4xx',
  '5xx': 'status 5xx',
  other: 'another status',
  unchecked: 'status not checked',
};

/** Every filter in force, in a fixed order: the service's first, the quick filter last. */
export function filterChips(
  values: Values,
  names: {
    group: (id: number) => string | undefined;
    /** The collection's name, on a list that is not a collection's own. */
    collection: (id: number) => string;
  },
): Chip<SeedChipPatch>[] {
  const group = (choice: SeedGroupChoice) =>
    choice === 'none' ? 'in no seed group' : `in group “${names.group(choice) ?? String(choice)}”`;
  const { collection, metadata__name: field, metadata__value__startswith: prefix } = values;
  const chips: Chip<SeedChipPatch>[] = [];
  if (collection !== undefined) {
    chips.push(oneChip(`in “${names.collection(collection)}”`, { collection: undefined }));
  }
  if (field !== '' || prefix !== '') {
    const text =
      prefix === ''
        ? `with a ${field} value`
        : `${field === '' ? 'a value' : field} starting “${prefix}”`;
    chips.push(oneChip(text, { metadata__name: '', metadata__value__startswith: '' }));
  }
  // The values chosen for each field, one chip per field.
  const fields = [
    ...new Set(values.where.filter((c): c is WhereClause => !isUnreadable(c)).map((c) => c.field)),
  ];
  for (const name of fields) {
    const mine = values.where.filter((c) => !isUnreadable(c) && c.field === name);
    const others = values.where.filter((c) => isUnreadable(c) || c.field !== name);
    chips.push(
      ...anyOfChips(
        'where',
        mine,
        (c) => c.value,
        () => ({ where: others }),
        `${name}: `,
      ),
    );
  }
  chips.push(
    ...anyOfChips(
      'where',
      values.where.filter(isUnreadable),
      () => '',
      (kept) => ({ where: [...values.where.filter((c) => !isUnreadable(c)), ...kept] }),
    ),
    ...anyOfChips(
      'missing',
      values.missing,
      (f) => `no ${f}`,
      (kept) => ({ missing: kept }),
    ),
    ...anyOfChips('seed_group', values.seed_group, group, (kept) => ({ seed_group: kept })),
    ...anyOfChips(
      'active',
      values.active,
      (v) => (v ? 'active' : 'inactive'),
      (kept) => ({ active: kept }),
    ),
    ...anyOfChips(
      'public',
      values.public,
      (v) => (v ? 'public' : 'private'),
      (kept) => ({ public: kept }),
    ),
    ...anyOfChips(
      'seed_type',
      values.seed_type,
      (t) => t,
      (kept) => ({ seed_type: kept }),
      'type ',
    ),
    ...anyOfChips(
      'status',
      values.status,
      (s) => STATUS[s],
      (kept) => ({ status: kept }),
    ),
  );
  chips.push(...activityChips(values));
  chips.push(...sharingChips(values, names.collection, (patch): SeedChipPatch => patch));
  if (values.q !== '') chips.push(quickChip(`URL or title containing “${values.q}”`, { q: '' }));
  return chips;
}

/** What removing every chip sets. */
export const NO_CHIPS: SeedChipPatch = {
  collection: undefined,
  metadata__name: '',
  metadata__value__startswith: '',
  where: [],
  missing: [],
  seed_group: [],
  active: [],
  public: [],
  seed_type: [],
  status: [],
  ...NO_ACTIVITY_CHIPS,
  shared: [],
  duplicate: [],
  shared_with: [],
  q: '',
};
