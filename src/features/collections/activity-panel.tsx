/**
 * The facet panel of /collections: who added and who last updated the collections shown, counted
 * by `activityCounts` (src/lib/activity-counts.ts). A chunk of its own with that code, loaded when
 * the panel is first opened, so that the first screen of /collections does not carry it.
 */
import { useId, useMemo } from 'react';
import { ActivityFacets, type ActivityChoice } from '../../components/activity-facets';
import { activityCounts } from '../../lib/activity-counts';
import type { ActivityModel } from '../../lib/activity-filters';
import { plural } from '../../lib/format';

const COLLECTION_NOUNS = ['collection', 'collections'] as const;

export default function ActivityPanel({
  rows,
  model,
  onToggle,
}: {
  /** The collections every filter but the activity ones keeps. */
  rows: readonly object[];
  model: ActivityModel;
  onToggle: (param: ActivityChoice, user: string) => void;
}) {
  const headingId = useId();
  const counts = useMemo(() => activityCounts(rows, model), [rows, model]);
  return (
    <section className="facet-panel" aria-labelledby={headingId}>
      <div className="facet-panel__head">
        <h2 id={headingId}>Refine</h2>
        <span className="facet-panel__note" aria-live="polite">
          Counts of {plural(counts.rows.length, 'collection')}
        </span>
      </div>
      {counts.addedBy.total === 0 && counts.updatedBy.total === 0 ? (
        <p className="muted">No collection here to count: remove a filter to see more.</p>
      ) : (
        <ActivityFacets counts={counts} nouns={COLLECTION_NOUNS} onToggle={onToggle} />
      )}
    </section>
  );
}
