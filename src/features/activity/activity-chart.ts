/**
 * The chart of changes per week: one bar a week, stacked by the most active people, "others" and
 * no one named. Each part opens the page's day list for that week (and that person).
 */
import { utcDay } from '../../api/changes';
import type {
  ChartBar,
  ChartSegment,
  ChartSeries,
  ChartSpec,
} from '../../components/chart/chart-model';
import { WEEKS, type Activity } from './activity-model';
import { formatDay } from './activity-params';

/** The address of the day list of a week (its Monday, `YYYY-MM-DD`), for one person or everyone. */
export type WeekLink = (week: string, person: string | null) => string;

const OTHERS = 'others';
const UNNAMED = 'unnamed';
const personKey = (name: string) => `person:${name}`;

const shortDay = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

export function weekChart(
  activity: Activity,
  link: WeekLink,
  person: string | null,
  /** What the records are: the catalogue's seeds and collections, or a collection's seeds. */
  what = 'Seeds and collections',
): ChartSpec {
  const top = new Set(activity.top);
  let others = false;
  let unnamed = false;
  for (const week of activity.weeks) {
    for (const [by, count] of week.byPerson) {
      if (count === 0) continue;
      if (by === null) unnamed = true;
      else if (!top.has(by)) others = true;
    }
  }
  const series: ChartSeries[] = [
    ...activity.top.map((name) => ({ key: personKey(name), label: name })),
    ...(others ? [{ key: OTHERS, label: 'Others', tone: 'other' as const }] : []),
    ...(unnamed ? [{ key: UNNAMED, label: 'Not named', tone: 'unknown' as const }] : []),
  ];
  const bars: ChartBar[] = activity.weeks.map((week) => {
    const day = utcDay(week.start);
    let rest = 0;
    let nobody = 0;
    for (const [by, count] of week.byPerson) {
      if (by === null) nobody += count;
      else if (!top.has(by)) rest += count;
    }
    const segments: ChartSegment[] = [
      ...activity.top.map((name) => ({
        series: personKey(name),
        value: week.byPerson.get(name) ?? 0,
        href: link(day, name),
      })),
      ...(others ? [{ series: OTHERS, value: rest, href: link(day, person) }] : []),
      ...(unnamed ? [{ series: UNNAMED, value: nobody, href: link(day, person) }] : []),
    ];
    return {
      key: day,
      label: `Week of ${formatDay(week.start)}`,
      tick: shortDay.format(week.start),
      segments,
      href: link(day, person),
    };
  });
  return {
    id: 'changes-per-week',
    title: 'Changes per week',
    summary: `${what} added or updated, each week (from Monday, UTC) of the last ${String(WEEKS)}, by ${person === null ? 'the most active people' : person}. A part of a bar opens that week’s changes.`,
    layout: 'columns',
    categoryLabel: 'Week starting (UTC)',
    valueLabel: 'Changes (added and updated)',
    kind: 'count',
    noun: ['change', 'changes'],
    series,
    bars,
    empty: `No changes in the last ${String(WEEKS)} weeks${person === null ? '' : ` by ${person}`}.`,
  };
}
