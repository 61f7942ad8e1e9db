/**
 * What the data table asks of TanStack Table: the columns' order, visibility and widths. The rows
 * never become TanStack row objects: the body shows the page's records in the order the
 * precomputed ranks give (ranking.ts), which at 100,000 rows saves a rebuild of every row object
 * on each change, and their memory.
 */
import {
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  tableFeatures,
} from '@tanstack/react-table';

export const features = tableFeatures({
  columnVisibilityFeature,
  columnSizingFeature,
  columnResizingFeature,
});
export type Features = typeof features;
