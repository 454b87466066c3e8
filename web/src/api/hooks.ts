// Loading data for a screen: one request, its state (loading, error, data), a reload, and an
// optional refresh interval. A refresh keeps the last data on screen while it runs.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError, type Data, type Page } from './http';

export interface Loaded<T> {
  data: T | undefined;
  error: ApiError | null;
  loading: boolean;
  reload: () => void;
}

const asApiError = (err: unknown) => (err instanceof ApiError ? err : new ApiError(0, 'client', String(err)));
const sayError = (err: unknown) => asApiError(err).message;

/** `refreshKey`: a value whose change fetches again (e.g. the count of live events). */
export function useApi<T>(path: string | null, opts: { refreshMs?: number; refreshKey?: unknown } = {}): Loaded<T> {
  // The answer is kept with the path it is for: a new path shows nothing until its answer,
  // a refresh of the same path keeps what is shown.
  const [state, setState] = useState<{ path: string | null; data?: T; error: ApiError | null; pending: boolean }>({
    path: null,
    error: null,
    pending: true,
  });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  const { refreshKey } = opts;

  useEffect(() => {
    if (path === null) return;
    const ctl = new AbortController();
    api
      .get<T>(path, ctl.signal)
      .then((data) => setState({ path, data, error: null, pending: false }))
      .catch((err: unknown) => {
        if (ctl.signal.aborted) return;
        setState((s) => ({ path, data: s.path === path ? s.data : undefined, error: asApiError(err), pending: false }));
      });
    return () => ctl.abort();
  }, [path, tick, refreshKey]);

  useEffect(() => {
    if (!opts.refreshMs || path === null) return;
    const t = setInterval(reload, opts.refreshMs);
    return () => clearInterval(t);
  }, [opts.refreshMs, path, reload]);

  const mine = state.path === path;
  return { data: mine ? state.data : undefined, error: mine ? state.error : null, loading: !mine || state.pending, reload };
}

/** `{data}` envelopes unwrapped. */
export function useData<T>(path: string | null, opts: { refreshMs?: number; refreshKey?: unknown } = {}): Loaded<T> {
  const r = useApi<Data<T>>(path, opts);
  return { ...r, data: r.data?.data };
}

/** An action's state: running, its error in words, and a run() that reports success. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async <R>(fn: () => Promise<R>): Promise<R | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await fn();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      return undefined;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run, clear: () => setError(null) };
}

export interface Paged<T> {
  rows: T[] | null;
  error: string | null;
  /** True when there are more rows after these. */
  hasMore: boolean;
  more: () => void;
  reload: () => void;
}

/** A list with `nextCursor` pages: the first page of `path`, then more on demand. `live`: when
 * its `key` changes (e.g. a new event of the list's kind), the first page is read again and its
 * new rows put on top, the older pages already shown kept. */
export function usePaged<T>(path: string, live?: { key: unknown; idOf: (row: T) => string | number }): Paged<T> {
  const [state, setState] = useState<{ path: string | null; rows: T[] | null; next: string | null; error: string | null }>({
    path: null,
    rows: null,
    next: null,
    error: null,
  });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    const ctl = new AbortController();
    api
      .get<Page<T>>(path, ctl.signal)
      .then((p) => setState({ path, rows: p.data, next: p.nextCursor, error: null }))
      .catch(
        (err: unknown) =>
          !ctl.signal.aborted && setState((s) => ({ ...s, path, rows: s.path === path ? s.rows : null, error: sayError(err) })),
      );
    return () => ctl.abort();
  }, [path, tick]);

  const liveKey = live?.key;
  const idOf = useRef(live?.idOf);
  useEffect(() => {
    idOf.current = live?.idOf;
  });
  const seenKey = useRef(liveKey);
  useEffect(() => {
    if (seenKey.current === liveKey || !idOf.current) return;
    seenKey.current = liveKey;
    const ctl = new AbortController();
    api
      .get<Page<T>>(path, ctl.signal)
      .then((p) =>
        setState((s) => {
          if (s.path !== path || s.rows === null || !idOf.current) return s;
          const id = idOf.current;
          const fresh = new Set(p.data.map(id));
          return { ...s, rows: [...p.data, ...s.rows.filter((r) => !fresh.has(id(r)))], error: null };
        }),
      )
      .catch(() => undefined); // the rows shown stay; the next change or a reload tries again
    return () => ctl.abort();
  }, [liveKey, path]);

  const mine = state.path === path;
  const next = mine ? state.next : null;
  const more = useCallback(() => {
    if (!next) return;
    api
      .get<Page<T>>(`${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(next)}`)
      .then((p) => setState((s) => (s.path === path ? { ...s, rows: [...(s.rows ?? []), ...p.data], next: p.nextCursor, error: null } : s)))
      .catch((err: unknown) => setState((s) => ({ ...s, error: sayError(err) })));
  }, [path, next]);
  return { rows: mine ? state.rows : null, error: mine ? state.error : null, hasMore: next !== null, more, reload };
}

/** A settings form over one resource: edits kept apart from what the server holds until they
 * are saved (by `write`, else with PUT to the same path); then the server's copy is read again. */
export function useEditable<T>(path: string, write?: (draft: T) => Promise<unknown>) {
  const r = useData<T>(path);
  const [edited, setDraft] = useState<T | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useAction();
  const { reload } = r;
  const submit = useCallback(async () => {
    if (edited === null) return;
    setSaved(false);
    if ((await save.run(() => (write ? write(edited) : api.put(path, edited)))) !== undefined) {
      setDraft(null);
      setSaved(true);
      reload();
    }
  }, [edited, path, reload, save, write]);
  return {
    r,
    draft: edited ?? r.data ?? null,
    setDraft: (d: T) => {
      setSaved(false);
      setDraft(d);
    },
    dirty: edited !== null && JSON.stringify(edited) !== JSON.stringify(r.data),
    reset: () => setDraft(null),
    submit,
    saving: save.busy,
    error: save.error,
    saved,
  };
}
