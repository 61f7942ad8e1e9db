export { CellLink } from './cell-link';
export { DataTable } from './data-table';
export { compareText, sortRows, SortRanking, type SortSource } from './ranking';
export type {
  DataColumn,
  DataTableProps,
  SortKind,
  SortState,
  SortValue,
  TableView,
} from './types';
