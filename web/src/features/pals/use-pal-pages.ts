// The explorer's pages: one page of the server's order at a time, with the number of matches.
// Cursors stay opaque: the previous page is the cursor remembered before moving on.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../api/http';
import { call, type Answer, type Input } from '../../api/operations';
import type { ExplorerPal } from './types';
import { useLanguage } from '../../i18n/I18nProvider';

type ExplorerPage = Answer<'panelListPals'>;
/** The filters as the address holds them: strings, read by the server as a query string is. */
export type PalQuery = Record<string, string | number>;

export interface PalPages {
  rows: ExplorerPal[] | null;
  total: number | null;
  /** 0-based page number. */
  page: number;
  error: string | null;
  loading: boolean;
  hasNext: boolean;
  next: () => void;
  prev: () => void;
  reload: () => void;
}

export function usePalPages(filters: PalQuery): PalPages {
  // One string for the filters: the same filters are the same query however often rendered. A
  // species text also finds species by their names in the UI's language (`lang`).
  const { language } = useLanguage();
  const query = JSON.stringify(filters.species && language !== 'en' ? { ...filters, lang: language } : filters);
  // The cursors of the pages seen, `null` for the first: the last is the one shown.
  const [trail, setTrail] = useState<{ query: string; cursors: (string | null)[] }>({ query, cursors: [null] });
  const [state, setState] = useState<{ key: string; page: ExplorerPage | null; error: string | null }>({
    key: '',
    page: null,
    error: null,
  });
  const [tick, setTick] = useState(0);
  const unread = useIntl().formatMessage({ id: 'pals.error.unread' });
  // A new query starts at its first page: the trail of another query is not used.
  const cursors = useMemo(() => (trail.query === query ? trail.cursors : [null]), [trail, query]);
  const cursor = cursors[cursors.length - 1];
  const key = `${query}|${cursor ?? ''}|${tick}`;

  useEffect(() => {
    const ctl = new AbortController();
    const q = { ...(JSON.parse(query) as PalQuery), ...(cursor ? { cursor } : {}) } as Input<'panelListPals'>['query'];
    call('panelListPals', { query: q }, { signal: ctl.signal })
      .then((page) => setState({ key, page, error: null }))
      .catch((err: unknown) => {
        if (ctl.signal.aborted) return;
        setState({ key, page: null, error: err instanceof ApiError ? err.message : unread });
      });
    return () => ctl.abort();
  }, [key, query, cursor, unread]);

  const mine = state.key === key;
  const nextCursor = mine ? (state.page?.nextCursor ?? null) : null;
  return {
    rows: mine ? (state.page?.data ?? null) : null,
    total: mine ? (state.page?.total ?? null) : null,
    page: cursors.length - 1,
    error: mine ? state.error : null,
    loading: !mine,
    hasNext: nextCursor !== null,
    next: useCallback(() => nextCursor && setTrail({ query, cursors: [...cursors, nextCursor] }), [nextCursor, query, cursors]),
    prev: useCallback(() => cursors.length > 1 && setTrail({ query, cursors: cursors.slice(0, -1) }), [query, cursors]),
    reload: useCallback(() => setTick((t) => t + 1), []),
  };
}
