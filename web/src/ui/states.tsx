// Every state of a screen drawn on purpose: loading, failed (in words, with a retry), empty.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Loaded, Paged } from '../api/hooks';
import './states.css';

/** "Loading…", or "<what>…" (a screen's own words, e.g. "Reading the players"). */
export function Loading({ what }: { what?: string }) {
  const intl = useIntl();
  return (
    <p className="muted loading" role="status">
      {intl.formatMessage({ id: 'ui.loading' }, { what: what ?? intl.formatMessage({ id: 'ui.loading.default' }) })}
    </p>
  );
}

export function ErrorNote({ error, retry }: { error: string | null | undefined; retry?: () => void }) {
  const intl = useIntl();
  if (!error) return null;
  return (
    <div className="error-note" role="alert">
      <span>{error}</span>
      {retry && (
        <button type="button" className="link" onClick={retry}>
          {intl.formatMessage({ id: 'ui.tryAgain' })}
        </button>
      )}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty muted">{children}</p>;
}

/** A part this palpanel has not set up (409 `conflict` to a read: the message names the
 * setting): said as such, with no "Try again", since only a setting and a restart change it. */
export function NotSetUp({ message }: { message: string }) {
  const intl = useIntl();
  return (
    <div className="not-set-up" role="status">
      <strong>{intl.formatMessage({ id: 'ui.notSetUp' })}</strong> <span>{message}</span>
    </div>
  );
}

/** Loading until the first answer, the error if there is no data to show, else the content
 * (a failed refresh keeps the last data and says so above it). */
export function Async<T>({ r, children, what }: { r: Loaded<T>; children: (data: T) => ReactNode; what?: string }) {
  const intl = useIntl();
  if (r.data === undefined) {
    if (r.error?.status === 409) return <NotSetUp message={r.error.message} />;
    if (r.error) return <ErrorNote error={r.error.message} retry={r.reload} />;
    return <Loading what={what} />;
  }
  return (
    <>
      {r.error && <ErrorNote error={intl.formatMessage({ id: 'ui.couldNotRefresh' }, { error: r.error.message })} retry={r.reload} />}
      {children(r.data)}
    </>
  );
}

/** A list read a page at a time (usePaged): its error with a retry, loading until the first
 * page, the rows as `children` draws them, and a button for the next page while there is one. */
export function PagedList<T>({
  list,
  what,
  more,
  children,
}: {
  list: Paged<T>;
  what: string;
  more?: string;
  children: (rows: T[]) => ReactNode;
}) {
  const intl = useIntl();
  return (
    <>
      <ErrorNote error={list.error} retry={list.reload} />
      {list.rows === null ? !list.error && <Loading what={what} /> : children(list.rows)}
      {list.hasMore && (
        <button type="button" onClick={list.more}>
          {more ?? intl.formatMessage({ id: 'ui.loadMore' })}
        </button>
      )}
    </>
  );
}
