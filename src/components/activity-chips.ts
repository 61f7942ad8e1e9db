/**
 * The chips of the activity filters (src/lib/activity-filters.ts), for any list that has them:
 * "added by ahanson or mlee", "last updated since 20 Nov 2026", "created in March 2026". A value
 * that cannot be read has a chip of its own, as written.
 */
import { formatWhen, isDay, type ActivityValues } from '../lib/activity-filters';
import { anyOfChips, oneChip, type Chip } from './filter-chips';

type Patch = Partial<ActivityValues>;

interface Written {
  readonly unreadable: string;
}

const single = (
  name: keyof ActivityValues,
  value: string | Written | undefined,
  say: (text: string) => string,
): Chip<Patch>[] =>
  value === undefined
    ? []
    : [
        oneChip(typeof value === 'string' ? say(value) : `${name}=${value.unreadable}`, {
          [name]: undefined,
        }),
      ];

export function activityChips(values: Partial<ActivityValues>): Chip<Patch>[] {
  const day = (text: string) => formatWhen(text);
  return [
    ...anyOfChips(
      'created_by',
      values.created_by ?? [],
      (user) => user,
      (kept) => ({ created_by: kept }),
      'added by ',
    ),
    ...anyOfChips(
      'updated_by',
      values.updated_by ?? [],
      (user) => user,
      (kept) => ({ updated_by: kept }),
      'last updated by ',
    ),
    ...single('created_since', values.created_since, (t) => `added since ${day(t)}`),
    ...single('created', values.created, (t) => `created ${isDay(t) ? 'on' : 'in'} ${day(t)}`),
    ...single('updated_since', values.updated_since, (t) => `last updated since ${day(t)}`),
    ...single('updated', values.updated, (t) => `last updated ${isDay(t) ? 'on' : 'in'} ${day(t)}`),
  ];
}

/** What removing every activity chip sets. */
export const NO_ACTIVITY_CHIPS: Patch = {
  created_by: [],
  updated_by: [],
  created_since: undefined,
  updated_since: undefined,
  created: undefined,
  updated: undefined,
};
