/**
 * The physical limit: fetch the same list the explorer shows and JSON.parse it, nothing else.
 * The parsed records stay reachable so the heap can be measured with them in it.
 */
import { fetchList } from './fetch-list';

const params = new URLSearchParams(location.search);
const resource = params.get('resource') ?? 'seed';

const records = await fetchList<unknown>(resource);
(window as unknown as { benchData: unknown[] }).benchData = records;
const done = performance.now();
(window as unknown as { benchDone: number }).benchDone = done;
const note = document.getElementById('status');
if (note) note.textContent = `${String(records.length)} records parsed`;
