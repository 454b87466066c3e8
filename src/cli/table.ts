// The one way the CLI prints a table: a header line, then a row per record, each column as wide
// as its widest cell and two spaces apart; numbers right-aligned where asked; the last column
// left ragged (no trailing spaces). Every cell is made safe for a terminal here
// (lib/terminal-text.ts): names, labels and ids may come from outside, and a control character
// in one would act on the terminal and throw the columns out.
import { terminalText } from '../lib/terminal-text.js';

export interface Column<T> {
  head: string;
  cell: (row: T) => string;
  /** Right-aligned (sizes, counts). */
  right?: boolean;
}

/** The table of `rows`, or `empty` (a sentence) when there are none; ends with a line feed. */
export function textTable<T>(rows: readonly T[], columns: readonly Column<T>[], empty: string): string {
  if (rows.length === 0) return `${empty}\n`;
  const cells = rows.map((r) => columns.map((c) => terminalText(c.cell(r))));
  const widths = columns.map((c, i) => Math.max(width(c.head), ...cells.map((r) => width(r[i]))));
  const line = (r: readonly string[]) =>
    r
      .map((text, i) => {
        const pad = ' '.repeat(widths[i] - width(text));
        if (columns[i].right) return pad + text;
        return i === r.length - 1 ? text : text + pad;
      })
      .join('  ') + '\n';
  return line(columns.map((c) => c.head)) + cells.map(line).join('');
}

/** Columns a terminal gives the text: one per code point (escapes are plain ASCII by now). */
function width(text: string): number {
  return [...text].length;
}
