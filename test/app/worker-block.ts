/** A page of records read as the list worker reads it (fast route and all), into its block. */
import { LIST_WORKER_ROUTES } from '../../src/api/fast-seed';
import { readPage } from '../../src/api/read-page';

export function workerBlock(items: readonly unknown[]) {
  const reading = readPage(
    'seed',
    new TextEncoder().encode(JSON.stringify(items)).buffer,
    0,
    'application/json',
    LIST_WORKER_ROUTES,
  );
  if (!reading.ok) throw new Error(reading.reason);
  return reading.block;
}
