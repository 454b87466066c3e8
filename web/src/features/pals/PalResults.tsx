// The explorer's page of pals (and a player's, on their page): the count, the table (wide screens) or tiles (phones), the pager.
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
  const first = list.page * perPage;
  const sortBy =
    onSort ??
    ((k: string, dir: 1 | -1) => SORTS[k] && setSearch({ sort: k === 'level' ? undefined : k, order: dir === 1 ? 'asc' : undefined }));
  return (
    <div className="card">
      <ErrorNote error={list.error} retry={list.reload} />
      {list.rows === null ? (
        !list.error && <Loading what="Reading pals" />
      ) : list.rows.length === 0 ? (
        filtered ? (
          <Empty>
            No pal matches these filters.{' '}
            <button type="button" className="link" onClick={clearAll}>
              Clear filters
            </button>
          </Empty>
        ) : (
          <Empty>No pals yet: they appear once the save has been read.</Empty>
        )
      ) : (
        <>
          <p className="pal-count" role="status">
            {list.total === 1 ? '1 pal' : `${(list.total ?? 0).toLocaleString('en')} pals`}
            {(list.total ?? 0) > list.rows.length &&
              ` · showing ${(first + 1).toLocaleString('en')}–${(first + list.rows.length).toLocaleString('en')}`}
          </p>
          <div className="pal-table-view">
            <DataTable
              caption="Pals"
              rows={list.rows}
              columns={explorerColumns(open)}
              rowKey={(p) => p.instanceId}
              sorted={{ key: sort, dir: order === 'asc' ? 1 : -1 }}
              onSort={sortBy}
            />
          </div>
          <ul className="pal-cards-view" aria-label="Pals">
            {list.rows.map((p) => (
              <PalTile key={p.instanceId} p={p} open={open} />
            ))}
          </ul>
          {(list.page > 0 || list.hasNext) && (
            <nav className="pal-pager" aria-label="Pages of pals">
              <button type="button" onClick={list.prev} disabled={list.page === 0}>
                Previous
              </button>
              <span className="muted">Page {list.page + 1}</span>
              <button type="button" onClick={list.next} disabled={!list.hasNext}>
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
