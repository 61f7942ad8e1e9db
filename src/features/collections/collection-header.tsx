/**
 * The head of a collection's page: name, state, visibility, sizes, counts, dates, topics, links to
 * its public page, and a summary of its descriptive metadata.
 */
import type { Collection } from '../../api/model';
import { MetadataList } from '../../components/metadata-list';
import { Bytes, DateTime, ExternalLink } from '../../components/values';
import { formatCount, plural } from '../../lib/format';
import { collectionPageUrl } from '../../lib/links';
import { StateBadge, Topics } from './collection-columns';

export function CollectionHeader({ collection }: { collection: Collection }) {
  const publicPage = collectionPageUrl(collection.id);
  const seeds = collection.numActiveSeeds + collection.numInactiveSeeds;
  return (
    <header className="collection-header">
      <div className="collection-title-row">
        <h1 id="collection-title">{collection.name}</h1>
        <StateBadge state={collection.state} />
        <span className="badge badge-other">
          {collection.publiclyVisible ? 'Public' : 'Private'}
        </span>
      </div>
      <p className="muted">
        Collection {collection.id} · account {collection.accountId}
        {publicPage && (
          <>
            {' · '}
            <ExternalLink href={publicPage}>Public page</ExternalLink>
          </>
        )}
      </p>
      <dl className="stat-grid">
        <div>
          <dt>Seeds</dt>
          <dd>
            {plural(seeds, 'seed')}
            <span className="stat-note">
              {formatCount(collection.numActiveSeeds)} active,{' '}
              {formatCount(collection.numInactiveSeeds)} inactive
            </span>
          </dd>
        </div>
        <div>
          <dt>Archived size</dt>
          <dd>
            <Bytes value={collection.totalWarcBytes} />
            <span className="stat-note">{plural(collection.totalWarcBytes, 'byte')}</span>
          </dd>
        </div>
        <div>
          <dt>Last crawl</dt>
          <dd>
            {collection.lastCrawl ? <DateTime value={collection.lastCrawl} /> : 'Never crawled'}
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <DateTime value={collection.created} />
            <span className="stat-note">by {collection.createdBy}</span>
          </dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd>
            <DateTime value={collection.lastUpdated} />
            <span className="stat-note">by {collection.lastUpdatedBy}</span>
          </dd>
        </div>
        <div>
          <dt>Topics</dt>
          <dd>
            <Topics codes={collection.topics} />
          </dd>
        </div>
      </dl>
      <section className="metadata-summary" aria-labelledby="collection-summary-title">
        <h2 id="collection-summary-title" className="visually-hidden">
          Description
        </h2>
        <MetadataList
          metadata={collection.metadata}
          only={['Description', 'Subject', 'Collector', 'Creator']}
          emptyText="This collection has no description."
        />
      </section>
    </header>
  );
}
