/**
 * What a seed list shows of the seeds shared across collections: the optional "Other
 * collections" column (how many other collections hold the seed's site) and, in a seed's details,
 * the other collections and seeds with its site, each a link.
 */
import { Link } from '../../components/link';
import type { Seed } from '../../api/records';
import type { DataColumn } from '../../components/data-table';
import { CollectionLink, collectionLabel, type CollectionNames } from '../../components/columns';
import { formatCount, readableUrl } from '../../lib/format';
import { paths } from '../../lib/paths';
import { sharingOf, type SiteIndex } from '../../lib/shared-seeds';

/** Seeds with the same site listed in the details; a site held a thousand times says how many more. */
const MOST_SEEDS = 50;

/** Until every seed of the account has arrived the column's cells are unknown, never 0. */
export function otherCollectionsColumn(
  countById: ReadonlyMap<number, number> | null,
): DataColumn<Seed> {
  const value = (s: Seed) => (countById ? (countById.get(s.id) ?? null) : null);
  return {
    id: 'other_collections',
    header: 'Other collections',
    kind: 'number',
    width: 130,
    hiddenByDefault: true,
    value,
    cell: (s) => {
      const n = value(s);
      return n === null ? null : n.toLocaleString();
    },
    title: (s) =>
      countById === null
        ? 'Not known until every seed of the account has loaded'
        : `In ${String(value(s) ?? 0)} other collections`,
  };
}

/** The other collections and seeds with the seed's site, in its details. */
export function SameSite({
  seed,
  sites,
  collectionName,
}: {
  seed: Seed;
  /** Every seed of the account by site; null until all have arrived. */
  sites: SiteIndex | null;
  collectionName: CollectionNames;
}) {
  if (sites === null) {
    return <p className="muted">Not known until every seed of the account has loaded.</p>;
  }
  const sharing = sharingOf(sites, seed);
  if (sharing.site === null) {
    return (
      <p className="muted">Its URL cannot be read as a site address, so it is shared with none.</p>
    );
  }
  if (sharing.seeds.length === 0) {
    return <p className="muted">No other seed of the account has this site ({sharing.site}).</p>;
  }
  return (
    <>
      <p>
        Site <bdi className="break-anywhere">{sharing.site}</bdi>
        {sharing.collections.length > 0 && (
          <>
            {' '}
            is also in{' '}
            {sharing.collections.map((id, i) => (
              <span key={id}>
                {i > 0 && ', '}
                <CollectionLink id={id} name={collectionName(id)} />
              </span>
            ))}
          </>
        )}
        .
      </p>
      <ul className="same-site" aria-label="Seeds with the same site">
        {sharing.seeds.slice(0, MOST_SEEDS).map((other) => (
          <li key={other.id}>
            <Link to={paths.seedList(other.collectionId ?? undefined, { seed: other.id })}>
              <bdi className="break-anywhere">
                {other.url === null ? `Seed ${String(other.id)}` : readableUrl(other.url)}
              </bdi>
            </Link>{' '}
            <span className="muted">
              {other.collectionId === null
                ? 'collection not given'
                : other.collectionId === seed.collectionId
                  ? 'this collection'
                  : collectionLabel(other.collectionId, collectionName(other.collectionId))}
              {` · seed ${String(other.id)}`}
            </span>
          </li>
        ))}
      </ul>
      {sharing.seeds.length > MOST_SEEDS && (
        <p className="muted">
          and {formatCount(sharing.seeds.length - MOST_SEEDS)} more with this site
        </p>
      )}
    </>
  );
}
