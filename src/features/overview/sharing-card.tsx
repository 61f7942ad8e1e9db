/**
 * Seeds shared across collections, on the overviews: on /overview how many seeds of the account
 * are also in another collection and the collections with the most such seeds; on a collection's
 * Overview tab how many of its seeds are shared and the collections it shares most with. Every
 * figure opens the seed list it counts (`shared=true`, `duplicate=true`, `shared_with=<id>`),
 * counted by the same index (src/lib/shared-seeds.ts) as the list's facets. It needs every seed
 * of the account, loaded on request as the seeds by month are (or at once when already loaded).
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from '../../components/link';
import { useCollectionNames } from '../../api/hooks';
import { collectionLabel } from '../../components/columns';
import { everySeedStage, useEverySeed, useSiteIndex } from '../../components/every-seed';
import { LoadProgress } from '../../components/list-status';
import { formatCount, plural } from '../../lib/format';
import { paths } from '../../lib/paths';
import {
  collectionSharingJob,
  type CollectionSharing,
  type SiteIndex,
} from '../../lib/shared-seeds';
import { startJob } from '../../scheduling';

/** Collections named beside the figure. */
const TOP = 5;

function useCollectionFigures(sites: SiteIndex | null): Map<number, CollectionSharing> | null {
  const [done, setDone] = useState<{
    sites: SiteIndex;
    figures: Map<number, CollectionSharing>;
  } | null>(null);
  useEffect(() => {
    if (!sites) return;
    return startJob(collectionSharingJob(sites), { priority: 'user-visible' }, (figures) => {
      setDone({ sites, figures });
    });
  }, [sites]);
  return sites !== null && done?.sites === sites ? done.figures : null;
}

/** The card; `collection` for a collection's tab, none for the whole account. */
export function SharingCard({ collection }: { collection?: number }) {
  const every = useEverySeed(false);
  const sites = useSiteIndex(every.view);
  const figures = useCollectionFigures(sites);
  const name = useCollectionNames();
  const seeds = (id: number | undefined, query: Record<string, string | number | boolean>) =>
    paths.seedList(id, query);
  const summary = useMemo(() => {
    if (!figures) return null;
    if (collection !== undefined) {
      const own = figures.get(collection);
      return {
        seeds: own?.seeds ?? 0,
        shared: own?.shared ?? 0,
        duplicates: own?.duplicates ?? 0,
        top: (own?.partners ?? []).slice(0, TOP).map((p) => ({
          id: p.collection,
          count: p.seeds,
          href: seeds(collection, { shared_with: p.collection }),
        })),
      };
    }
    let total = 0;
    let shared = 0;
    let duplicates = 0;
    for (const entry of figures.values()) {
      total += entry.seeds;
      shared += entry.shared;
      duplicates += entry.duplicates;
    }
    const top = [...figures]
      .filter(([, entry]) => entry.shared > 0)
      .sort(([a, x], [b, y]) => y.shared - x.shared || a - b)
      .slice(0, TOP)
      .map(([id, entry]) => ({
        id,
        count: entry.shared,
        href: seeds(id, { shared: true }),
      }));
    return { seeds: total, shared, duplicates, top };
  }, [figures, collection]);

  const stage = everySeedStage(every);
  return (
    <section className="chart-card sharing-card" aria-labelledby="sharing-title">
      <div className="chart-card__head">
        <div>
          <h2 id="sharing-title" className="chart-card__title">
            Seeds shared with other collections
          </h2>
          <p className="chart-card__summary">
            Seeds whose site (the URL without its scheme, a leading www. or a trailing slash) is
            also in another collection.
          </p>
        </div>
      </div>
      {summary ? (
        <>
          <p className="sharing-card__figure">
            <Link to={seeds(collection, { shared: true })}>
              {formatCount(summary.shared)} of {plural(summary.seeds, 'seed')}
            </Link>{' '}
            {collection === undefined
              ? 'are also in another collection'
              : 'are also in other collections'}
            {' · '}
            {summary.duplicates > 0 ? (
              <Link to={seeds(collection, { duplicate: true })}>
                {plural(summary.duplicates, 'seed')} with a duplicate in{' '}
                {collection === undefined ? 'its' : 'this'} collection
              </Link>
            ) : collection === undefined ? (
              'no duplicates within a collection'
            ) : (
              'no duplicates within this collection'
            )}
          </p>
          {summary.top.length > 0 && (
            <>
              <h3 className="sharing-card__lead">
                {collection === undefined
                  ? 'Collections with the most shared seeds'
                  : 'Shares most with'}
              </h3>
              <ol className="sharing-card__top">
                {summary.top.map((entry) => (
                  <li key={entry.id}>
                    <Link to={entry.href}>
                      <bdi>{collectionLabel(entry.id, name(entry.id))}</bdi>:{' '}
                      {plural(entry.count, 'seed')}
                    </Link>
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      ) : stage === 'arriving' ? (
        <LoadProgress
          loaded={every.view.loaded}
          total={every.view.total}
          totalCertain={every.view.totalCertain}
          noun="seed"
          hint="The figures need every seed of the account."
        />
      ) : stage === 'arrived' ? (
        <p className="muted">Comparing the sites…</p>
      ) : (
        <div className="chart-card__load">
          <p>Comparing sites needs every seed of the account, so it loads them first.</p>
          <button type="button" className="button" onClick={every.load} disabled={every.deciding}>
            {every.catalogue === null
              ? 'Load every seed to compare'
              : `Load the ${formatCount(every.catalogue)} seeds to compare`}
          </button>
        </div>
      )}
    </section>
  );
}
