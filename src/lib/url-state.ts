/**
 * The URL is the source of truth for every filter, sort and selection, so Back, reload and a shared
 * link restore the same view. Each page declares its parameters with a decoder and a default;
 * defaults are left out of the URL, and a value that cannot be read falls back to the default with
 * a message that says what was ignored.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

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

export interface Sort {
  id: string;
  desc: boolean;
}

/** `sort=name` ascending, `sort=-name` descending; unknown columns are ignored. */
export function sortParam(columns: readonly string[]): Param<Sort | null> {
  return {
    decode: (text) => {
      if (text === null || text === '') return { value: null };
      const desc = text.startsWith('-');
      const id = desc ? text.slice(1) : text;
      if (columns.includes(id)) return { value: { id, desc } };
      return {
        value: null,
        problem: `There is no column “${clip(id)}” to sort by, so the list is unsorted.`,
      };
    },
    encode: (value) => (value === null ? null : `${value.desc ? '-' : ''}${value.id}`),
  };
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Any parameter: decoding gives some value, encoding takes the same one. */
interface AnyParam {
  decode: (text: string | null) => Decoded<unknown>;
  encode: (value: never) => string | null;
}
/** A page's parameters by name. */
export type Params = Record<string, AnyParam>;
export type Values<P extends Params> = { [K in keyof P]: ReturnType<P[K]['decode']>['value'] };

export function decodeAll<P extends Params>(
  params: P,
  search: URLSearchParams,
): { values: Values<P>; problems: string[] } {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, param] of Object.entries(params)) {
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
    const param = params[name] as Param<unknown> | undefined;
    if (!param) continue;
    const text = param.encode(value);
    if (text === null) next.delete(name);
    else next.set(name, text);
  }
  return next;
}

export interface UrlState<P extends Params> {
  values: Values<P>;
  problems: string[];
  /** Changes some parameters. `replace` for typing, so Back skips each keystroke. */
  set: (patch: Partial<Values<P>>, options?: { replace?: boolean }) => void;
}

export function useUrlState<P extends Params>(params: P): UrlState<P> {
  const [search, setSearch] = useSearchParams();
  const { values, problems } = useMemo(() => decodeAll(params, search), [params, search]);
  // The router hands functional updates the parameters of the last render, so two changes in one
  // tick (two debounced boxes firing together) would overwrite each other. Each change builds on
  // the latest one instead.
  const latest = useRef(search);
  useEffect(() => {
    latest.current = search;
  }, [search]);
  const set = useCallback(
    (patch: Partial<Values<P>>, options?: { replace?: boolean }) => {
      const next = encodeInto(params, latest.current, patch);
      latest.current = next;
      setSearch(next, { replace: options?.replace ?? false });
    },
    [params, setSearch],
  );
  return { values, problems, set };
}
