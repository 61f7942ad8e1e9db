import { unknownOf, type Collection } from '../../api/records';
import {
  CollectionLink,
  dateColumn,
  idColumn,
  referenceColumn,
  textColumn,
} from '../../components/columns';
import type { DataColumn } from '../../components/data-table';
import { Bytes, UnknownValue } from '../../components/values';
import { exactBytes, formatCount } from '../../lib/format';
import { topicLabel } from '../../lib/topics';

export function StateBadge({ state }: { state: string | null }) {
  if (state === null) return <span className="muted">—</span>;
  const known = state === 'ACTIVE' || state === 'INACTIVE';
  return (
    <span className={`badge ${known ? `badge-${state.toLowerCase()}` : 'badge-other'}`}>
      {state === 'ACTIVE' ? 'Active' : state === 'INACTIVE' ? 'Inactive' : state}
    </span>
  );
}

export function Topics({ codes }: { codes: readonly string[] }) {
  if (codes.length === 0) return <span className="muted">—</span>;
  return <>{codes.map(topicLabel).join(', ')}</>;
}

/** A collection's seeds, active and inactive; null when the service did not give both counts. */
function seedCount(c: Collection): number | null {
  return c.numActiveSeeds === null || c.numInactiveSeeds === null
    ? null
    : c.numActiveSeeds + c.numInactiveSeeds;
}

/**
 * The columns of /collections. Those shown at first fit a 1440-pixel screen side by side; the
 * active and inactive counts, the audit fields and the account are a choice away.
 */
export const collectionColumns: readonly DataColumn<Collection>[] = [
  {
    id: 'name',
    header: 'Name',
    field: 'name',
    kind: 'text',
    width: 260,
    value: (c) => c.name,
    cell: (c) => <CollectionLink id={c.id} name={c.name} inTable />,
  },
  idColumn({ width: 80 }),
  {
    id: 'state',
    header: 'State',
    field: 'state',
    kind: 'text',
    width: 110,
    value: (c) => c.state,
    cell: (c) => <StateBadge state={c.state} />,
  },
  {
    id: 'public',
    header: 'Visibility',
    field: 'publiclyVisible',
    kind: 'text',
    width: 115,
    value: (c) => (c.publiclyVisible === null ? null : c.publiclyVisible ? 'Public' : 'Private'),
  },
  {
    id: 'topics',
    header: 'Topics',
    field: 'topics',
    kind: 'text',
    width: 165,
    value: (c) => c.topics.map(topicLabel).join(', ') || null,
    cell: (c) => <Topics codes={c.topics} />,
  },
  {
    id: 'seeds',
    header: 'Seeds',
    kind: 'number',
    width: 90,
    value: seedCount,
    cell: (c) => {
      const why = unknownOf(c, 'numActiveSeeds') ?? unknownOf(c, 'numInactiveSeeds');
      const total = seedCount(c);
      return why ? <UnknownValue why={why} /> : total === null ? null : formatCount(total);
    },
    title: (c) =>
      c.numActiveSeeds === null || c.numInactiveSeeds === null
        ? null
        : `${formatCount(c.numActiveSeeds)} active, ${formatCount(c.numInactiveSeeds)} inactive`,
  },
  {
    id: 'active_seeds',
    header: 'Active seeds',
    field: 'numActiveSeeds',
    kind: 'number',
    width: 140,
    value: (c) => c.numActiveSeeds,
    hiddenByDefault: true,
  },
  {
    id: 'inactive_seeds',
    header: 'Inactive seeds',
    field: 'numInactiveSeeds',
    kind: 'number',
    width: 150,
    value: (c) => c.numInactiveSeeds,
    hiddenByDefault: true,
  },
  {
    id: 'size',
    header: 'Archived size',
    field: 'totalWarcBytes',
    kind: 'number',
    width: 150,
    value: (c) => c.totalWarcBytes,
    cell: (c) => <Bytes value={c.totalWarcBytes} />,
    title: (c) => (c.totalWarcBytes === null ? null : exactBytes(c.totalWarcBytes)),
  },
  dateColumn('last_crawl', 'Last crawl', 'lastCrawl', { missing: 'never', width: 185 }),
  dateColumn('created', 'Created', 'created', { width: 185 }),
  dateColumn('updated', 'Last updated', 'lastUpdated', { hiddenByDefault: true }),
  textColumn('created_by', 'Created by', 'createdBy', { hiddenByDefault: true }),
  textColumn('updated_by', 'Last updated by', 'lastUpdatedBy', { hiddenByDefault: true }),
  referenceColumn('account', 'Account', 'accountId', { hiddenByDefault: true }),
];

/** What the quick filter searches in a collection. */
export const collectionSearchText = (c: Collection) => c.name ?? '';
