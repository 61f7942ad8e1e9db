/**
 * The period's changes day by day, newest first: one line per person and collection ("ahanson
 * added 42 seeds to University Web Presence, updated 17"), each figure a link to exactly the
 * records it counts, with the activity filters of the seed and collection lists.
 */
import { useState } from 'react';
import { Link } from '../../components/link';
import { utcDayStart } from '../../api/changes';
import { formatCount, plural } from '../../lib/format';
import { paths, type Query } from '../../lib/paths';
import { today } from '../../lib/today';
import { type ActivityDay, type ChangeKind, type DayLine } from './activity-model';
import { formatDay } from './activity-params';

/** Days shown at first, and added by each "Show more". */
const DAYS_AT_ONCE = 14;

/** What a figure of a line opens: the records of that kind, day, person and place; or nothing. */
export function lineHref(line: DayLine, kind: ChangeKind, day: string): string | undefined {
  if (line[kind] === 0) return undefined;
  // No filter names "no one": a list by the day alone is exact only when no one named shares it.
  if (line.by === null && !line.unnamedAlone[kind]) return undefined;
  const query: Query =
    kind === 'added'
      ? { created_by: line.by ?? undefined, created: day }
      : { updated_by: line.by ?? undefined, updated: day };
  if (line.subject === 'collection') return paths.collections(query);
  // Seeds whose collection cannot be read: no list holds exactly them.
  return line.collection === null ? undefined : paths.seedList(line.collection, query);
}

function Figure({ href, text, label }: { href: string | undefined; text: string; label: string }) {
  return href ? (
    <Link to={href} aria-label={label} className="activity-figure">
      {text}
    </Link>
  ) : (
    <span className="activity-figure activity-figure--still">{text}</span>
  );
}

function Line({
  line,
  day,
  collectionName,
}: {
  line: DayLine;
  day: string;
  collectionName: (id: number) => string;
}) {
  const who = line.by ?? 'Someone not named';
  const noun = line.subject === 'seed' ? 'seed' : 'collection';
  const where =
    line.subject === 'collection'
      ? ''
      : line.collection === null
        ? ' of a collection the service did not name'
        : ` ${collectionName(line.collection)}`;
  const dayWords = formatDay(utcDayStart(day) ?? 0);
  const figure = (kind: ChangeKind, text: string) => (
    <Figure
      href={lineHref(line, kind, day)}
      text={text}
      label={`${plural(line[kind], noun)} ${kind} by ${who}${where ? ` in${where}` : ''} on ${dayWords}`}
    />
  );
  const still =
    line.by === null &&
    ((line.added > 0 && !line.unnamedAlone.added) ||
      (line.updated > 0 && !line.unnamedAlone.updated));
  return (
    <li className={line.by === null ? 'activity-line activity-line--unnamed' : 'activity-line'}>
      <span className="activity-line__who">{who}</span>{' '}
      {line.added > 0 && (
        <>
          added {figure('added', plural(line.added, noun))}
          {where && <> to{where}</>}
          {line.updated > 0 && <>, updated {figure('updated', formatCount(line.updated))}</>}
        </>
      )}
      {line.added === 0 && (
        <>
          updated {figure('updated', plural(line.updated, noun))}
          {where && <> in{where}</>}
        </>
      )}
      {still && (
        <span className="activity-line__note">
          {' '}
          (no list picks these out: others that day are named, and a list cannot ask for no one)
        </span>
      )}
    </li>
  );
}

export function DayList({
  days,
  collectionName,
}: {
  days: readonly ActivityDay[];
  collectionName: (id: number) => string;
}) {
  const [shown, setShown] = useState(DAYS_AT_ONCE);
  const rest = days.length - shown;
  return (
    <section className="activity-days" aria-labelledby="activity-days-title">
      <h2 id="activity-days-title" className="section-title">
        Day by day
      </h2>
      <ol className="activity-days__list">
        {days.slice(0, shown).map((entry) => {
          const start = utcDayStart(entry.day) ?? 0;
          const headingId = `activity-day-${entry.day}`;
          return (
            <li key={entry.day} className="activity-day" aria-labelledby={headingId}>
              <h3 id={headingId} className="activity-day__title">
                <time dateTime={entry.day}>{formatDay(start)}</time>
                <span className="activity-day__count">
                  {' '}
                  · {plural(entry.changes, 'change')}
                  {start > today() ? ' (dated in the future)' : ''}
                </span>
              </h3>
              <ul className="activity-day__lines">
                {entry.lines.map((line) => (
                  <Line
                    key={`${line.by ?? ''}|${line.subject}|${String(line.collection)}`}
                    line={line}
                    day={entry.day}
                    collectionName={collectionName}
                  />
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
      {rest > 0 && (
        <button
          type="button"
          className="button button-quiet"
          onClick={() => {
            setShown((n) => n + DAYS_AT_ONCE);
          }}
        >
          Show {plural(Math.min(rest, DAYS_AT_ONCE), 'more day')} (of {formatCount(rest)} left)
        </button>
      )}
    </section>
  );
}
