/**
 * The metadata of a block's rows as small integers, worked out where the block is made (in the
 * parse worker for big pages), so that the page can tell which fields a row has and which values
 * it holds without decoding the metadata's JSON or testing a value for blankness: the facets, the
 * coverage audit and the field columns ask this of every row of a list as it loads.
 *
 * One rule, the same as everywhere else: a row has a field when at least one of its values is not
 * blank (empty or only whitespace); its values of a field are its distinct non-blank ones, in the
 * service's order.
 */

/** A block's metadata by number. Ids are the block's own: each block numbers what it holds. */
export interface MetadataKeys {
  /** Every field name the rows use (even with blank values only), in the order they first come. */
  readonly names: readonly string[];
  /**
   * Row i's field names in its own order are rowNames[nameStart[i] … nameStart[i + 1]): each a
   * name id times two, plus one when the row has a non-blank value of it.
   */
  readonly nameStart: Uint32Array;
  readonly rowNames: Uint32Array;
  /** The block's distinct (field, non-blank value) pairs: the field's name id, and the value. */
  readonly pairName: Uint32Array;
  /** Pair p's value is pairText from pairEnds[p - 1] (0 for the first) to pairEnds[p]. */
  readonly pairText: string;
  readonly pairEnds: Uint32Array;
  /** Row i's distinct pairs, in its own order: rowPairs[pairStart[i] … pairStart[i + 1]). */
  readonly pairStart: Uint32Array;
  readonly rowPairs: Uint32Array;
}

const NOT_BLANK = /\S/;

/** Empty or only whitespace: such a value counts as no value. */
export function isBlank(value: string): boolean {
  // Nearly every value starts with a visible ASCII character; only the rest need the pattern.
  const first = value.charCodeAt(0);
  if (first > 32 && first < 127) return false;
  return !NOT_BLANK.test(value);
}

/** Growable list of unsigned integers. */
class Uints {
  values = new Uint32Array(256);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Uint32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
  done(): Uint32Array {
    return this.values.slice(0, this.length);
  }
}

/**
 * The keys of records' metadata maps (as parsing gives them: field name → entries with a `value`).
 * Anything else in place of a map, a list or an entry is passed over as holding no value.
 */
export function encodeMetadataKeys(metadata: readonly unknown[]): MetadataKeys {
  const n = metadata.length;
  const names: string[] = [];
  const nameIds = new Map<string, number>();
  const valueIds: Map<string, number>[] = [];
  const nameStart = new Uint32Array(n + 1);
  const rowNames = new Uints();
  const pairName = new Uints();
  const pairValues: string[] = [];
  const pairStart = new Uint32Array(n + 1);
  const rowPairs = new Uints();
  /** The last row that listed each pair, so a value repeated in a row counts once. */
  const pairSeen = new Uints();
  for (let i = 0; i < n; i++) {
    const map = metadata[i];
    if (typeof map === 'object' && map !== null) {
      const fields = map as Readonly<Record<string, unknown>>;
      for (const name in fields) {
        let f = nameIds.get(name);
        if (f === undefined) {
          f = names.length;
          nameIds.set(name, f);
          names.push(name);
          valueIds.push(new Map());
        }
        const entries = fields[name];
        let present = 0;
        if (Array.isArray(entries)) {
          const ids = valueIds[f] as Map<string, number>;
          for (const entry of entries as unknown[]) {
            const value = (entry as { value?: unknown } | null)?.value;
            if (typeof value !== 'string' || isBlank(value)) continue;
            let p = ids.get(value);
            if (p === undefined) {
              p = pairValues.length;
              ids.set(value, p);
              pairValues.push(value);
              pairName.push(f);
              pairSeen.push(0);
            }
            // Rows are numbered from 1 here, so the 0 a pair starts with is no row.
            if (pairSeen.values[p] !== i + 1) {
              pairSeen.values[p] = i + 1;
              rowPairs.push(p);
            }
            present = 1;
          }
        }
        rowNames.push(f * 2 + present);
      }
    }
    nameStart[i + 1] = rowNames.length;
    pairStart[i + 1] = rowPairs.length;
  }
  const pairEnds = new Uint32Array(pairValues.length);
  let end = 0;
  for (let p = 0; p < pairValues.length; p++) {
    end += (pairValues[p] as string).length;
    pairEnds[p] = end;
  }
  return {
    names,
    nameStart,
    rowNames: rowNames.done(),
    pairName: pairName.done(),
    pairText: pairValues.join(''),
    pairEnds,
    pairStart,
    rowPairs: rowPairs.done(),
  };
}

/** The buffers of a block's keys, to move between threads without copying. */
export function metadataKeyBuffers(keys: MetadataKeys): ArrayBuffer[] {
  return [
    keys.nameStart,
    keys.rowNames,
    keys.pairName,
    keys.pairEnds,
    keys.pairStart,
    keys.rowPairs,
  ].map((array) => array.buffer as ArrayBuffer);
}

// ---------------------------------------------------------------------------------------------
// Reading (in the page)

const checked = new WeakMap<object, boolean>();

/**
 * Whether keys (which may come back from storage) hold together for a block of `length` rows:
 * every offset and id in range. Keys that do not are not used; the rows' metadata is read instead.
 */
export function usableKeys(keys: unknown, length: number): keys is MetadataKeys {
  if (typeof keys !== 'object' || keys === null) return false;
  let ok = checked.get(keys);
  if (ok === undefined) {
    ok = keysHold(keys as MetadataKeys, length);
    checked.set(keys, ok);
  }
  return ok;
}

function keysHold(keys: MetadataKeys, length: number): boolean {
  const { names, nameStart, rowNames, pairName, pairText, pairEnds, pairStart, rowPairs } = keys;
  const arrays = [nameStart, rowNames, pairName, pairEnds, pairStart, rowPairs];
  // Checked by tag, not instanceof: a copy made by another realm (a test's) has other globals.
  const tag = (value: unknown) => Object.prototype.toString.call(value);
  if (!Array.isArray(names) || !arrays.every((a) => tag(a) === '[object Uint32Array]')) {
    return false;
  }
  if (typeof pairText !== 'string' || !names.every((name) => typeof name === 'string')) {
    return false;
  }
  const pairs = pairName.length;
  if (nameStart.length !== length + 1 || pairStart.length !== length + 1) return false;
  if (pairEnds.length !== pairs || (pairs > 0 && pairEnds[pairs - 1] !== pairText.length)) {
    return false;
  }
  const ascending = (starts: Uint32Array, total: number) =>
    starts[0] === 0 &&
    starts.every((s, i) => i === 0 || s >= (starts[i - 1] as number)) &&
    starts[length] === total;
  if (!ascending(nameStart, rowNames.length) || !ascending(pairStart, rowPairs.length)) {
    return false;
  }
  for (let p = 1; p < pairs; p++)
    if ((pairEnds[p] as number) < (pairEnds[p - 1] as number)) {
      return false;
    }
  return (
    rowNames.every((k) => k >>> 1 < names.length) &&
    pairName.every((f) => f < names.length) &&
    rowPairs.every((p) => p < pairs)
  );
}

/** Pair p's value. */
export function pairValue(keys: MetadataKeys, p: number): string {
  return keys.pairText.slice(p === 0 ? 0 : keys.pairEnds[p - 1], keys.pairEnds[p]);
}

const nameIndexes = new WeakMap<MetadataKeys, Map<string, number>>();

/** The id of a field name in a block, or -1 when no row of it names the field. */
export function nameId(keys: MetadataKeys, name: string): number {
  let index = nameIndexes.get(keys);
  if (!index) {
    index = new Map(keys.names.map((n, f) => [n, f]));
    nameIndexes.set(keys, index);
  }
  return index.get(name) ?? -1;
}

/** Whether row i has a non-blank value of the field with id f. */
export function rowHas(keys: MetadataKeys, i: number, f: number): boolean {
  const want = f * 2 + 1;
  const { rowNames, nameStart } = keys;
  for (let k = nameStart[i] as number, end = nameStart[i + 1] as number; k < end; k++) {
    if (rowNames[k] === want) return true;
  }
  return false;
}

/** Row i's distinct non-blank values of the field with id f, in the service's order. */
export function rowValues(keys: MetadataKeys, i: number, f: number): string[] {
  const values: string[] = [];
  const { rowPairs, pairStart, pairName } = keys;
  for (let k = pairStart[i] as number, end = pairStart[i + 1] as number; k < end; k++) {
    const p = rowPairs[k] as number;
    if (pairName[p] === f) values.push(pairValue(keys, p));
  }
  return values;
}
