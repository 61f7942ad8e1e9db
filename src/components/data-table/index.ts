export { DataTable } from './data-table';
export {
  advanceRanks,
  compareText,
  ranksReady,
  sortOrder,
  sortRows,
  type SortSource,
} from './ranking';
export type {
  DataColumn,
  DataTableProps,
  SortKind,
  SortState,
  SortValue,
  TableView,
} from './types';
