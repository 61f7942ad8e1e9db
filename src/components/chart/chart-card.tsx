/**
 * One chart with its title, what it counts, its legend and a button that shows the same figures
 * as a table ("Show as table") and back ("Show as chart"). The chart's code is fetched with the
 * page; the table's only when it is asked for.
 */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { hasFigures, seriesColour, type ChartSpec } from './chart-model';
import './chart.css';

// Asked for as soon as an overview's code runs, so it arrives with the page's data rather than
// after the page's first render.
const chartModule = import('./bar-chart');
// A failure to load it surfaces when a chart is drawn, as before, not as an unhandled rejection.
chartModule.catch(() => undefined);
const BarChart = lazy(() => chartModule);
// The table is drawn only when asked for, so its code waits until then.
const ChartTable = lazy(() => import('./chart-table').then((m) => ({ default: m.ChartTable })));

/** The height the chart will take, so nothing moves when it arrives. */
function chartHeight(spec: ChartSpec): number {
  return spec.layout === 'rows' ? spec.bars.length * 30 + 76 : 324;
}

export function ChartCard({ spec, notes }: { spec: ChartSpec; notes?: ReactNode }) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const drawable = hasFigures(spec);
  return (
    <figure className="chart-card" aria-labelledby={titleId} data-chart={spec.id}>
      <div className="chart-card__head">
        <div>
          <h2 id={titleId} className="chart-card__title">
            {spec.title}
          </h2>
          <p className="chart-card__summary">{spec.summary}</p>
        </div>
        {drawable && (
          <button
            type="button"
            className="button button-quiet chart-card__toggle"
            onClick={() => {
              setAsTable((was) => !was);
            }}
          >
            {asTable ? 'Show as chart' : 'Show as table'}
          </button>
        )}
      </div>
      {!drawable ? (
        <p className="chart-card__empty">{spec.empty}</p>
      ) : asTable ? (
        <Suspense fallback={<p className="chart-card__empty">Laying out the table…</p>}>
          <ChartTable spec={spec} />
        </Suspense>
      ) : (
        <>
          {spec.series.length > 1 && (
            <ul className="chart-legend" aria-label="Legend">
              {spec.series.map((s) => (
                <li key={s.key}>
                  <span
                    className={`chart-legend__swatch chart-legend__swatch--${seriesColour(spec, s.key)}`}
                  />
                  {s.label}
                </li>
              ))}
            </ul>
          )}
          <Suspense
            fallback={
              <div
                className="chart-placeholder"
                style={{ height: `${String(chartHeight(spec))}px` }}
              >
                <span className="visually-hidden">Drawing the chart…</span>
              </div>
            }
          >
            <BarChart spec={spec} />
          </Suspense>
        </>
      )}
      {notes && <div className="chart-card__notes">{notes}</div>}
    </figure>
  );
}
