// @vitest-environment jsdom
// The data table as a host uses it: rows in the server's order until a header is chosen, a
// header sorting up then down (aria-sort saying which), the filter box, the empty states, and
// the server-side sort that only reports the choice.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderIntl } from './render-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from '../src/ui/table';

interface Row {
  name: string;
  level: number;
  note: string;
}

const ROWS: Row[] = [
  { name: 'Bravo', level: 100, note: 'second' },
  { name: 'alpha', level: 3, note: 'first' },
  { name: 'Charlie', level: 20, note: 'third' },
];

const COLUMNS: Column<Row>[] = [
  { key: 'name', label: 'Name', sort: (r) => r.name.toLowerCase(), render: (r) => r.name },
  { key: 'level', label: 'Level', numeric: true, sort: (r) => r.level, render: (r) => r.level },
  { key: 'note', label: 'Note', render: (r) => r.note },
];

/** The first cell of each body row, top to bottom. */
const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((tr) => within(tr).getAllByRole('cell')[0].textContent);

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

afterEach(cleanup);

describe('DataTable', () => {
  it('keeps the server order until a header is chosen, then sorts by it up and back down', () => {
    renderIntl(<DataTable caption="Things" rows={ROWS} columns={COLUMNS} rowKey={(r) => r.name} />);
    expect(names()).toEqual(['Bravo', 'alpha', 'Charlie']);
    expect(header('Name').getAttribute('aria-sort')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(names()).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(names()).toEqual(['Charlie', 'Bravo', 'alpha']);
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');

    // Another column starts ascending, by number (as text 100 would come before 20 and 3), and
    // the first column no longer says it is sorted.
    fireEvent.click(screen.getByRole('button', { name: /^Level/ }));
    expect(names()).toEqual(['alpha', 'Charlie', 'Bravo']);
    expect(header('Level').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Name').getAttribute('aria-sort')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Level/ }));
    expect(names()).toEqual(['Bravo', 'Charlie', 'alpha']);
  });

  it('gives a column without a sort no button, and starts from initialSort when given', () => {
    renderIntl(<DataTable caption="Things" rows={ROWS} columns={COLUMNS} rowKey={(r) => r.name} initialSort={{ key: 'level', dir: -1 }} />);
    expect(within(header('Note')).queryByRole('button')).toBeNull();
    expect(names()).toEqual(['Bravo', 'Charlie', 'alpha']);
    expect(header('Level').getAttribute('aria-sort')).toBe('descending');
  });

  it('filters by the row text, case-blind, and says when nothing matches', () => {
    renderIntl(
      <DataTable caption="Things" rows={ROWS} columns={COLUMNS} rowKey={(r) => r.name} filterText={(r) => `${r.name} ${r.note}`} />,
    );
    const box = screen.getByRole('searchbox', { name: 'Filter things' });

    fireEvent.change(box, { target: { value: '  THIRD ' } });
    expect(names()).toEqual(['Charlie']);

    fireEvent.change(box, { target: { value: 'a' } });
    expect(names()).toEqual(['Bravo', 'alpha', 'Charlie']);
    fireEvent.change(box, { target: { value: 'alp' } });
    expect(names()).toEqual(['alpha']);

    fireEvent.change(box, { target: { value: 'zebra' } });
    expect(names()).toEqual([]);
    expect(screen.getByText('No row matches “zebra”.')).toBeTruthy();

    fireEvent.change(box, { target: { value: '' } });
    expect(names()).toEqual(['Bravo', 'alpha', 'Charlie']);
    expect(screen.queryByText(/No row matches/)).toBeNull();
  });

  it('shows its empty state, and no table or filter box, when there are no rows', () => {
    const { rerender } = renderIntl(
      <DataTable caption="Things" rows={[]} columns={COLUMNS} rowKey={(r) => r.name} filterText={(r) => r.name} empty="No things yet." />,
    );
    expect(screen.getByText('No things yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();

    rerender(<DataTable caption="Things" rows={[]} columns={COLUMNS} rowKey={(r) => r.name} />);
    expect(screen.getByText('Nothing here yet.')).toBeTruthy();
  });

  it('with onSort, reports the choice (flipping the current one) instead of sorting', () => {
    const onSort = vi.fn();
    const { rerender } = renderIntl(
      <DataTable
        caption="Things"
        rows={ROWS}
        columns={COLUMNS}
        rowKey={(r) => r.name}
        onSort={onSort}
        sorted={{ key: 'level', dir: -1 }}
      />,
    );
    expect(header('Level').getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(screen.getByRole('button', { name: /^Level/ }));
    expect(onSort).toHaveBeenLastCalledWith('level', 1);
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(onSort).toHaveBeenLastCalledWith('name', 1);
    // The rows stay as the server sent them.
    expect(names()).toEqual(['Bravo', 'alpha', 'Charlie']);

    rerender(
      <DataTable caption="Things" rows={ROWS} columns={COLUMNS} rowKey={(r) => r.name} onSort={onSort} sorted={{ key: 'name', dir: 1 }} />,
    );
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(onSort).toHaveBeenLastCalledWith('name', -1);
  });
});
