import type { Collection } from '../../api/model';
import { CollectionLink, dateColumn, idColumn } from '../../components/columns';
import type { DataColumn } from '../../components/data-table';
import { Bytes } from '../../components/values';
import { formatCount } from '../../lib/format';
import { topicLabel } from '../../lib/topics';

export function StateBadge({ state }: { state: string }) {
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

export const collectionColumns: readonly DataColumn<Collection>[] = [
  {
    id: 'name',
    header: 'Name',
    kind: 'text',
    width: 300,
    value: (c) => c.name,
    cell: (c) => <CollectionLink id={c.id} name={c.name} inTable />,
  },
  idColumn({ width: 90 }),
  {
    id: 'state',
    header: 'State',
    kind: 'text',
    width: 110,
    value: (c) => c.state,
    cell: (c) => <StateBadge state={c.state} />,
  },
  {
    id: 'public',
    header: 'Visibility',
    kind: 'text',
    width: 110,
    value: (c) => (c.publiclyVisible ? 'Public' : 'Private'),
  },
  {
    id: 'topics',
    header: 'Topics',
    kind: 'text',
    width: 260,
    value: (c) => c.topics.map(topicLabel).join(', ') || null,
    cell: (c) => <Topics codes={c.topics} />,
  },
  {
    id: 'active_seeds',
    header: 'Active seeds',
    kind: 'number',
    width: 150,
    value: (c) => c.numActiveSeeds,
  },
  {
    id: 'inactive_seeds',
    header: 'Inactive seeds',
    kind: 'number',
    width: 160,
    value: (c) => c.numInactiveSeeds,
  },
  {
    id: 'size',
    header: 'Archived size',
    kind: 'number',
    width: 160,
    value: (c) => c.totalWarcBytes,
    cell: (c) => <Bytes value={c.totalWarcBytes} />,
    title: (c) => `${formatCount(c.totalWarcBytes)} bytes`,
  },
  dateColumn('last_crawl', 'Last crawl', (c) => c.lastCrawl, { missing: 'never' }),
  dateColumn('created', 'Created', (c) => c.created),
  dateColumn('updated', 'Updated', (c) => c.lastUpdated, { hiddenByDefault: true }),
  {
    id: 'account',
    header: 'Account',
    kind: 'number',
    width: 110,
    value: (c) => c.accountId,
    cell: (c) => String(c.accountId),
    hiddenByDefault: true,
  },
];

export const COLLECTION_SORTS = collectionColumns.map((c) => c.id);
