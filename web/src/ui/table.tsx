// The data table: sortable columns (a button in each header, aria-sort says the order), an
// optional filter box, and a horizontal scroll on narrow screens. Data stays in the server's
// order until a header is chosen.
import { useIntl } from 'react-intl';
import { useMemo, useState, type ReactNode } from 'react';
import { Field } from './fields';
import { Empty } from './states';
import { GLYPH } from './glyphs';

export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** The value sorted by; absent: the column does not sort. */
  sort?: (row: T) => string | number;
  /** Numbers align right. */
  numeric?: boolean;
  /** Hidden on a phone. */
  wide?: boolean;
}

interface Props<T> {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  caption: string;
  empty?: ReactNode;
  /** Text a row is found by, for the filter box; absent: no filter box. */
  filterText?: (row: T) => string;
  initialSort?: { key: string; dir: 1 | -1 };
  /** Server-side sort: the table reports the choice instead of sorting. */
  onSort?: (key: string, dir: 1 | -1) => void;
  sorted?: { key: string; dir: 1 | -1 };
}

export function DataTable<T>({ rows, columns, rowKey, caption, empty, filterText, initialSort, onSort, sorted }: Props<T>) {
  const intl = useIntl();
  const [sort, setSort] = useState<{ key: string; dir: 1 | -1 } | null>(initialSort ?? null);
  const [filter, setFilter] = useState('');
  const current = sorted ?? sort;

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    let out = needle && filterText ? rows.filter((r) => filterText(r).toLowerCase().includes(needle)) : rows;
    const col = !onSort && sort ? columns.find((c) => c.key === sort.key) : undefined;
    if (col?.sort) {
      const by = col.sort;
      out = [...out].sort((a, b) => {
        const x = by(a);
        const y = by(b);
        return (x < y ? -1 : x > y ? 1 : 0) * sort!.dir;
      });
    }
    return out;
  }, [rows, filter, filterText, sort, columns, onSort]);

  const choose = (key: string) => {
    const dir: 1 | -1 = current?.key === key ? (current.dir === 1 ? -1 : 1) : 1;
    if (onSort) onSort(key, dir);
    else setSort({ key, dir });
  };

  return (
    <div className="table-block">
      {filterText && rows.length > 0 && (
        <Field
          hideLabel
          // Mid-sentence the caption is lowercased, but German writes every noun capitalised.
          label={intl.formatMessage({ id: 'ui.table.filter' }, { what: intl.locale.startsWith('de') ? caption : caption.toLowerCase() })}
          className="filter"
          type="search"
          placeholder={intl.formatMessage({ id: 'ui.table.filterPlaceholder' })}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      )}
      {rows.length === 0 ? (
        <Empty>{empty ?? intl.formatMessage({ id: 'ui.table.empty' })}</Empty>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
          <table>
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    className={[c.numeric ? 'num' : '', c.wide ? 'wide' : ''].join(' ')}
                    aria-sort={current?.key === c.key ? (current.dir === 1 ? 'ascending' : 'descending') : undefined}
                  >
                    {c.sort ? (
                      <button type="button" className="sort" onClick={() => choose(c.key)}>
                        {c.label}
                        <span aria-hidden="true" className="sort-mark">
                          {current?.key === c.key ? (current.dir === 1 ? GLYPH.up : GLYPH.down) : GLYPH.sortable}
                        </span>
                      </button>
                    ) : (
                      c.label
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr key={rowKey(r)}>
                  {columns.map((c) => (
                    <td key={c.key} className={[c.numeric ? 'num' : '', c.wide ? 'wide' : ''].join(' ')}>
                      {c.render(r)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {shown.length === 0 && <Empty>{intl.formatMessage({ id: 'ui.table.noMatch' }, { filter })}</Empty>}
        </div>
      )}
    </div>
  );
}
