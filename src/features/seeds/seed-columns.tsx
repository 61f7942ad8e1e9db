import type { Seed } from '../../api/model';
import {
  collectionColumn,
  dateColumn,
  idColumn,
  yesNoColumn,
  type CollectionNames,
} from '../../components/columns';
import type { DataColumn } from '../../components/data-table';
import { firstValue } from '../../components/metadata-list';
import { readableUrl } from '../../lib/format';

export type { CollectionNames };

function groupNames(seed: Seed): string | null {
  if (seed.seedGroups.length === 0) return null;
  return seed.seedGroups.map((g) => g.name ?? `Group ${String(g.id)}`).join(', ');
}

/** Columns of a seed table. `collectionName` labels the collection column. */
export function seedColumns(collectionName: CollectionNames): DataColumn<Seed>[] {
  return [
    {
      id: 'url',
      header: 'URL',
      kind: 'text',
      width: 340,
      value: (s) => s.url,
      cell: (s) => readableUrl(s.url),
      title: (s) => readableUrl(s.url),
    },
    {
      id: 'canonical_url',
      header: 'Canonical URL',
      kind: 'text',
      width: 260,
      value: (s) => (s.canonicalUrl === s.url ? null : s.canonicalUrl),
      cell: (s) => (s.canonicalUrl === s.url ? null : readableUrl(s.canonicalUrl)),
      title: (s) =>
        s.canonicalUrl === s.url
          ? 'Same as the URL'
          : `Canonical form: ${readableUrl(s.canonicalUrl)}`,
    },
    {
      id: 'title',
      header: 'Title',
      kind: 'text',
      width: 260,
      value: (s) => firstValue(s.metadata, 'Title'),
    },
    collectionColumn((s) => s.collectionId, collectionName, 220),
    { id: 'type', header: 'Type', kind: 'text', width: 110, value: (s) => s.seedType },
    yesNoColumn('active', 'Active', (s) => s.active),
    yesNoColumn('deleted', 'Deleted', (s) => s.deleted),
    yesNoColumn('public', 'Public', (s) => s.publiclyVisible),
    { id: 'seed_groups', header: 'Seed groups', kind: 'text', width: 200, value: groupNames },
    dateColumn('created', 'Created', (s) => s.created),
    dateColumn('updated', 'Updated', (s) => s.lastUpdated),
    idColumn({ hiddenByDefault: true }),
    {
      id: 'created_by',
      header: 'Created by',
      kind: 'text',
      width: 150,
      value: (s) => s.createdBy,
      hiddenByDefault: true,
    },
  ];
}

export const SEED_SORTS = seedColumns(() => undefined).map((c) => c.id);
