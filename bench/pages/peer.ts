/**
 * The peer: the same seeds with the same columns in AG Grid Community, loaded the way its client-
 * side row model expects (one request), with its own sorting and quick filter.
 */
import { fetchList } from './fetch-list';
import {
  AllCommunityModule,
  ModuleRegistry,
  createGrid,
  type ColDef,
  type GridApi,
} from 'ag-grid-community';

ModuleRegistry.registerModules([AllCommunityModule]);

interface Entry {
  id: number;
  value: string;
}
interface Seed {
  id: number;
  url: string;
  canonical_url: string;
  collection: number;
  seed_type: string;
  active: boolean;
  deleted: boolean;
  publicly_visible: boolean;
  metadata: Record<string, Entry[]>;
  seed_groups: { id: number; name: string }[];
  created_date: string;
  last_updated_date: string;
}
interface Collection {
  id: number;
  name: string;
  state: string;
  publicly_visible: boolean;
  topics: string | null;
  num_active_seeds: number;
  num_inactive_seeds: number;
  total_warc_bytes: number;
  last_crawl_date: string | null;
  created_date: string;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (value: unknown) =>
  typeof value === 'string' ? dateTime.format(Date.parse(value)) : '';
const yesNo = (value: unknown) => (value ? 'Yes' : 'No');

const params = new URLSearchParams(location.search);
const resource = params.get('resource') ?? 'seed';
const element = document.getElementById('grid') as HTMLElement;
let api: GridApi;

/** A date column as the explorer shows it: in the reader's locale, date and time. */
function dateColumn<T>(field: ColDef<T>['field'], headerName: string): ColDef<T> {
  return { field, headerName, width: 180, valueFormatter: (p) => formatDate(p.value) };
}

function show<T extends { id: number }>(rows: T[], columnDefs: ColDef<T>[]): GridApi<T> {
  return createGrid(element, {
    rowData: rows,
    columnDefs,
    rowHeight: 36,
    getRowId: (p) => String(p.data.id),
  });
}

if (resource === 'collection') {
  const rows = await fetchList<Collection>('collection');
  const columnDefs: ColDef<Collection>[] = [
    { field: 'name', headerName: 'Name', width: 300 },
    { field: 'id', headerName: 'ID', width: 90 },
    { field: 'state', headerName: 'State', width: 110 },
    {
      headerName: 'Visibility',
      width: 110,
      valueGetter: (p) => (p.data?.publicly_visible ? 'Public' : 'Private'),
    },
    { field: 'topics', headerName: 'Topics', width: 260 },
    { field: 'num_active_seeds', headerName: 'Active seeds', width: 150 },
    { field: 'num_inactive_seeds', headerName: 'Inactive seeds', width: 160 },
    { field: 'total_warc_bytes', headerName: 'Archived size', width: 160 },
    dateColumn('last_crawl_date', 'Last crawl'),
    dateColumn('created_date', 'Created'),
  ];
  api = show(rows, columnDefs);
} else {
  const [rows, collections] = await Promise.all([
    fetchList<Seed>('seed'),
    fetchList<Collection>('collection'),
  ]);
  const names = new Map(collections.map((c) => [c.id, c.name]));
  const columnDefs: ColDef<Seed>[] = [
    { field: 'url', headerName: 'URL', width: 340 },
    {
      headerName: 'Canonical URL',
      width: 260,
      valueGetter: (p) =>
        p.data && p.data.canonical_url !== p.data.url ? p.data.canonical_url : null,
    },
    {
      headerName: 'Title',
      width: 260,
      valueGetter: (p) => p.data?.metadata.Title?.[0]?.value ?? null,
    },
    {
      headerName: 'Collection',
      width: 220,
      valueGetter: (p) => (p.data ? names.get(p.data.collection) : null),
    },
    { field: 'seed_type', headerName: 'Type', width: 110 },
    { field: 'active', headerName: 'Active', width: 95, valueFormatter: (p) => yesNo(p.value) },
    { field: 'deleted', headerName: 'Deleted', width: 95, valueFormatter: (p) => yesNo(p.value) },
    {
      field: 'publicly_visible',
      headerName: 'Public',
      width: 95,
      valueFormatter: (p) => yesNo(p.value),
    },
    {
      headerName: 'Seed groups',
      width: 200,
      valueGetter: (p) => p.data?.seed_groups.map((g) => g.name).join(', ') ?? null,
    },
    dateColumn('created_date', 'Created'),
    dateColumn('last_updated_date', 'Updated'),
  ];
  api = show(rows, columnDefs);
}

document.getElementById('quick')?.addEventListener('input', (event) => {
  api.setGridOption('quickFilterText', (event.target as HTMLInputElement).value);
});
(window as unknown as { peerReady: boolean }).peerReady = true;
