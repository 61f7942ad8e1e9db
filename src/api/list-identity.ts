/**
 * Which list a rows array is a version of. A list loads page by page, and each snapshot is a new
 * array that begins with every row of the one before: the load gives all of them one identity, so
 * that the work done for one version (an index, folded texts, an audit) can be taken up by the
 * next where it stopped, without comparing rows. A version is its identity and its length; two
 * versions of one list agree on every row they share.
 *
 * The identity also keeps that work: what is worked out from a list goes when the list goes, with
 * no cache of its own to outlive it (see `resume` in src/lib/resume.ts).
 */
const LIST = Symbol('list');

/** One list, across its versions, and what has been worked out from it so far. */
export class ListIdentity {
  private readonly kept = new Map<unknown, unknown>();

  /** What was kept under `key`, if anything. */
  get(key: unknown): unknown {
    return this.kept.get(key);
  }

  set(key: unknown, value: unknown): void {
    this.kept.set(key, value);
  }
}

type Stamped = readonly unknown[] & { readonly [LIST]?: ListIdentity };

function stamp(rows: readonly unknown[], list: ListIdentity): void {
  Object.defineProperty(rows, LIST, { value: list });
}

/**
 * The list `rows` is a version of. An array the data layer did not make (a filter's result, a
 * test's) is a list of its own, given an identity the first time it is asked for one; an array
 * that cannot take one (frozen) has none.
 */
export function listOf(rows: readonly unknown[]): ListIdentity | undefined {
  const own = (rows as Stamped)[LIST];
  if (own !== undefined || !Object.isExtensible(rows)) return own;
  const list = new ListIdentity();
  stamp(rows, list);
  return list;
}

/** The next version of a list: its rows, then `more`. */
export function grownBy<T>(rows: readonly T[], more: readonly T[]): T[] {
  const grown = rows.concat(more);
  const list = listOf(rows);
  if (list) stamp(grown, list);
  return grown;
}
