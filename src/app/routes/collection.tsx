/**
 * /collections/:id and its tabs. Composes the collections, seeds, seed-groups and metadata pieces,
 * which do not know about each other.
 */
import { useMemo } from 'react';
import { Outlet, useOutletContext, useParams } from 'react-router';
import { Link, NavLink } from '../../components/link';
import { listView, useCollections, useSeeds } from '../../api/hooks';
import { unknownOf, type Collection } from '../../api/records';
import { collectionLabel } from '../../components/columns';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/list-status';
import { CoverageTable } from '../../components/coverage-table';
import { RequiredFieldsAudit } from '../../components/metadata-audit';
import { MetadataList } from '../../components/metadata-list';
import { PageTitle } from '../../components/page';
import { CollectionHeader } from '../../features/collections/collection-header';
import { SeedGroupsView } from '../../features/seed-groups/seed-groups-view';
import { SeedsView } from '../../features/seeds/seeds-view';
import { formatCount, plural } from '../../lib/format';
import { metadataCoverage } from '../../lib/metadata-audit';
import { COLLECTION_TABS, paths } from '../../lib/paths';

function collectionId(text: string | undefined): number | null {
  return text !== undefined && /^\d{1,15}$/.test(text) ? Number(text) : null;
}

const TABS = Object.values(COLLECTION_TABS);

export function CollectionRoute() {
  const params = useParams();
  const id = collectionId(params.id);
  const collections = listView(useCollections());
  const collection = id === null ? undefined : collections.rows.find((c) => c.id === id);

  if (id === null) {
    return (
      <NotFound>“{params.id}” is not a collection id: collection ids are whole numbers.</NotFound>
    );
  }
  if (!collection) {
    if (collections.loadingFirst || (collections.loadingMore && !collections.error)) {
      return (
        <section className="page" aria-busy="true" aria-label="Loading the collection">
          <div className="skeleton-block" />
        </section>
      );
    }
    if (collections.error) {
      return (
        <section className="page" aria-labelledby="collection-error-title">
          <h1 id="collection-error-title">Collection {id}</h1>
          <ErrorAlert error={collections.error} onRetry={collections.retry} />
        </section>
      );
    }
    return <NotFound>There is no collection {id} in this catalogue.</NotFound>;
  }
  return (
    <section className="page" aria-labelledby="collection-title">
      <PageTitle>{collectionLabel(collection.id, collection.name)}</PageTitle>
      <p className="breadcrumb">
        <Link to={paths.collections()}>Collections</Link> /
      </p>
      <CollectionHeader collection={collection} />
      <nav className="tabs" aria-label="Collection sections">
        {TABS.map((tab) => (
          <NavLink key={tab.label} to={tab.path} className="tab" replace>
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <div className="tab-panel">
        <Outlet context={collection} />
      </div>
    </section>
  );
}

function NotFound({ children }: { children: React.ReactNode }) {
  return (
    <section className="page" aria-labelledby="collection-missing-title">
      <h1 id="collection-missing-title">Collection not found</h1>
      <EmptyState kind="not-found" title="This collection does not exist.">
        <p>{children}</p>
        <p>
          <Link to={paths.collections()}>See all collections</Link>
        </p>
      </EmptyState>
    </section>
  );
}

/** The collection whose page this is, for its tabs. */
export function useCollection(): Collection {
  return useOutletContext<Collection>();
}

export function SeedsTab() {
  const collection = useCollection();
  return <SeedsView fixedCollection={collection.id} />;
}

export function SeedGroupsTab() {
  const collection = useCollection();
  const seeds = listView(useSeeds({ collection: collection.id }));
  return (
    <SeedGroupsView
      fixedCollection={collection.id}
      seeds={{ rows: seeds.rows, complete: seeds.data?.complete === true }}
    />
  );
}

export function MetadataTab() {
  const collection = useCollection();
  const seeds = listView(useSeeds({ collection: collection.id }));
  const coverage = useMemo(() => metadataCoverage(seeds.rows), [seeds.rows]);
  const seedsMissing = (fields: readonly string[]) =>
    paths.collection(collection.id, 'seeds', { missing: fields });
  return (
    <>
      <section aria-labelledby="collection-metadata-title">
        <h2 id="collection-metadata-title" className="section-title">
          The collection’s metadata
        </h2>
        <MetadataList
          metadata={collection.metadata}
          unknown={unknownOf(collection, 'metadata')}
          emptyText="This collection has no descriptive metadata."
        />
      </section>
      <section aria-labelledby="seed-coverage-title">
        <h2 id="seed-coverage-title" className="section-title">
          Seed metadata coverage
        </h2>
        {seeds.loadingFirst ? (
          <p className="muted">Loading the collection’s seeds…</p>
        ) : seeds.rows.length === 0 ? (
          <p className="muted">
            {seeds.error ? 'The seeds could not be loaded.' : 'This collection has no seeds yet.'}
          </p>
        ) : (
          <>
            {seeds.loadingMore && (
              <p className="muted">
                Counting the {plural(seeds.loaded, 'seed')} loaded so far, of{' '}
                {formatCount(seeds.total)}.
              </p>
            )}
            <RequiredFieldsAudit
              scope="seed"
              records={seeds.rows}
              noun="seed"
              present={coverage.fields.map((f) => f.field)}
              linkTo={seedsMissing}
            />
            <CoverageTable
              coverage={coverage}
              noun="seed"
              caption={`Metadata fields of the ${plural(coverage.total, 'seed')}`}
              linkTo={seedsMissing}
            />
          </>
        )}
      </section>
    </>
  );
}
