/**
 * The URL is the source of truth for every filter, sort and selection, so Back, reload and a shared
 * link restore the same view. Each page declares its parameters with a decoder and a default;
 * defaults are left out of the URL, and a value that cannot be read falls back to the default with
 * a message that says what was ignored. A parameter may also be repeatable (`where=a&where=b`):
 * its items are read one by one, each with its own message.
 *
 * Plain functions of the query string, without React: the page reads them through useUrlState
 * (src/lib/url-state.ts), and the server reads a page's list filters with them (first-lists.ts).
 */
export interface Decoded<T> {
  value: T;
  /** Why the URL's value was ignored, for the user to read. */
  problem?: string;
}

export interface Param<T> {
  decode: (text: string | null) => Decoded<T>;
  /** The URL text for a value, or null to leave the parameter out (the default). */
  encode: (value: T) => string | null;
}

export function textParam(): Param<string> {
  return {
    decode: (text) => ({ value: text ?? '' }),
    encode: (value) => (value === '' ? null : value),
  };
}

/** A whole number such as a collection id; anything else is ignored with a message. */
export function idParam(what: string): Param<number | undefined> {
  return {
    decode: (text) => {
      if (text === null || text === '') return { value: undefined };
      if (/^\d{1,15}$/.test(text)) return { value: Number(text) };
      return {
        value: undefined,
        problem: `“${clip(text)}” is not a ${what} id, so it is ignored.`,
      };
    },
    encode: (value) => (value === undefined ? null : String(value)),
  };
}

export function choiceParam<const C extends string>(
  what: string,
  choices: readonly C[],
): Param<C | undefined> {
  return {
    decode: (text) => {
      if (text === null || text === '') return { value: undefined };
      if ((choices as readonly string[]).includes(text)) return { value: text as C };
      return {
        value: undefined,
        problem: `“${clip(text)}” is not a ${what} (${choices.join(' or ')}), so it is ignored.`,
      };
    },
    encode: (value) => value ?? null,
  };
}

/** A value from the address that cannot be read, kept as written. */
interface UnreadableText {
  readonly unreadable: string;
}

/**
 * A filter whose value, when it cannot be read, is kept as written and reported: it then matches
 * nothing, where dropping it would show everything as if it all matched. `read` gives undefined
 * for text it cannot read.
 */
export function strictParam<T extends string | number>(
  read: (text: string) => T | undefined,
  problem: (text: string) => string,
): Param<T | UnreadableText | undefined> {
  return {
    decode: (text) => {
      if (text === null || text === '') return { value: undefined };
      const value = read(text);
      return value === undefined
        ? { value: { unreadable: text }, problem: problem(text) }
        : { value };
    },
    encode: (value) =>
      value === undefined ? null : typeof value === 'object' ? value.unreadable : String(value),
  };
}

export interface Sort {
  id: string;
  desc: boolean;
}

/** `sort=name` ascending, `sort=-name` descending; unknown columns are ignored. */
export function sortParam(
  columns: readonly string[],
  /** Columns that may not be there yet (one per metadata field, say), recognised by their id. */
  also: (id: string) => boolean = () => false,
): Param<Sort | null> {
  return {
    decode: (text) => {
      if (text === null || text === '') return { value: null };
      const desc = text.startsWith('-');
      const id = desc ? text.slice(1) : text;
      if (columns.includes(id) || also(id)) return { value: { id, desc } };
      return {
        value: null,
        problem: `There is no column “${clip(id)}” to sort by, so the list is unsorted.`,
      };
    },
    encode: (value) => (value === null ? null : `${value.desc ? '-' : ''}${value.id}`),
  };
}

/** The beginning of a text from the address, short enough to quote in a message. */
export function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** A text from the address (or the data) as a message quotes it. */
export function quoted(text: string): string {
  return `“${clip(text)}”`;
}

export interface DecodedList<T> {
  value: readonly T[];
  /** Why some of the URL's values were ignored or cannot be read, for the user to read. */
  problems: string[];
}

/**
 * A parameter that may appear several times (`where=a&where=b`), read item by item. Its default is
 * the empty list, which leaves it out of the URL.
 */
export interface ListParam<T> {
  readonly repeated: true;
  decodeList: (texts: readonly string[]) => DecodedList<T>;
  /** The URL texts for a list, in order; none for the empty list. */
  encodeList: (value: readonly T[]) => string[];
}

/** A hostile address can repeat a parameter thousands of times; the messages stop at a few. */
const MAX_ITEM_PROBLEMS = 5;

/**
 * A repeatable parameter from the reading and writing of one item. `decodeOne` gives undefined to
 * drop an item (with a problem saying why); it may also keep a value and report a problem, for
 * items a page must keep in the address while it says they cannot be read. Empty items and
 * repeats of an item are dropped without a word, as an empty single parameter is.
 */
export function listParam<T>(
  decodeOne: (text: string) => Decoded<T | undefined>,
  encodeOne: (value: T) => string,
): ListParam<T> {
  return {
    repeated: true,
    decodeList: (texts) => {
      const value: T[] = [];
      const problems: string[] = [];
      const seen = new Set<string>();
      let unsaid = 0;
      for (const text of texts) {
        if (text === '' || seen.has(text)) continue;
        seen.add(text);
        const decoded = decodeOne(text);
        if (decoded.value !== undefined) value.push(decoded.value);
        if (decoded.problem === undefined) continue;
        if (problems.length < MAX_ITEM_PROBLEMS) problems.push(decoded.problem);
        else unsaid++;
      }
      if (unsaid > 0) {
        problems.push(`${unsaid} more values like these cannot be read either.`);
      }
      return { value, problems };
    },
    encodeList: (value) => [...new Set(value.map(encodeOne))].filter((text) => text !== ''),
  };
}

/** A repeatable choice, such as `status=4xx&status=5xx`; other values are ignored with a message. */
export function choiceListParam<const C extends string>(
  what: string,
  choices: readonly C[],
): ListParam<C> {
  const one = choiceParam(what, choices);
  return listParam(
    (text) => one.decode(text),
    (value) => value,
  );
}

/** Any parameter: decoding gives some value, encoding takes the same one. */
interface AnySingleParam {
  decode: (text: string | null) => Decoded<unknown>;
  encode: (value: never) => string | null;
}
interface AnyListParam {
  readonly repeated: true;
  decodeList: (texts: readonly string[]) => DecodedList<unknown>;
  encodeList: (value: never) => string[];
}
type AnyParam = AnySingleParam | AnyListParam;
/** A page's parameters by name. */
export type Params = Record<string, AnyParam>;
type ValueOf<P> = P extends AnyListParam
  ? ReturnType<P['decodeList']>['value']
  : P extends AnySingleParam
    ? ReturnType<P['decode']>['value']
    : never;
export type Values<P extends Params> = { [K in keyof P]: ValueOf<P[K]> };

function isListParam(param: AnyParam): param is AnyListParam {
  return 'repeated' in param;
}

export function decodeAll<P extends Params>(
  params: P,
  search: URLSearchParams,
): { values: Values<P>; problems: string[] } {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, param] of Object.entries(params)) {
    if (isListParam(param)) {
      const decoded = param.decodeList(search.getAll(name));
      values[name] = decoded.value;
      problems.push(...decoded.problems);
      continue;
    }
    const decoded = param.decode(search.get(name));
    values[name] = decoded.value;
    if (decoded.problem) problems.push(decoded.problem);
  }
  return { values: values as Values<P>, problems };
}

/** Writes a change into the query string; other parameters stay as they are. */
export function encodeInto<P extends Params>(
  params: P,
  search: URLSearchParams,
  patch: Partial<Values<P>>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(patch)) {
    const param: AnyParam | undefined = params[name];
    if (!param) continue;
    if (isListParam(param)) {
      next.delete(name);
      for (const text of (param as ListParam<unknown>).encodeList(value as readonly unknown[])) {
        next.append(name, text);
      }
      continue;
    }
    const text = (param as Param<unknown>).encode(value);
    if (text === null) next.delete(name);
    else next.set(name, text);
  }
  return next;
}

/** Whether two sets of values write the same address (only `params` are compared). */
export function sameInUrl<P extends Params>(
  params: P,
  a: Partial<Values<P>>,
  b: Partial<Values<P>>,
): boolean {
  const none = new URLSearchParams();
  return encodeInto(params, none, a).toString() === encodeInto(params, none, b).toString();
}
