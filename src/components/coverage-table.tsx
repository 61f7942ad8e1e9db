/**
 * The coverage of a collection's seeds' metadata fields (its Metadata tab): per field, how many
 * records have it, how many distinct values it takes, and a link to the records without it. Apart
 * from the audit's headline (metadata-audit.tsx), which the lists' first screens show.
 */
import { Link } from './link';
import { formatCount, plural } from '../lib/format';
import type { CoverageReport } from '../lib/metadata-audit';

const percent = (share: number) => `${Math.round(share * 100).toString()}%`;

/** One row per field: who has it, how many distinct values, and the records without it. */
export function CoverageTable({
  coverage,
  noun,
  nouns = `${noun}s`,
  caption,
  linkTo,
}: {
  coverage: CoverageReport;
  noun: string;
  nouns?: string;
  caption: string;
  linkTo: (fields: readonly string[]) => string;
}) {
  if (coverage.fields.length === 0) {
    return <p className="muted">No {noun} here has descriptive metadata.</p>;
  }
  return (
    <div className="coverage">
      <table className="coverage-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col" className="number">
              {nouns.charAt(0).toUpperCase() + nouns.slice(1)} with it
            </th>
            <th scope="col" className="number">
              Share
            </th>
            <th scope="col" className="number">
              Distinct values
            </th>
            <th scope="col" className="number">
              Without it
            </th>
          </tr>
        </thead>
        <tbody>
          {coverage.fields.map((row) => {
            const without = coverage.total - row.present;
            return (
              <tr key={row.field}>
                <th scope="row">
                  <bdi>{row.field}</bdi>
                </th>
                <td className="number">{formatCount(row.present)}</td>
                <td className="number">
                  <span className="coverage-bar" aria-hidden="true">
                    <span style={{ width: percent(row.share) }} />
                  </span>
                  <span className="coverage-share">{percent(row.share)}</span>
                </td>
                <td className="number">{formatCount(row.distinct)}</td>
                <td className="number">
                  {without === 0 ? (
                    <span className="muted">none</span>
                  ) : (
                    <Link to={linkTo([row.field])}>
                      {formatCount(without)}
                      <span className="visually-hidden">
                        {' '}
                        {without === 1 ? noun : nouns} without <bdi>{row.field}</bdi>
                      </span>
                    </Link>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {coverage.metadataUnknown > 0 && (
        <p className="muted">
          The catalogue service did not give the metadata of{' '}
          {plural(coverage.metadataUnknown, noun, nouns)}; they count as lacking every field.
        </p>
      )}
    </div>
  );
}
