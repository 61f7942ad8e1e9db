/**
 * Reading a saved list back in parts (saved-lists.ts keeps it): every block is read in one
 * transaction, a few asked for at a time, and each is checked and made into rows as it arrives,
 * in steps of at most STEP_MS with the page free between them. The caller is handed the rows read
 * so far after each block, so a list of a million seeds shows its first screen after its first
 * block, not after the last.
 *
 * A block that is missing or does not hold together ends the reading: the list is then not whole,
 * and nothing read of it counts as the list.
 *
 * This code loads when there is a saved list to read (saved-lists.ts), not with the first screen:
 * a first visit has none.
 */
import type { UseStore } from 'idb-keyval';
import type { Resource } from '../contract/wire';
import { nextTask } from '../scheduling';
import type { ResourceModels } from './records';
import { grownBy } from './list-identity';
import { blockRows, type RowBlock } from './row-block';
import { checkBlock, unpackedBlock } from './stored-block';
import { StoreRefused } from './saved-store';

/** The longest one step of a restore keeps the page's thread before it lets the page go on. */
const STEP_MS = 20;
/** The name each step of a restore is measured under, on the page's performance timeline. */
export const RESTORE_STEP = 'saved list: a step of reading it back';

/** The rows read so far, in the saved order, and the blocks they came from. */
export interface ReadSoFar<T> {
  readonly rows: T[];
  readonly blocks: readonly RowBlock[];
}

/** Blocks asked for beyond the last one that has come, once the first has. */
const AHEAD = 3;

/**
 * The blocks under `keys`, the first alone and then each once the block `AHEAD` before it has come
 * (asked from that block's `success`, which keeps the one transaction going); each promise is
 * settled with its request once it has succeeded, its result not yet asked for. Not all at once:
 * the browser takes a big value into the page, on the page's thread, as soon as it arrives and
 * before its result is asked for, so a list of a million seeds asked for whole kept the page from
 * painting its first block's rows until most of the rest had come in. An error settles that
 * block's promise and every later one's.
 */
function askInTurn(store: IDBObjectStore, keys: readonly string[]): Promise<IDBRequest>[] {
  const settle: { resolve: (request: IDBRequest) => void; reject: (error: unknown) => void }[] = [];
  const each = keys.map(
    () =>
      new Promise<IDBRequest>((resolve, reject) => {
        settle.push({ resolve, reject });
      }),
  );
  let asked = 0;
  const ask = (i: number) => {
    asked = i + 1;
    const request = store.get(keys[i] as string);
    request.onsuccess = () => {
      settle[i]?.resolve(request);
      while (asked < Math.min(keys.length, i + 1 + AHEAD)) ask(asked);
    };
    request.onerror = () => {
      const error = request.error ?? new Error('The saved catalogue cannot be read.');
      for (const later of settle.slice(i)) later.reject(error);
    };
  };
  if (keys.length > 0) ask(0);
  return each;
}

/** Thrown when a deadline passed before the reading ended. */
export class LateRestore extends Error {}

/**
 * The blocks under `keys` as rows. `deadline(read)` says by when (the page's clock) the reading
 * must have moved on, given how many blocks are read so far. After every block but the last,
 * `onBlock` is told how many rows are read and may `take` them: each taken array is a new version of one list (see
 * list-identity.ts), and so is the whole one returned, so what the page works out from a part is
 * taken up by the next. Says 'spoilt' when a block is missing or not whole.
 */
export async function readBlocks<R extends Resource>(
  db: UseStore,
  resource: R,
  keys: readonly string[],
  deadline: (blocksRead: number) => number,
  onBlock: (rowsRead: number, take: () => ReadSoFar<ResourceModels[R]>) => void,
): Promise<ReadSoFar<ResourceModels[R]> | 'spoilt'> {
  // One transaction for every block; each arrives in a task of its own, in order, a few asked for
  // at a time (askInTurn). The browser makes a block's value only when it is asked for
  // (`result`), which takes as long as the block is big: the reading asks when it comes to the
  // block, in a task of its own, never for two at once nor in the tasks that say the blocks have
  // arrived.
  const arrivals = await new Promise<Promise<IDBRequest>[]>((resolve, reject) => {
    db('readonly', (store) => {
      const each = askInTurn(store, keys);
      resolve(each);
      return Promise.all(each);
    }).catch((error: unknown) => {
      reject(new StoreRefused('The saved catalogue cannot be read.', { cause: error }));
    });
  });
  // Rows read since the last version taken, which grows by them when the next is.
  let taken: ResourceModels[R][] = [];
  let pending: ResourceModels[R][] = [];
  const blocks: RowBlock[] = [];
  const take = () => {
    taken = grownBy(taken, pending);
    pending = [];
    return { rows: taken, blocks: blocks.slice() };
  };
  let stepStart = performance.now();
  /** Ends the step under way (measured: the page's timeline shows each, as do the tests). */
  const endStep = () => {
    performance.measure(RESTORE_STEP, { start: stepStart, end: performance.now() });
  };
  /** Lets the page go on, then starts the next step (unless the deadline has passed). */
  const nextStep = async () => {
    await nextTask();
    if (performance.now() > deadline(blocks.length)) throw new LateRestore();
    stepStart = performance.now();
  };
  for (const [i, arrival] of arrivals.entries()) {
    const stored: unknown = (await arrival).result;
    await nextTask();
    stepStart = performance.now();
    const block = unpackedBlock(stored);
    // A block missing or spoilt (another version's, a store that was tampered with) is never read.
    const steps = checkBlock(block, resource);
    let step = steps.next();
    for (; !step.done; step = steps.next()) {
      if (performance.now() - stepStart < STEP_MS) continue;
      endStep();
      await nextStep();
    }
    if (!step.value) {
      endStep();
      return 'spoilt';
    }
    for (const row of blockRows<R>(block as RowBlock)) pending.push(row);
    blocks.push(block as RowBlock);
    endStep();
    if (i === arrivals.length - 1) break;
    onBlock(taken.length + pending.length, take);
    // Every block ends a step: the next may have arrived already, and would otherwise follow
    // in the same task.
    await nextStep();
  }
  return take();
}
