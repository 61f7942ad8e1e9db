/**
 * The activity page's address: the period (`period=7d|30d|90d`, `since=YYYY-MM-DD`, or a chart's
 * week, `week=YYYY-MM-DD`) and one person (`person=<user name>`). Anything unreadable falls back
 * to the last 30 days with a message that says what was ignored.
 */
import { utcDay, utcDayStart } from '../../api/changes';
import { choiceParam, quoted, textParam, type Param } from '../../addresses/url-params';
import { DAY_MS, weekStart, type Window } from './activity-model';

export const PERIODS = ['7d', '30d', '90d'] as const;
export type PeriodChoice = (typeof PERIODS)[number];
const DEFAULT_PERIOD: PeriodChoice = '30d';
const PERIOD_DAYS: Readonly<Record<PeriodChoice, number>> = { '7d': 7, '30d': 30, '90d': 90 };

/** A day of the UTC calendar, `YYYY-MM-DD`; anything else is ignored with a message. */
function dayParam(name: string, means: string): Param<string | undefined> {
  return {
    decode: (text) => {
      if (text === null || text === '') return { value: undefined };
      if (utcDayStart(text) !== null) return { value: text };
      return {
        value: undefined,
        problem: `${quoted(text)} is not a day of the calendar written YYYY-MM-DD (${name}= ${means}), so it is ignored.`,
      };
    },
    encode: (value) => value ?? null,
  };
}

export const activityParams = {
  period: choiceParam('period of days', PERIODS),
  since: dayParam('since', 'counts the changes from that day on'),
  week: dayParam('week', 'counts the changes of the week holding that day'),
  person: textParam(),
};

const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A day as a person says it: "Tue 24 Nov 2026" (in the reader's language). */
export const formatDay = (ms: number): string => dayFormat.format(ms);

export interface ResolvedPeriod {
  readonly window: Window;
  /** Which choice the selector shows. */
  readonly choice: PeriodChoice | 'since' | 'week';
  /** The period in words, after "in" or as a heading: "the last 30 days", "since Tue 24 Nov 2026". */
  readonly words: string;
  /** The first day counted, `YYYY-MM-DD`: what `created_since` and `updated_since` take. */
  readonly firstDay: string;
  /** The list filters open-ended from the first day; a week has an end no filter names. */
  readonly openEnded: boolean;
  readonly problems: string[];
}

/** The period the address asks for, counted back from `today` (00:00 UTC). */
export function resolvePeriod(
  values: { period: PeriodChoice | undefined; since: string | undefined; week: string | undefined },
  today: number,
): ResolvedPeriod {
  const problems: string[] = [];
  const asked = [values.period, values.since, values.week].filter((v) => v !== undefined);
  if (asked.length > 1) {
    problems.push(
      'The address names more than one period (period=, since=, week=): the first of since, week and period is used.',
    );
  }
  if (values.since !== undefined) {
    const from = utcDayStart(values.since) ?? today;
    return {
      window: { from, until: null },
      choice: 'since',
      words: `since ${formatDay(from)}`,
      firstDay: values.since,
      openEnded: true,
      problems,
    };
  }
  if (values.week !== undefined) {
    const from = weekStart(utcDayStart(values.week) ?? today);
    return {
      window: { from, until: from + 7 * DAY_MS },
      choice: 'week',
      words: `the week of ${formatDay(from)}`,
      firstDay: utcDay(from),
      openEnded: false,
      problems,
    };
  }
  const period = values.period ?? DEFAULT_PERIOD;
  const days = PERIOD_DAYS[period];
  const from = today - (days - 1) * DAY_MS;
  return {
    window: { from, until: null },
    choice: period,
    words: `the last ${String(days)} days`,
    firstDay: utcDay(from),
    openEnded: true,
    problems,
  };
}

/** The next wider period, offered when this one has no changes. */
export function widerPeriod(choice: ResolvedPeriod['choice']): PeriodChoice | null {
  return choice === '7d' ? '30d' : choice === '30d' ? '90d' : choice === 'week' ? '30d' : null;
}
