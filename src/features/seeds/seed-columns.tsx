import type { Seed } from '../../api/records';
import {
  collectionColumn,
  dateColumn,
  idColumn,
  textColumn,
  yesNoColumn,
  type CollectionNames,
} from '../../components/columns';
import type { DataColumn } from '../../components/data-table';
import { firstValue } from '../../components/metadata-list';
import { readableUrl } from '../../lib/format';

export type { CollectionNames };

export function groupNames(seed: Seed): string | null {
  if (seed.seedGroups.length === 0) return null;
  return seed.seedGroups.map((g) => g.name ?? `Group ${String(g.id)}`).join(', ');
}

const collectionIds = (s: Seed): readonly number[] =>
  s.collectionId === null ? [] : [s.collectionId];

/** Columns of a seed table. `collectionName` labels the collection column. */
export function seedColumns(collectionName: CollectionNames): DataColumn<Seed>[] {
  return [
    {
      id: 'url',
      header: 'URL',
      field: 'url',
      kind: 'text',
      width: 340,
      value: (s) => s.url,
      cell: (s) => (s.url === null ? null : readableUrl(s.url)),
      title: (s) => (s.url === null ? null : readableUrl(s.url)),
    },
    {
      id: 'canonical_url',
      header: 'Canonical URL',
      field: 'canonicalUrl',
      kind: 'text',
      width: 260,
      value: (s) => (s.canonicalUrl === s.url ? null : s.canonicalUrl),
      cell: (s) =>
        s.canonicalUrl === s.url || s.canonicalUrl === null ? null : readableUrl(s.canonicalUrl),
      title: (s) =>
        s.canonicalUrl === s.url || s.canonicalUrl === null
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
    collectionColumn('collectionId', collectionIds, collectionName, 220),
    textColumn('type', 'Type', 'seedType', { width: 110 }),
    yesNoColumn('active', 'Active', 'active'),
    yesNoColumn('deleted', 'Deleted', 'deleted'),
    yesNoColumn('public', 'Public', 'publiclyVisible'),
    {
      id: 'seed_groups',
      header: 'Seed groups',
      field: 'seedGroups',
      kind: 'text',
      width: 200,
      value: groupNames,
    },
    dateColumn('created', 'Created', 'created'),
    dateColumn('updated', 'Updated', 'lastUpdated'),
    idColumn({ hiddenByDefault: true }),
    textColumn('created_by', 'Created by', 'createdBy', { hiddenByDefault: true }),
  ];
}

/** What the quick filter searches in a seed: its addresses and its title. */
export const seedSearchText = (s: Seed): string =>
  `${s.url ?? ''} ${s.canonicalUrl ?? ''} ${firstValue(s.metadata, 'Title') ?? ''}`;
