export { CellLink } from './cell-link';
export { DataTable } from './data-table';
export type {
  DataColumn,
  DataTableProps,
  SortKind,
  SortState,
  SortValue,
  TableView,
} from './types';
