/**
 * The list worker: the page hands it each big page of a list to ask for, and gets the rows back in
 * columns, so the page's thread never receives or parses the JSON of a big list and stays free to
 * scroll and type while it loads. Seeds, the bulk of every big list, take the fast route.
 */
import { serveExchanges, type WorkerScope } from './exchange';
import { LIST_WORKER_ROUTES } from './fast-seed';

serveExchanges(globalThis as unknown as WorkerScope, LIST_WORKER_ROUTES);
