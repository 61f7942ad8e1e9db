export { DataTable } from './data-table';
export { compareText, sortRows } from './sorting';
export type { DataColumn, DataTableProps, SortKind, SortState, SortValue } from './types';
