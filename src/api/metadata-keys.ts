/**
 * The metadata of a block's rows as numbers and a few strings, made where the block is made (in
 * the worker for big pages). The rows' metadata is read back from it (the detail view, an export)
 * and, above all, the page can tell which fields a row has and which values it holds without
 * building a single object or testing a value for blankness: the facets, the coverage audit and
 * the field columns ask this of every row of a list as it loads.
 *
 * One rule, the same as everywhere else: a row has a field when at least one of its values is not
 * blank (empty or only whitespace); its values of a field are its distinct non-blank ones, in the
 * service's order.
 *
 * Writing the keys and reading them back are one format, kept in one file; the check of a stored
 * copy (stored-block.ts) changes with it.
 */
import { isDroppedFieldName, type Metadata, type MetadataEntry } from './values';

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
  /** The block's distinct (field, value) pairs, blank values included: the field's name id. */
  readonly pairName: Uint32Array;
  /** Pair p's value is pairText from pairEnds[p - 1] (0 for the first) to pairEnds[p]. */
  readonly pairText: string;
  readonly pairEnds: Uint32Array;
  /** Row i's distinct non-blank pairs, in its own order: rowPairs[pairStart[i] … pairStart[i + 1]). */
  readonly pairStart: Uint32Array;
  readonly rowPairs: Uint32Array;
  /**
   * Row i's entries, every one in the service's order: entryPair[entryStart[i] … entryStart[i + 1])
   * says which pair (so which field and value) each is, entryId its id.
   */
  readonly entryStart: Uint32Array;
  readonly entryPair: Uint32Array;
  readonly entryId: Float64Array;
}

const NOT_BLANK = /\S/;

/** Empty or only whitespace: such a value counts as no value. */
export function isBlank(value: string): boolean {
  // Nearly every value starts with a visible ASCII character; only the rest need the pattern.
  const first = value.charCodeAt(0);
  if (first > 32 && first < 127) return false;
  return !NOT_BLANK.test(value);
}

/** Growable list of numbers in a typed array. */
export class Grow<A extends Uint32Array | Float64Array> {
  length = 0;
  constructor(
    public values: A,
    private readonly make: (size: number) => A,
  ) {}
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = this.make(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
  done(): A {
    return this.values.slice(0, this.length) as A;
  }
}

// Small to start with: a plain record's metadata is read through keys of its own (see row-view.ts).
const uints = (size = 16) => new Grow(new Uint32Array(size), (n) => new Uint32Array(n));

/**
 * Builds a block's keys row by row from metadata maps as reading gives them (field name → entries
 * of `{id, value}`); the seeds' fast route hands it the service's maps once it has checked them.
 * Fields whose names are never kept (credentials) and fields without entries are passed over, as
 * reading does.
 */
export class MetadataWriter {
  private readonly names: string[] = [];
  private readonly nameIds = new Map<string, number>();
  /** Per field id, its values' pair ids. */
  private readonly valueIds: Map<string, number>[] = [];
  private readonly nameStart: Uint32Array;
  private readonly rowNames = uints();
  private readonly pairName = uints();
  private readonly pairValues: string[] = [];
  /** Whether pair p's value is blank. */
  private readonly pairBlank = uints();
  /** The last row that listed each pair, so a value repeated in a row counts once. */
  private readonly pairSeen = uints();
  private readonly pairStart: Uint32Array;
  private readonly rowPairs = uints();
  private readonly entryStart: Uint32Array;
  private readonly entryPair = uints();
  private readonly entryId = new Grow(new Float64Array(16), (n) => new Float64Array(n));
  private rows = 0;

  constructor(capacity: number) {
    this.nameStart = new Uint32Array(capacity + 1);
    this.pairStart = new Uint32Array(capacity + 1);
    this.entryStart = new Uint32Array(capacity + 1);
  }

  /**
   * Adds the next row's metadata (anything but a map adds a row without any). `read` says it is a
   * record's, as reading made it, whose field names were checked then.
   */
  add(metadata: unknown, read = false): void {
    const row = ++this.rows;
    if (typeof metadata === 'object' && metadata !== null) {
      const fields = metadata as Readonly<Record<string, unknown>>;
      for (const name in fields) {
        const entries = fields[name];
        if (!Array.isArray(entries) || entries.length === 0) continue;
        if (!read && isDroppedFieldName(name)) continue;
        let f = this.nameIds.get(name);
        if (f === undefined) {
          f = this.names.length;
          this.nameIds.set(name, f);
          this.names.push(name);
          this.valueIds.push(new Map());
        }
        const ids = this.valueIds[f] as Map<string, number>;
        let present = 0;
        for (const entry of entries as unknown[]) {
          if (typeof entry !== 'object' || entry === null) continue;
          const { id, value } = entry as Partial<MetadataEntry>;
          if (typeof value !== 'string' || typeof id !== 'number') continue;
          let p = ids.get(value);
          if (p === undefined) {
            p = this.pairValues.length;
            ids.set(value, p);
            this.pairValues.push(value);
            this.pairName.push(f);
            this.pairBlank.push(isBlank(value) ? 1 : 0);
            this.pairSeen.push(0);
          }
          this.entryPair.push(p);
          this.entryId.push(id);
          if (this.pairBlank.values[p] === 1) continue;
          present = 1;
          if (this.pairSeen.values[p] !== row) {
            this.pairSeen.values[p] = row;
            this.rowPairs.push(p);
          }
        }
        this.rowNames.push(f * 2 + present);
      }
    }
    this.nameStart[row] = this.rowNames.length;
    this.pairStart[row] = this.rowPairs.length;
    this.entryStart[row] = this.entryPair.length;
  }

  done(): MetadataKeys {
    const { pairValues, rows } = this;
    const pairEnds = new Uint32Array(pairValues.length);
    let end = 0;
    for (let p = 0; p < pairValues.length; p++) {
      end += (pairValues[p] as string).length;
      pairEnds[p] = end;
    }
    return {
      names: this.names,
      nameStart: this.nameStart.slice(0, rows + 1),
      rowNames: this.rowNames.done(),
      pairName: this.pairName.done(),
      pairText: pairValues.join(''),
      pairEnds,
      pairStart: this.pairStart.slice(0, rows + 1),
      rowPairs: this.rowPairs.done(),
      entryStart: this.entryStart.slice(0, rows + 1),
      entryPair: this.entryPair.done(),
      entryId: this.entryId.done(),
    };
  }
}

/** Row i's metadata, as reading gave it: field by field in the row's order, every entry. */
export function rowMetadata(keys: MetadataKeys, i: number): Metadata {
  const out: Record<string, MetadataEntry[]> = {};
  const { entryStart, entryPair, entryId, pairName, names } = keys;
  for (let k = entryStart[i] as number, end = entryStart[i + 1] as number; k < end; k++) {
    const p = entryPair[k] as number;
    const name = names[pairName[p] as number] as string;
    // Own fields only: a field named `toString` is data, not the object's method.
    let entries = Object.hasOwn(out, name) ? out[name] : undefined;
    if (!entries) {
      entries = [];
      out[name] = entries;
    }
    entries.push({ id: entryId[k] as number, value: pairValue(keys, p) });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reading (in the page)

/** Pair p's value. */
export function pairValue(keys: MetadataKeys, p: number): string {
  return keys.pairText.slice(p === 0 ? 0 : keys.pairEnds[p - 1], keys.pairEnds[p]);
}
