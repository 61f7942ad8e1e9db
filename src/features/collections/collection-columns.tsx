import type { Collection } from '../../api/records';
import {
  CollectionLink,
  dateColumn,
  idColumn,
  referenceColumn,
  textColumn,
} from '../../components/columns';
import type { DataColumn } from '../../components/data-table';
import { Bytes } from '../../components/values';
import { exactBytes } from '../../lib/format';
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

export const collectionColumns: readonly DataColumn<Collection>[] = [
  {
    id: 'name',
    header: 'Name',
    field: 'name',
    kind: 'text',
    width: 300,
    value: (c) => c.name,
    cell: (c) => <CollectionLink id={c.id} name={c.name} inTable />,
  },
  idColumn({ width: 90 }),
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
    width: 110,
    value: (c) => (c.publiclyVisible === null ? null : c.publiclyVisible ? 'Public' : 'Private'),
  },
  {
    id: 'topics',
    header: 'Topics',
    field: 'topics',
    kind: 'text',
    width: 260,
    value: (c) => c.topics.map(topicLabel).join(', ') || null,
    cell: (c) => <Topics codes={c.topics} />,
  },
  {
    id: 'active_seeds',
    header: 'Active seeds',
    field: 'numActiveSeeds',
    kind: 'number',
    width: 150,
    value: (c) => c.numActiveSeeds,
  },
  {
    id: 'inactive_seeds',
    header: 'Inactive seeds',
    field: 'numInactiveSeeds',
    kind: 'number',
    width: 160,
    value: (c) => c.numInactiveSeeds,
  },
  {
    id: 'size',
    header: 'Archived size',
    field: 'totalWarcBytes',
    kind: 'number',
    width: 160,
    value: (c) => c.totalWarcBytes,
    cell: (c) => <Bytes value={c.totalWarcBytes} />,
    title: (c) => (c.totalWarcBytes === null ? null : exactBytes(c.totalWarcBytes)),
  },
  dateColumn('last_crawl', 'Last crawl', 'lastCrawl', { missing: 'never' }),
  dateColumn('created', 'Created', 'created'),
  dateColumn('updated', 'Updated', 'lastUpdated', { hiddenByDefault: true }),
  textColumn('created_by', 'Created by', 'createdBy', { hiddenByDefault: true }),
  textColumn('updated_by', 'Updated by', 'lastUpdatedBy', { hiddenByDefault: true }),
  referenceColumn('account', 'Account', 'accountId', { hiddenByDefault: true }),
];

/** What the quick filter searches in a collection. */
export const collectionSearchText = (c: Collection) => c.name ?? '';
