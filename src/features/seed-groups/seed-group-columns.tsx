/** The columns of a seed-group table, and what its quick filter searches. */
import type { Seed, SeedGroup } from '../../api/records';
import {
  collectionColumn,
  idColumn,
  referenceColumn,
  textColumn,
  type CollectionNames,
} from '../../components/columns';
import { CellLink, type DataColumn } from '../../components/data-table';
import { formatCount } from '../../lib/format';

type Counts = ReadonlyMap<number, number>;

export function countSeeds(seeds: readonly Seed[]): Counts {
  const counts = new Map<number, number>();
  for (const seed of seeds) {
    for (const group of seed.seedGroups) counts.set(group.id, (counts.get(group.id) ?? 0) + 1);
  }
  return counts;
}

/**
 * The columns of a seed-group table. `seedsOf` is the address of a group's seeds: each group is a
 * work queue, and its name and count lead to the seeds in it.
 */
export function seedGroupColumns(
  collectionName: CollectionNames,
  counts: Counts | null,
  showCollection: boolean,
  seedsOf: (group: number) => string,
): DataColumn<SeedGroup>[] {
  const all: DataColumn<SeedGroup>[] = [
    {
      ...textColumn<SeedGroup>('name', 'Name', 'name', { width: 280 }),
      cell: (g) => <CellLink to={seedsOf(g.id)}>{g.name ?? `Group ${String(g.id)}`}</CellLink>,
      title: (g) => `The seeds in ${g.name ?? `group ${String(g.id)}`}`,
    },
    idColumn(),
    collectionColumn('collectionIds', (g) => g.collectionIds, collectionName, 320),
    {
      id: 'visibility',
      header: 'Visibility',
      field: 'visibility',
      kind: 'text',
      width: 120,
      value: (g) => visibilityLabel(g.visibility),
    },
    {
      id: 'seeds',
      header: 'Seeds',
      kind: 'number',
      width: 120,
      value: (g) => (counts ? (counts.get(g.id) ?? 0) : null),
      cell: (g) =>
        counts ? (
          <CellLink to={seedsOf(g.id)}>{formatCount(counts.get(g.id) ?? 0)}</CellLink>
        ) : (
          <span className="muted">not counted</span>
        ),
    },
    referenceColumn('account', 'Account', 'accountId', { hiddenByDefault: true }),
  ];
  return showCollection ? all : all.filter((c) => c.id !== 'collection');
}

/** `PUBLIC` and `PRIVATE` as the collections table words them; anything else as sent. */
function visibilityLabel(visibility: string | null): string | null {
  if (visibility === 'PUBLIC') return 'Public';
  if (visibility === 'PRIVATE') return 'Private';
  return visibility;
}

/** What the quick filter searches in a group: its name and its collections' names. */
export function seedGroupSearchText(collectionName: CollectionNames) {
  return (g: SeedGroup): string =>
    `${g.name ?? ''} ${g.collectionIds.map((id) => collectionName(id) ?? '').join(' ')}`;
}
