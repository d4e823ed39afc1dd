import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One value of a list's state kept in the hash route's query string (`#/staff?search=ann&page=2`),
 * read back from whatever the address holds: anything it cannot read is the default, so a
 * hand-edited or stale link still opens the list.
 */
export interface UrlParam<T> {
  defaultValue: T;
  /** The value of a raw text from the address, or undefined when it is not a valid one. */
  parse: (raw: string) => T | undefined;
  /**
   * The text written to the address (the default is left out of it). A method, so a list's
   * parameters of different types make one record (its parameter is then bivariant).
   */
  format(value: T): string;
}

/** The longest text read from the address: the list searches accept no more. */
const MAX_TEXT = 200;

/** Free text (a search), '' by default. */
export function textParam(): UrlParam<string> {
  return {
    defaultValue: '',
    parse: (raw) => {
      const text = raw.trim();
      return text.length <= MAX_TEXT ? text : undefined;
    },
    format: (value) => value,
  };
}

/** Free text that may be absent (a department the server configures), null by default. */
export function optionalTextParam(): UrlParam<string | null> {
  return {
    defaultValue: null,
    parse: (raw) => {
      const text = raw.trim();
      return text && text.length <= MAX_TEXT ? text : undefined;
    },
    format: (value) => value ?? '',
  };
}

/** A page number: a whole number from 1, 1 by default. */
export function pageParam(): UrlParam<number> {
  return {
    defaultValue: 1,
    parse: (raw) => (/^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : undefined),
    format: String,
  };
}

/** A record's id (an employee filter), null by default. */
export function idParam(): UrlParam<number | null> {
  return {
    defaultValue: null,
    parse: (raw) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined),
    format: (value) => (value === null ? '' : String(value)),
  };
}

/** One of `values` (a sort field, an order, a status), `defaultValue` when absent or unknown. */
export function enumParam<const V extends string, D extends V | null>(
  values: readonly V[],
  defaultValue: D,
): UrlParam<V | D> {
  return {
    defaultValue,
    parse: (raw) => ((values as readonly string[]).includes(raw) ? (raw as V) : undefined),
    format: (value) => value ?? '',
  };
}

export type UrlParams = Record<string, UrlParam<unknown>>;
export type UrlValues<P extends UrlParams> = { [K in keyof P]: P[K]['defaultValue'] };

export interface SetOptions {
  /**
   * Replace the history entry instead of adding one: typing in a search (each letter is not a
   * step back) and corrections (a page past the end), not a person's choice of page or filter.
   */
  replace?: boolean;
}

export interface ListUrlState<P extends UrlParams> {
  values: UrlValues<P>;
  /**
   * Changes some values. Any change but the page's starts again at page 1 (a new filter or
   * order shows a new first page), as does a change that names `page` itself.
   */
  set: (patch: Partial<UrlValues<P>>, options?: SetOptions) => void;
}

/** The name of the page parameter, reset to 1 when anything else changes. */
const PAGE = 'page';

/**
 * A list screen's filters, search, sort and page, kept in the address so a reload, the back
 * button and a shared link show the same list. Values equal to their default are left out of the
 * address; parameters the list does not own are kept as they are.
 */
export function useListUrlState<P extends UrlParams>(params: P): ListUrlState<P> {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();

  const values = useMemo(() => {
    const read = new URLSearchParams(query);
    const result: Record<string, unknown> = {};
    for (const [name, param] of Object.entries(params)) {
      const raw = read.get(name);
      const parsed = raw === null ? undefined : param.parse(raw);
      result[name] = parsed === undefined ? param.defaultValue : parsed;
    }
    return result as UrlValues<P>;
    // `params` is a fresh object each render; what it describes does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  const set = useCallback(
    (patch: Partial<UrlValues<P>>, options: SetOptions = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const changesOtherThanPage = Object.keys(patch).some((name) => name !== PAGE);
          const merged: Record<string, unknown> = { ...readAll(params, current), ...patch };
          if (changesOtherThanPage && !(PAGE in patch) && PAGE in params) {
            merged[PAGE] = params[PAGE]!.defaultValue;
          }
          for (const [name, param] of Object.entries(params)) {
            const value = merged[name];
            const text = value === param.defaultValue ? '' : param.format(value);
            if (text === '') next.delete(name);
            else next.set(name, text);
          }
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    // As above: the parameters' description is fixed for a screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setSearchParams],
  );

  return { values, set };
}

function readAll(params: UrlParams, query: URLSearchParams): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(params)) {
    const raw = query.get(name);
    const parsed = raw === null ? undefined : param.parse(raw);
    result[name] = parsed === undefined ? param.defaultValue : parsed;
  }
  return result;
}

/** How long typing pauses before a search is asked for (and written to the address). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The text of a search box whose search lives in the address: the box shows what is typed at
 * once, and the address (and so the list) follows once typing pauses, replacing the history entry
 * rather than adding one per letter. When the address changes by other means (back, a link), the
 * box shows its search.
 */
export function useUrlSearchText(
  committed: string,
  commit: (search: string) => void,
  delay = SEARCH_DEBOUNCE_MS,
): [string, (text: string) => void] {
  const [text, setText] = useState(committed);
  const [seen, setSeen] = useState(committed);
  let shown = text;
  if (committed !== seen) {
    // The address moved on its own (back, forward, a link): show its search.
    setSeen(committed);
    if (committed !== text.trim()) {
      setText(committed);
      shown = committed;
    }
  }
  const [settled] = useDebouncedValue(shown.trim(), delay);
  useEffect(() => {
    // Only a pause in typing writes: a stale debounce after a back step must not undo it.
    if (settled === text.trim() && settled !== committed) commit(settled);
  }, [settled, text, committed, commit]);
  return [shown, setText];
}
