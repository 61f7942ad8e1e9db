/**
 * /activity: the catalogue's recent work, from every seed and collection. The collections come
 * at once; the seeds only on request, unless they are loaded already or the saved catalogue holds
 * them, as on the overview.
 */
import { useMemo } from 'react';
import { listView, useCollectionNames, useCollections } from '../../api/hooks';
import { collectionLabel } from '../../components/columns';
import { HeadlineLoading } from '../../components/chart/headline';
import { LoadSeedsCard } from '../../components/chart/load-card';
import { useEverySeed } from '../../components/every-seed';
import { ListStatus } from '../../components/list-status';
import { Page } from '../../components/page';
import { ActivityView } from './activity-view';

const PROGRESS_HINT = 'The figures count the seeds loaded so far until the rest arrive.';

export function ActivityPage() {
  const collections = listView(useCollections());
  // Every seed: on request, at once when the saved catalogue holds them, or from the cache.
  const everySeed = useEverySeed(true);
  const seeds = everySeed.view;
  const names = useCollectionNames();
  const records = useMemo(
    () => ({ seeds: seeds.rows, collections: collections.rows }),
    [seeds.rows, collections.rows],
  );

  return (
    <Page title="Activity">
      <p className="activity-lead">
        Who added and updated what, and when: every figure opens the list it counts.
      </p>
      <ListStatus view={collections} noun="collection" resource="collection" />
      {collections.loadingFirst ? (
        <HeadlineLoading>Loading the collections…</HeadlineLoading>
      ) : !seeds.data ? (
        <>
          {seeds.error && <ListStatus view={seeds} noun="seed" resource="seed" />}
          <LoadSeedsCard
            title="Changes per week and day by day"
            summary="Who added and updated seeds and collections, week by week and day by day."
            reason="Counting who changed which seeds needs every seed in the catalogue, so it loads them first."
            total={everySeed.catalogue}
            loading={seeds.loadingFirst}
            onLoad={everySeed.load}
          />
        </>
      ) : (
        <>
          <ListStatus view={seeds} noun="seed" resource="seed" progressHint={PROGRESS_HINT} />
          <ActivityView records={records} collectionName={(id) => collectionLabel(id, names(id))} />
        </>
      )}
    </Page>
  );
}
