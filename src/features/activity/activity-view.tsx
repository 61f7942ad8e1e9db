/**
 * Recent work, for the catalogue (/activity) or one collection (its Activity tab): the period and
 * person chosen in the address, the period's figures, the chart of changes per week and the day
 * list. The caller hands it the records; every figure is counted by activity-model.ts.
 */
import { useCallback, useId, useMemo } from 'react';
import { Link } from '../../components/link';
import { utcDay, utcDayStart } from '../../api/changes';
import { useVisitorsCatalogue } from '../../api/hooks';
import type { Collection, Seed } from '../../api/records';
import { ChartCard } from '../../components/chart/chart-card';
import { Headline, Parts, type HeadlineFigure } from '../../components/chart/headline';
import { EmptyState } from '../../components/empty-state';
import { FilterBar, SelectInput, UrlProblems } from '../../components/filters';
import { formatCount, plural } from '../../lib/format';
import { paths, type Query } from '../../lib/paths';
import { today } from '../../lib/today';
import { useUrlState } from '../../lib/url-state';
import { weekChart } from './activity-chart';
import { activityOf, type Activity } from './activity-model';
import { activityParams, resolvePeriod, widerPeriod, type ResolvedPeriod } from './activity-params';
import { DayList } from './day-list';
import './activity.css';

const PERIOD_OPTIONS = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: 'since', label: 'Since a day…' },
] as const;
type PeriodOption = (typeof PERIOD_OPTIONS)[number]['value'] | 'week';

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The figures of the period, each opening its list where a filter can name it. */
function periodFigures(
  activity: Activity,
  period: ResolvedPeriod,
  person: string | null,
  collection: number | undefined,
): HeadlineFigure[] {
  const { totals } = activity;
  const by = person ?? undefined;
  const since = period.firstDay;
  // A week ends: no list filter names an end, so its figures open nothing.
  const link = (href: string, count: number) => (period.openEnded && count > 0 ? href : undefined);
  const figures: HeadlineFigure[] = [
    {
      label: 'Seeds added',
      value: formatCount(totals.seedsAdded),
      href: link(
        paths.seedList(collection, { created_by: by, created_since: since }),
        totals.seedsAdded,
      ),
      detail: `in ${period.words}`,
    },
    {
      label: 'Seeds updated',
      value: formatCount(totals.seedsUpdated),
      href: link(
        paths.seedList(collection, { updated_by: by, updated_since: since }),
        totals.seedsUpdated,
      ),
      detail: 'after they were added',
    },
  ];
  if (collection === undefined) {
    figures.push({
      label: 'Collections added · updated',
      value: `${formatCount(totals.collectionsAdded)} · ${formatCount(totals.collectionsUpdated)}`,
      detail: (
        <Parts
          parts={[
            {
              text: `${formatCount(totals.collectionsAdded)} added`,
              href: link(
                paths.collections({ created_by: by, created_since: since }),
                totals.collectionsAdded,
              ),
            },
            {
              text: `${formatCount(totals.collectionsUpdated)} updated`,
              href: link(
                paths.collections({ updated_by: by, updated_since: since }),
                totals.collectionsUpdated,
              ),
            },
          ]}
        />
      ),
    });
  }
  return figures;
}

export function ActivityView({
  records,
  collection,
  collectionName,
}: {
  records: { seeds: readonly Seed[]; collections: readonly Collection[] };
  /** The collection whose tab this is; none for the whole catalogue. */
  collection?: number;
  collectionName: (id: number) => string;
}) {
  const url = useUrlState(activityParams);
  const day = today();
  const period = useMemo(() => resolvePeriod(url.values, day), [url.values, day]);
  const person = url.values.person === '' ? null : url.values.person;
  const activity = useMemo(
    () => activityOf(records, period.window, day, person),
    [records, period.window, day, person],
  );
  const here = useCallback((query: Query) => paths.activity(collection, query), [collection]);
  const spec = useMemo(
    () =>
      weekChart(
        activity,
        (week, who) => here({ week, person: who ?? undefined }),
        person,
        collection === undefined ? undefined : 'The collection’s seeds',
      ),
    [activity, collection, here, person],
  );
  const visitors = useVisitorsCatalogue();
  const wider = widerPeriod(period.choice);
  const choice: PeriodOption = period.choice;
  const options =
    choice === 'week'
      ? [...PERIOD_OPTIONS, { value: 'week' as const, label: capitalised(period.words) }]
      : PERIOD_OPTIONS;
  const known = activity.people.some((p) => p.name === person);

  return (
    <div className="activity">
      <FilterBar label="Which changes">
        <SelectInput<PeriodOption>
          label="Period"
          value={choice}
          options={options}
          onChange={(value) => {
            if (value === 'since')
              url.set({ since: period.firstDay, period: undefined, week: undefined });
            else if (value !== 'week')
              url.set({ period: value, since: undefined, week: undefined });
          }}
        />
        {choice === 'since' && (
          <SinceInput
            value={period.firstDay}
            onCommit={(since) => {
              url.set({ since, period: undefined, week: undefined });
            }}
          />
        )}
        {activity.people.length > 0 && (
          <SelectInput
            label="Person"
            value={person ?? ''}
            options={[
              { value: '', label: 'Everyone' },
              ...(person !== null && !known ? [{ value: person, label: person }] : []),
              ...activity.people.map((p) => ({
                value: p.name,
                label: `${p.name} (${formatCount(p.changes)})`,
              })),
            ]}
            onChange={(value) => {
              url.set({ person: value });
            }}
          />
        )}
      </FilterBar>
      <UrlProblems problems={[...url.problems, ...period.problems]} />
      <Unnamed activity={activity} visitors={visitors} />
      <Headline
        label={`Changes in ${period.words}`}
        figures={periodFigures(activity, period, person, collection)}
      />
      <ChartCard spec={spec} />
      {activity.days.length === 0 ? (
        <EmptyState
          kind={person === null ? 'nothing-yet' : 'no-matches'}
          title={`No changes in ${period.words}${person === null ? '' : ` by ${person}`}.`}
        >
          <p>
            {wider && (
              <Link to={here({ period: wider, person: person ?? undefined })}>
                Show the last {wider.slice(0, -1)} days
              </Link>
            )}
            {wider && person !== null && ' · '}
            {person !== null && (
              <Link to={here({ ...url.values, person: undefined })}>Show everyone’s changes</Link>
            )}
          </p>
        </EmptyState>
      ) : (
        <DayList days={activity.days} collectionName={collectionName} />
      )}
    </div>
  );
}

/** Who is unknown, and why: said once, above the figures. */
function Unnamed({ activity, visitors }: { activity: Activity; visitors: boolean }) {
  if (activity.allUnnamed === 0) return null;
  const why = visitors
    ? 'The service shows this catalogue as it shows a visitor without an account, without the names of who changed what.'
    : 'The service did not say who made them.';
  if (activity.allUnnamed === activity.all) {
    return (
      <p className="notice notice-info" role="note">
        No change names who made it, so the page counts changes by their dates alone. {why}
      </p>
    );
  }
  return (
    <p className="notice notice-info" role="note">
      {plural(activity.allUnnamed, 'change')} of {formatCount(activity.all)} name no one: they are
      counted as “not named”. {why}
    </p>
  );
}

/** The first day of a period chosen by hand: applied once it is a whole day. */
function SinceInput({ value, onCommit }: { value: string; onCommit: (day: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Since</label>
      <input
        id={id}
        type="date"
        value={value}
        max={utcDay(today())}
        onChange={(event) => {
          if (utcDayStart(event.target.value) !== null) onCommit(event.target.value);
        }}
      />
    </div>
  );
}
