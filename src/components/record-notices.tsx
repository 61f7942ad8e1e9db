/**
 * What a list says about the records it received: those left out because their id could not be
 * read (counted, with the reason for each on request), fields the service does not send at all (a
 * quiet note) and fields some records lack or sent unreadable (one notice, counted per field).
 * Loaded only by a list that has something of the kind to say (see ListStatus).
 */
import { useId, useState } from 'react';
import type { ListData } from '../api/load-list';
import { reportGaps } from '../api/parse';
import type { FieldInfo, RecordProblem } from '../api/parse';
import type { Resource } from '../contract/wire';
import { formatCount, plural } from '../lib/format';

export interface RecordNoticesProps<T> {
  resource: Resource;
  data: ListData<T>;
  noun: string;
  nouns: string;
  /** A field's title where the page shows it as a column. */
  titleOf?: ((key: string) => string | undefined) | undefined;
}

/** Everything the records of a list lack, as below. */
export default function RecordNotices<T>({
  resource,
  data,
  noun,
  nouns,
  titleOf,
}: RecordNoticesProps<T>) {
  return (
    <>
      {data.problems.length > 0 && (
        <DroppedRecords problems={data.problems} noun={noun} nouns={nouns} />
      )}
      <FieldGapNotes resource={resource} data={data} noun={noun} nouns={nouns} titleOf={titleOf} />
    </>
  );
}

/** Records without a readable id: counted, with the reason for each on request. */
function DroppedRecords({
  problems,
  noun,
  nouns,
}: {
  problems: readonly RecordProblem[];
  noun: string;
  nouns: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="notice notice-warning" role="status">
      <p>
        {plural(problems.length, noun, nouns)} {problems.length === 1 ? 'has' : 'have'} no readable
        id and {problems.length === 1 ? 'is' : 'are'} left out.{' '}
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => {
            setOpen((was) => !was);
          }}
        >
          {open ? 'Hide details' : 'Show details'}
        </button>
      </p>
      {open && (
        <ul id={id} className="problem-list">
          {problems.slice(0, 200).map((problem) => (
            <li key={problem.index}>
              Record {formatCount(problem.index + 1)} of the list:{' '}
              {problem.field ? (
                <code>
                  <bdi>{problem.field}</bdi>
                </code>
              ) : (
                'the item'
              )}{' '}
              <bdi>{problem.message}</bdi>.
            </li>
          ))}
          {problems.length > 200 && <li>…and {formatCount(problems.length - 200)} more.</li>}
        </ul>
      )}
    </div>
  );
}

/**
 * Fields the service does not send at all (a quiet note: that is how its representation is) and
 * fields some records lack or sent unreadable (one notice, counted per field). Each field is named
 * as the table titles its column (`titleOf`), else by its label: never by its name on the wire.
 */
function FieldGapNotes<T>({
  resource,
  data,
  noun,
  nouns,
  titleOf,
}: {
  resource: Resource;
  data: ListData<T>;
  noun: string;
  nouns: string;
  titleOf?: ((key: string) => string | undefined) | undefined;
}) {
  const { absent, partial } = reportGaps(resource, data.gaps, data.rows.length);
  const noted = absent.filter((field) => !field.optional);
  const title = (field: FieldInfo) => titleOf?.(field.key) ?? field.label;
  return (
    <>
      {noted.length > 0 && (
        <p className="list-note">
          The catalogue service does not provide: {noted.map(title).join(', ')}.
        </p>
      )}
      {partial.length > 0 && (
        <div className="notice notice-info" role="status">
          <p>
            Some values are unknown and show as “—”:{' '}
            {partial
              .map(({ field, missing, unreadable }) => {
                const unknown = missing + unreadable;
                const why =
                  unreadable === 0
                    ? ''
                    : unreadable === unknown
                      ? ' (unreadable)'
                      : ` (${formatCount(unreadable)} unreadable)`;
                return `${title(field)} unknown for ${plural(unknown, noun, nouns)}${why}`;
              })
              .join('; ')}
            .
          </p>
        </div>
      )}
    </>
  );
}
