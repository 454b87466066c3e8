// The explorer's page of pals (and a player's, on their page): the count, the table (wide screens) or tiles (phones), the pager.
import { FormattedMessage, useIntl } from 'react-intl';
import type { ReactNode } from 'react';
import { setSearch } from '../../shared/router';
import { DataTable } from '../../ui/table';
import { Empty, ErrorNote, Loading } from '../../ui/states';
import { explorerColumns, PalTile } from './pal-columns';
import { SORTS } from './pal-filters';
import type { ExplorerPal } from './types';
import type { PalPages } from './use-pal-pages';

export function PalResults({
  list,
  filtered,
  clearAll,
  sort,
  order,
  open,
  onSort,
  perPage = 100,
}: {
  list: PalPages;
  filtered: boolean;
  clearAll: () => void;
  sort: string;
  order: string;
  open: (p: ExplorerPal) => void;
  /** Where a column's sort goes; the explorer's address unless given (the player page keeps its own). */
  onSort?: (key: string, dir: 1 | -1) => void;
  perPage?: number;
}) {
  const intl = useIntl();
  const say = (id: string, values?: Record<string, number>) => intl.formatMessage({ id: `pals.results.${id}` }, values);
  const first = list.page * perPage;
  const total = list.total ?? 0;
  const sortBy =
    onSort ??
    ((k: string, dir: 1 | -1) => SORTS[k] && setSearch({ sort: k === 'level' ? undefined : k, order: dir === 1 ? 'asc' : undefined }));
  return (
    <div className="card">
      <ErrorNote error={list.error} retry={list.reload} />
      {list.rows === null ? (
        !list.error && <Loading what={say('reading')} />
      ) : list.rows.length === 0 ? (
        filtered ? (
          <Empty>
            <FormattedMessage
              id="pals.results.noMatch"
              values={{
                clear: (c: ReactNode[]) => (
                  <button type="button" className="link" onClick={clearAll}>
                    {c}
                  </button>
                ),
              }}
            />
          </Empty>
        ) : (
          <Empty>{say('none')}</Empty>
        )
      ) : (
        <>
          <p className="pal-count" role="status">
            {total > list.rows.length
              ? say('countShowing', { count: total, from: first + 1, to: first + list.rows.length })
              : say('count', { count: total })}
          </p>
          <div className="pal-table-view">
            <DataTable
              caption={say('caption')}
              rows={list.rows}
              columns={explorerColumns(intl, open)}
              rowKey={(p) => p.instanceId}
              sorted={{ key: sort, dir: order === 'asc' ? 1 : -1 }}
              onSort={sortBy}
            />
          </div>
          <ul className="pal-cards-view" aria-label={say('caption')}>
            {list.rows.map((p) => (
              <PalTile key={p.instanceId} p={p} open={open} />
            ))}
          </ul>
          {(list.page > 0 || list.hasNext) && (
            <nav className="pal-pager" aria-label={say('pages')}>
              <button type="button" onClick={list.prev} disabled={list.page === 0}>
                {say('previous')}
              </button>
              <span className="muted">{say('page', { page: list.page + 1 })}</span>
              <button type="button" onClick={list.next} disabled={!list.hasNext}>
                {say('next')}
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
