/**
 * A collection's Activity tab: who added and updated its seeds, and when. Its seeds load with the
 * tab, as on its other tabs.
 */
import { useMemo } from 'react';
import { listView, useSeeds } from '../../api/hooks';
import type { Collection } from '../../api/records';
import { collectionLabel } from '../../components/columns';
import { HeadlineLoading } from '../../components/chart/headline';
import { ListStatus } from '../../components/list-status';
import { ActivityView } from './activity-view';

const PROGRESS_HINT = 'The figures count the seeds loaded so far until the rest arrive.';

export function CollectionActivity({ collection }: { collection: Collection }) {
  const seeds = listView(useSeeds({ collection: collection.id }));
  const records = useMemo(() => ({ seeds: seeds.rows, collections: [] }), [seeds.rows]);
  const name = collectionLabel(collection.id, collection.name);
  return (
    <div className="collection-activity">
      <ListStatus view={seeds} noun="seed" resource="seed" progressHint={PROGRESS_HINT} />
      {seeds.loadingFirst ? (
        <HeadlineLoading>Loading the collection’s seeds…</HeadlineLoading>
      ) : (
        <ActivityView records={records} collection={collection.id} collectionName={() => name} />
      )}
    </div>
  );
}
