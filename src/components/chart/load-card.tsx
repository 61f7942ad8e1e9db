/**
 * Where a chart that counts every seed will be, before the seeds are loaded: what it shows, what
 * it takes, and the button that starts it.
 */
import { useId } from 'react';
import { formatCount } from '../../lib/format';
import './chart.css';

export function LoadSeedsCard({
  title,
  summary,
  reason,
  total,
  loading,
  onLoad,
}: {
  title: string;
  summary: string;
  /** Why the seeds must be loaded first. */
  reason: string;
  /** How many seeds there are, when the collections say so. */
  total: number | null;
  loading: boolean;
  onLoad: () => void;
}) {
  const titleId = useId();
  return (
    <section className="chart-card chart-card--waiting" aria-labelledby={titleId}>
      <div className="chart-card__head">
        <div>
          <h2 id={titleId} className="chart-card__title">
            {title}
          </h2>
          <p className="chart-card__summary">{summary}</p>
        </div>
      </div>
      <div className="chart-card__load">
        <p>{reason}</p>
        <button type="button" className="button" onClick={onLoad} disabled={loading}>
          {loading
            ? 'Loading the seeds…'
            : total === null
              ? 'Load every seed to chart them'
              : `Load the ${formatCount(total)} seeds to chart them`}
        </button>
      </div>
    </section>
  );
}
