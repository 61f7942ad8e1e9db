import { useCallback, useMemo } from 'react';
import { listView, useSeedGroups } from '../../api/hooks';
import { collectionLabel } from '../../components/columns';

export interface GroupLabels {
  /** Each group's label for the facets, once every group has loaded (else undefined). */
  readonly groups: ReadonlyMap<number, string> | undefined;
  /** A group's own name, for the chips and the count line. */
  readonly groupName: (id: number) => string | undefined;
}

/**
 * The catalogue's seed groups as the seed list names them. Names alone repeat across collections
 * ("Fix", "QA seeds"): across the catalogue (no `fixedCollection`), each group's label names its
 * collections too.
 */
export function useGroupLabels(
  fixedCollection: number | undefined,
  collectionName: (id: number) => string | null | undefined,
): GroupLabels {
  const seedGroups = listView(useSeedGroups());
  const groupNames = useMemo(
    () =>
      seedGroups.data?.complete
        ? new Map(seedGroups.rows.map((g) => [g.id, g.name ?? `Group ${String(g.id)}`]))
        : undefined,
    [seedGroups.data, seedGroups.rows],
  );
  const groups = useMemo(() => {
    if (!groupNames || fixedCollection !== undefined) return groupNames;
    return new Map(
      seedGroups.rows.map((g) => {
        const name = groupNames.get(g.id) ?? '';
        if (g.collectionIds.length === 0) return [g.id, name];
        const where = g.collectionIds.map((id) => collectionLabel(id, collectionName(id)));
        return [g.id, `${name} · ${where.join(', ')}`];
      }),
    );
  }, [groupNames, seedGroups.rows, fixedCollection, collectionName]);
  const groupName = useCallback((id: number) => groupNames?.get(id), [groupNames]);
  return { groups, groupName };
}
