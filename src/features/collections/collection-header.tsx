/**
 * The head of a collection's page: name, state, visibility, sizes, counts, dates, topics and, for a
 * public collection, a link to its public page (a private one has none). Its descriptive metadata
 * is on the Overview and Metadata tabs.
 */
import type { Collection } from '../../api/records';
import { collectionLabel } from '../../components/columns';
import { Bytes, DateTime, ExternalLink, showField } from '../../components/values';
import { formatCount, plural } from '../../lib/format';
import { collectionPageUrl } from '../../lib/links';
import { StateBadge, Topics } from './collection-columns';

export function CollectionHeader({ collection }: { collection: Collection }) {
  const c = collection;
  const publicPage = c.publiclyVisible === true ? collectionPageUrl(c.id) : null;
  const by = (who: string | null) => who !== null && <span className="stat-note">by {who}</span>;
  return (
    <header className="collection-header">
      <div className="collection-title-row">
        <h1 id="collection-title">{collectionLabel(c.id, c.name)}</h1>
        <StateBadge state={c.state} />
        {c.publiclyVisible !== null && (
          <span className="badge badge-other">{c.publiclyVisible ? 'Public' : 'Private'}</span>
        )}
      </div>
      <p className="muted">
        Collection {c.id}
        {c.accountId !== null && ` · account ${String(c.accountId)}`}
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
            {c.numActiveSeeds !== null && c.numInactiveSeeds !== null ? (
              <>
                {plural(c.numActiveSeeds + c.numInactiveSeeds, 'seed')}
                <span className="stat-note">
                  {formatCount(c.numActiveSeeds)} active, {formatCount(c.numInactiveSeeds)} inactive
                </span>
              </>
            ) : (
              <>
                {showField(c, 'numActiveSeeds', (n) => `${formatCount(n)} active`)}
                <span className="stat-note">
                  {showField(c, 'numInactiveSeeds', (n) => `${formatCount(n)} inactive`)}
                </span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Archived size</dt>
          <dd>
            {showField(c, 'totalWarcBytes', (bytes) => (
              <>
                <Bytes value={bytes} />
                <span className="stat-note">{plural(bytes, 'byte')}</span>
              </>
            ))}
          </dd>
        </div>
        <div>
          <dt>Last crawl</dt>
          <dd>
            {showField(
              c,
              'lastCrawl',
              (instant) => (
                <DateTime value={instant} />
              ),
              'Never crawled',
            )}
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            {showField(c, 'created', (instant) => (
              <DateTime value={instant} />
            ))}
            {by(c.createdBy)}
          </dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd>
            {showField(c, 'lastUpdated', (instant) => (
              <DateTime value={instant} />
            ))}
            {by(c.lastUpdatedBy)}
          </dd>
        </div>
        <div>
          <dt>Topics</dt>
          <dd>
            {showField(c, 'topics', (codes) => (
              <Topics codes={codes} />
            ))}
          </dd>
        </div>
      </dl>
    </header>
  );
}
