export { DataTable } from './data-table';
export { compareText, sortRows } from './ranking';
export type { DataColumn, DataTableProps, SortKind, SortState, SortValue } from './types';
