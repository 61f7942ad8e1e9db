import { Fragment } from 'react';
import { Link } from '../../components/link';
import type { Seed } from '../../api/records';
import {
  collectionColumn,
  dateColumn,
  idColumn,
  metadataColumn,
  textColumn,
  yesNoColumn,
  type CollectionNames,
} from '../../components/columns';
import { CellLink, type DataColumn } from '../../components/data-table';
import { fieldValues } from '../../lib/metadata-audit';
import { readableUrl } from '../../lib/format';

export type { CollectionNames };

/** A seed's groups, each a link to the seeds in it. In a table cell they leave focus to the row. */
export function GroupLinks({
  groups,
  seedsOf,
  inTable = false,
}: {
  groups: Seed['seedGroups'];
  seedsOf: (group: number) => string;
  inTable?: boolean;
}) {
  return (
    <>
      {groups.map((g, i) => (
        // By place (see CollectionLinks).
        <Fragment key={i}>
          {i > 0 && ', '}
          {inTable ? (
            <CellLink to={seedsOf(g.id)}>
              <bdi>{g.name ?? `Group ${String(g.id)}`}</bdi>
            </CellLink>
          ) : (
            <Link to={seedsOf(g.id)}>
              <bdi>{g.name ?? `Group ${String(g.id)}`}</bdi>
            </Link>
          )}
        </Fragment>
      ))}
    </>
  );
}

export function groupNames(seed: Seed): string | null {
  if (seed.seedGroups.length === 0) return null;
  return seed.seedGroups.map((g) => g.name ?? `Group ${String(g.id)}`).join(', ');
}

const collectionIds = (s: Seed): readonly number[] =>
  s.collectionId === null ? [] : [s.collectionId];

/**
 * Columns of a seed table. `collectionName` labels the collection column; `seedsOfGroup` is the
 * address of a group's seeds, which each group in the seed groups column links to.
 */
export function seedColumns(
  collectionName: CollectionNames,
  seedsOfGroup: (group: number) => string,
): DataColumn<Seed>[] {
  return [
    {
      id: 'url',
      header: 'URL',
      field: 'url',
      kind: 'text',
      width: 340,
      value: (s) => s.url,
      // As the screen shows it: a direction control cannot disguise the address.
      exportValue: (s) => (s.url === null ? null : readableUrl(s.url)),
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
      // Blank on screen when it is the URL; an export says what the service holds.
      exportValue: (s) => (s.canonicalUrl === null ? null : readableUrl(s.canonicalUrl)),
      cell: (s) =>
        s.canonicalUrl === s.url || s.canonicalUrl === null ? null : readableUrl(s.canonicalUrl),
      title: (s) =>
        s.canonicalUrl === s.url || s.canonicalUrl === null
          ? 'Same as the URL'
          : `Canonical form: ${readableUrl(s.canonicalUrl)}`,
    },
    TITLE_COLUMN,
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
      cell: (s) => <GroupLinks groups={s.seedGroups} seedsOf={seedsOfGroup} inTable />,
      title: groupNames,
    },
    dateColumn('created', 'Created', 'created'),
    dateColumn('updated', 'Last updated', 'lastUpdated'),
    idColumn({ hiddenByDefault: true }),
    textColumn('created_by', 'Created by', 'createdBy', { hiddenByDefault: true }),
    textColumn('updated_by', 'Last updated by', 'lastUpdatedBy', { hiddenByDefault: true }),
  ];
}

/** Title shows by default, under its own id; the other fields are columns to choose. */
const TITLE_COLUMN = metadataColumn<Seed>('Title', { id: 'title', hidden: false });

/**
 * What the quick filter searches in a seed: its addresses and its titles, as the Title column
 * shows them. Read from the metadata keys, so 100,000 seeds' metadata is not decoded for it. The
 * canonical URL is left out where the URL holds it (most seeds): a query's words hold no space, so
 * a word found in it is found in the URL, and the repeat was a third of the text every key press
 * reads (at a million seeds, tens of milliseconds and tens of megabytes).
 */
export const seedSearchText = (s: Seed): string => {
  const url = s.url ?? '';
  const canonical = s.canonicalUrl ?? '';
  return `${url} ${url.includes(canonical) ? '' : canonical} ${fieldValues(s, 'Title').join(' ')}`;
};
