/**
 * /overview: the whole catalogue at a glance. Headline figures and the charts of collections come
 * from the collection list; the seeds by month and the seeds shared across collections need every
 * seed, so they load on request unless the seeds are already loaded or in the cache.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, use, useEffect, useMemo, useState } from 'react';
import { listView, useCollections } from '../../api/hooks';
import { seedQueries } from '../../api/queries';
import { LoadSeedsCard } from '../../components/chart/load-card';
import { ListStatus, LoadProgress } from '../../components/list-status';
import { Page } from '../../components/page';
import { PrintButton } from '../../components/print/print-button';
import { formatBytes, formatCount, plural } from '../../lib/format';
import { paths } from '../../lib/paths';
import { today } from '../../lib/today';
import { ChartCard } from '../../components/chart/chart-card';
import { crawlChart, seedsIn, sizeChart } from './chart-data';
import { catalogueHeadline, crawlBands, sizeByCollection } from './figures';
import { Headline, Parts, HeadlineLoading } from '../../components/chart/headline';
import './overview.css';

/** Loaded with every seed, which it needs: the first screen carries none of it. */
const SharingCard = lazy(async () => ({ default: (await import('./sharing-card')).SharingCard }));

/**
 * The chart of seeds by month: it needs every seed, so its code loads when they do (on request),
 * not with the first screen. Where every seed is in the cache already (another page loaded them),
 * the page waits for it as it waits for its own code, and shows with the chart.
 */
type SeedsByMonth = typeof import('./seeds-by-month');
let seedsByMonth: SeedsByMonth | undefined;
let seedsByMonthLoad: Promise<SeedsByMonth> | undefined;
const loadSeedsByMonth = () =>
  (seedsByMonthLoad ??= import('./seeds-by-month').then(
    (m) => (seedsByMonth = m),
    (error: unknown) => {
      // Asked again next time, as a page whose code failed to load is.
      seedsByMonthLoad = undefined;
      throw error;
    },
  ));

/**
 * The month chart's code once `wanted`: loaded then, or already there. A failure to load it shows
 * as a failure of the page's own code would (the route's error boundary, with a retry).
 */
function useSeedsByMonth(wanted: boolean): SeedsByMonth | undefined {
  const [loaded, setLoaded] = useState(seedsByMonth);
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    loadSeedsByMonth().then(setLoaded, (error: unknown) => {
      setFailed({ error });
    });
  }, [wanted, loaded]);
  if (failed) throw failed.error;
  return loaded ?? seedsByMonth;
}

const PROGRESS_HINT = 'The chart counts the seeds loaded so far until the rest arrive.';

export function OverviewPage() {
  const collections = listView(useCollections());
  // Every seed of the catalogue: only on request, or from the cache when another page loaded it.
  const everySeed = useQuery({ ...seedQueries.list({}), enabled: false });
  const seeds = listView(everySeed);
  // Every seed in the cache at the first render: the chart's code comes before the page shows.
  const [cached] = useState(() => everySeed.data !== undefined);
  if (cached && !seedsByMonth) use(loadSeedsByMonth());
  const byMonth = useSeedsByMonth(everySeed.data !== undefined || everySeed.isFetching);
  const day = today();
  const rows = collections.rows;
  const headline = useMemo(() => catalogueHeadline(rows), [rows]);
  const size = useMemo(() => sizeByCollection(rows), [rows]);
  const sizeSpec = useMemo(() => sizeChart(size), [size]);
  const crawlSpec = useMemo(() => crawlChart(crawlBands(rows, day)), [rows, day]);
  const monthSpec = useMemo(
    () => (seeds.data && byMonth ? byMonth.seedsPerMonth(seeds.rows, day, seedsIn()) : null),
    [seeds.data, seeds.rows, day, byMonth],
  );
  const seedTotal = headline.activeSeeds + headline.inactiveSeeds;

  return (
    <Page title="Overview" actions={<PrintButton prepare={() => ({ inForce: [] })} />}>
      <p className="overview-lead">
        The whole catalogue at a glance. Every figure and every bar opens the list it counts.
      </p>
      <ListStatus view={collections} noun="collection" resource="collection" />
      {collections.loadingFirst ? (
        <HeadlineLoading>Loading the collections…</HeadlineLoading>
      ) : (
        <Headline
          label="The catalogue in figures"
          figures={[
            {
              label: 'Collections',
              value: formatCount(headline.collections),
              href: paths.collections(),
              detail: (
                <Parts
                  parts={[
                    {
                      text: `${formatCount(headline.active)} active`,
                      href: paths.collections({ state: 'ACTIVE' }),
                    },
                    {
                      text: `${formatCount(headline.inactive)} inactive`,
                      href: paths.collections({ state: 'INACTIVE' }),
                    },
                  ]}
                />
              ),
            },
            {
              label: 'Seeds',
              value: formatCount(seedTotal),
              href: paths.seeds(),
              detail: (
                <Parts
                  parts={[
                    {
                      text: `${formatCount(headline.activeSeeds)} active`,
                      href: paths.seeds({ active: true }),
                    },
                    {
                      text: `${formatCount(headline.inactiveSeeds)} inactive`,
                      href: paths.seeds({ active: false }),
                    },
                  ]}
                />
              ),
            },
            {
              label: 'Archived',
              value: formatBytes(Number(headline.bytes)),
              href: paths.collections({ sort: '-size' }),
              detail: `${headline.bytes.toLocaleString()} ${headline.bytes === 1n ? 'byte' : 'bytes'}`,
            },
          ]}
        />
      )}
      {!collections.loadingFirst && (
        <div className="overview-grid">
          <ChartCard
            spec={sizeSpec}
            notes={
              size.unknown > 0 && (
                <p>
                  Not shown: {plural(size.unknown, 'collection')} whose size the catalogue service
                  did not give.
                </p>
              )
            }
          />
          <div className="overview-stack">
            <ChartCard spec={crawlSpec} />
            {!monthSpec && (
              <LoadSeedsCard
                title="Seeds added per month"
                summary="How fast sites are added: seeds by the month they were created, active and inactive."
                reason="This chart, and the seeds shared across collections, count every seed in the catalogue, so it loads them first."
                total={headline.seedCountsUnknown > 0 ? null : seedTotal}
                loading={seeds.loadingFirst || seeds.data !== undefined}
                onLoad={() => {
                  void everySeed.refetch();
                }}
              />
            )}
          </div>
          {monthSpec && (
            <ChartCard
              spec={monthSpec}
              notes={
                seeds.loadingMore && (
                  <LoadProgress
                    loaded={seeds.loaded}
                    total={seeds.total}
                    totalCertain={seeds.totalCertain}
                    noun="seed"
                    hint={PROGRESS_HINT}
                  />
                )
              }
            />
          )}
          {seeds.data && (
            <Suspense fallback={null}>
              <SharingCard />
            </Suspense>
          )}
        </div>
      )}
      {seeds.error && <ListStatus view={seeds} noun="seed" resource="seed" />}
    </Page>
  );
}
