/**
 * Records of every shape a changing service might send, through everything that shows them: the
 * parser keeps them, and the table rows, every sort in both directions, the quick filter and the
 * detail panels render them without throwing, showing what is unknown as unknown.
 */
import { render, within } from '@testing-library/react';
import fc from 'fast-check';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { unknownOf } from '../../../src/api/records';
import { parseRecords } from '../../../src/api/parse';
import { DataTable, type DataColumn } from '../../../src/components/data-table';
import { sortRows } from '../../../src/components/data-table/ranking';
import {
  collectionColumns,
  collectionSearchText,
} from '../../../src/features/collections/collection-columns';
import { CollectionHeader } from '../../../src/features/collections/collection-header';
import { PressCard } from '../../../src/features/press/press-page';
import {
  countSeeds,
  seedGroupColumns,
  seedGroupSearchText,
} from '../../../src/features/seed-groups/seed-group-columns';
import { seedColumns, seedSearchText } from '../../../src/features/seeds/seed-columns';
import { SeedDetail } from '../../../src/features/seeds/seed-detail';
import { quickFilter } from '../../../src/lib/text-match';
import type { Resource } from '../../../src/contract/wire';
import { createCatalogueApi } from '../../../src/server/catalogue/engine';
import { generateCatalogue } from '../../../src/server/catalogue/generate';
import { mutated } from '../mutated-records';

const catalogue = generateCatalogue({ seeds: 300 });
const account = createCatalogueApi(catalogue);
const visitor = createCatalogueApi(catalogue, { representation: 'public' });
const wire = (api: typeof account, target: string) =>
  JSON.parse(api.handle('GET', target).body ?? '[]') as Record<string, unknown>[];
const valid = (resource: Resource, format = '') => [
  ...wire(account, `/api/${resource}?limit=20${format}`),
  ...wire(visitor, `/api/${resource}?limit=20${format}`),
];

const names = (id: number) => catalogue.collections.find((c) => c.id === id)?.name;
const noop = () => undefined;
const seedsOfGroup = (id: number) => `/seeds?seed_group=${String(id)}`;

interface Shown<Row> {
  columns: readonly DataColumn<Row>[];
  search: (row: Row) => string;
  detail: (row: Row) => ReactNode;
}

/** The ways each resource is shown, as its pages show it. */
const shown: { [R in Resource]: Shown<ReturnType<typeof parse<R>>[number]> } = {
  collection: {
    columns: collectionColumns,
    search: collectionSearchText,
    detail: (c) => <CollectionHeader collection={c} />,
  },
  seed: {
    columns: seedColumns(names, seedsOfGroup),
    search: seedSearchText,
    detail: (s) => (
      <SeedDetail
        seed={s}
        collectionName={names}
        seedsOfGroup={seedsOfGroup}
        onClose={noop}
        takeFocus
      />
    ),
  },
  seed_group: {
    columns: seedGroupColumns(
      names,
      countSeeds([]),
      true,
      (id) => `/seeds?seed_group=${String(id)}`,
    ),
    search: seedGroupSearchText(names),
    detail: () => null,
  },
  press_item: {
    columns: [],
    search: (p) => p.title ?? '',
    detail: (p) => (
      <ul>
        <PressCard item={p} />
      </ul>
    ),
  },
};

function parse<R extends Resource>(resource: R, raws: unknown[]) {
  const { records } = parseRecords(resource, raws);
  // One record per id, as a list would hold them.
  const seen = new Set<number>();
  return records.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

const bases: Record<Resource, Record<string, unknown>[]> = {
  collection: valid('collection', '&format=api'),
  seed: [...valid('seed'), ...valid('seed', '&format=api')],
  seed_group: valid('seed_group'),
  press_item: valid('press_item'),
};

/** Text that means a value was rendered without being read. */
const LEAKED = /\[object Object\]|\bundefined\b|\bNaN\b/;

describe.each(Object.keys(bases) as Resource[])('%s records of any shape', (resource) => {
  it('render, sort, filter and open without throwing, unknown values last in every sort', () => {
    const view = shown[resource] as Shown<{ id: number }>;
    fc.assert(
      fc.property(fc.array(mutated(bases[resource]), { minLength: 1, maxLength: 6 }), (raws) => {
        const rows = parse(resource, raws);
        if (view.columns.length > 0 && rows.length > 0) {
          const table = render(
            <MemoryRouter>
              <DataTable
                tableId={`tolerance-${resource}`}
                label="Records"
                rows={rows}
                columns={view.columns}
                getRowId={(r) => String(r.id)}
                sort={null}
                onSortChange={noop}
              />
            </MemoryRouter>,
          );
          try {
            const grid = within(table.container).getByRole('grid');
            expect(grid).toHaveAttribute('aria-rowcount', String(rows.length + 1));
            expect(within(grid).getAllByRole('row')).toHaveLength(rows.length + 1);
            expect(table.container.textContent).not.toMatch(LEAKED);
          } finally {
            table.unmount();
          }
        }
        for (const column of view.columns) {
          if (column.sortable === false) continue;
          for (const desc of [false, true]) {
            const sorted = sortRows(rows, column, desc);
            expect(sorted).toHaveLength(rows.length);
            const firstUnknown = sorted.findIndex((r) => unknownOf(r, column.field));
            if (firstUnknown >= 0) {
              expect(sorted.slice(firstUnknown).every((r) => unknownOf(r, column.field))).toBe(
                true,
              );
            }
          }
        }
        for (const query of ['a', 'http', '—', '0']) quickFilter(rows, query, view.search);
        for (const row of rows) {
          const detail = render(<MemoryRouter>{view.detail(row)}</MemoryRouter>);
          try {
            expect(detail.container.textContent).not.toMatch(LEAKED);
          } finally {
            detail.unmount();
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});
