/**
 * A page's parameters (src/addresses/url-params.ts) as React state kept in the URL: reading them
 * from the address, and changing them by changing the address.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { decodeAll, encodeInto, type Params, type Values } from '../addresses/url-params';

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
