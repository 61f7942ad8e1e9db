/**
 * The filter bar's quick choices for activity: records added (or updated) in the last 7, 30 or 90
 * days, today included, or since a date. Each writes `created_since` (or `updated_since`) as a UTC
 * day computed from today's UTC date, so the address says exactly what the list keeps.
 */
import { useId, useState } from 'react';
import { firstOfLast, RECENT_DAYS } from '../lib/activity-filters';
import { today } from '../lib/today';
import { SelectInput } from './filters';

const OPTIONS = [
  { value: '', label: 'Any time' },
  ...RECENT_DAYS.map((days) => ({
    value: String(days),
    label: `In the last ${String(days)} days`,
  })),
  { value: 'date', label: 'Since a date…' },
];

export function SinceChoice({
  label,
  value,
  onChange,
}: {
  /** "Added" or "Updated". */
  label: string;
  /** The parameter's value: a day, one that cannot be read (kept as written), or none. */
  value: string | { readonly unreadable: string } | undefined;
  onChange: (day: string | undefined) => void;
}) {
  const dateId = useId();
  const [picking, setPicking] = useState(false);
  const day = today();
  const preset = RECENT_DAYS.find((days) => value === firstOfLast(days, day));
  const chosen = value === undefined ? (picking ? 'date' : '') : preset ? String(preset) : 'date';
  return (
    <>
      <SelectInput
        label={label}
        value={chosen}
        options={OPTIONS}
        onChange={(next) => {
          setPicking(next === 'date');
          if (next === '') onChange(undefined);
          else if (next !== 'date') onChange(firstOfLast(Number(next), day));
        }}
      />
      {chosen === 'date' && (
        <div className="field">
          <label htmlFor={dateId}>{label} since (UTC)</label>
          <input
            id={dateId}
            type="date"
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => {
              onChange(event.target.value === '' ? undefined : event.target.value);
            }}
          />
        </div>
      )}
    </>
  );
}
