/**
 * A chart's figures as a table: the same spec, so the same figures and the same links, for anyone
 * who would rather read than look, and for copying into a report.
 */
import { Link } from '../link';
import {
  barExact,
  barTotal,
  exactValue,
  formatValue,
  type ChartBar,
  type ChartSegment,
  type ChartSpec,
} from './chart-model';

function Figure({
  spec,
  value,
  href,
  label,
}: {
  spec: ChartSpec;
  value: number;
  href: string | undefined;
  label: string;
}) {
  const text = formatValue(spec.kind, value);
  if (!href || value <= 0) return <>{text}</>;
  return (
    <Link to={href} aria-label={label}>
      {text}
    </Link>
  );
}

export function ChartTable({ spec }: { spec: ChartSpec }) {
  const several = spec.series.length > 1;
  const bytes = spec.kind === 'bytes';
  const segmentOf = (bar: ChartBar, key: string): ChartSegment | undefined =>
    bar.segments.find((s) => s.series === key);
  return (
    <div className="chart-table-wrap">
      <table className="chart-table">
        <caption className="visually-hidden">{spec.title}</caption>
        <thead>
          <tr>
            <th scope="col">{spec.categoryLabel}</th>
            {several &&
              spec.series.map((s) => (
                <th key={s.key} scope="col" className="number">
                  {s.label}
                </th>
              ))}
            <th scope="col" className="number">
              {several ? 'Total' : spec.valueLabel}
            </th>
            {bytes && (
              <th scope="col" className="number">
                Exact size
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {spec.bars.map((bar) => {
            const total = barTotal(bar);
            return (
              <tr key={bar.key} className={bar.muted ? 'chart-table__muted' : undefined}>
                <th scope="row">
                  <bdi>{bar.label}</bdi>
                  {bar.note && <span className="chart-table__note">{bar.note}</span>}
                </th>
                {several &&
                  spec.series.map((s) => {
                    const segment = segmentOf(bar, s.key);
                    return (
                      <td key={s.key} className="number">
                        <Figure
                          spec={spec}
                          value={segment?.value ?? 0}
                          href={segment?.href}
                          label={`${bar.label}, ${s.label.toLowerCase()}: ${exactValue(spec, segment?.value ?? 0)}`}
                        />
                      </td>
                    );
                  })}
                <td className="number">
                  <Figure
                    spec={spec}
                    value={total}
                    href={several ? bar.href : bar.segments[0]?.href}
                    label={`${bar.label}: ${exactValue(spec, total, barExact(bar))}`}
                  />
                </td>
                {bytes && <td className="number">{barExact(bar).toLocaleString()}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
