// Pure formatters for the dashboard's presentational components.
import { terminalText } from '../lib/terminal-text.js';

export function formatUptime(sec: number): string {
  if (!(sec > 0)) return '0s';
  const d = Math.floor(sec / 86400);
  const h = Math.floor((sec % 86400) / 3600);
  const m = Math.floor((sec % 3600) / 60);
  const s = Math.floor(sec % 60);
  if (d) return `${d}d ${h}h`;
  if (h) return `${h}h ${m}m`;
  if (m) return `${m}m ${s}s`;
  return `${s}s`;
}

const BARS = '▁▂▃▄▅▆▇█';

/** A one-line chart of the last `width` values, scaled between their min and max. */
export function sparkline(values: number[], width: number): string {
  if (!(width >= 1)) return '';
  const v = values.slice(-Math.floor(width)).map((x) => (Number.isFinite(x) ? x : 0));
  if (v.length === 0) return '';
  const min = Math.min(...v);
  const max = Math.max(...v);
  return v.map((x) => (max === min ? BARS[3] : BARS[Math.round(((x - min) / (max - min)) * (BARS.length - 1))])).join('');
}

/** `12s ago`, `5m ago`; `never` for null. */
export function ago(iso: string | null | undefined, now: number): string {
  if (!iso) return 'never';
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return 'unknown';
  const sec = Math.max(0, Math.round((now - at) / 1000));
  if (sec < 60) return `${sec}s ago`;
  if (sec < 3600) return `${Math.floor(sec / 60)}m ago`;
  if (sec < 86400) return `${Math.floor(sec / 3600)}h ago`;
  return `${Math.floor(sec / 86400)}d ago`;
}

/** A duration for a note: `42s`, `5m`, `2h`. */
export function seconds(ms: number): string {
  const sec = Math.max(0, Math.round(ms / 1000));
  if (sec < 90) return `${sec}s`;
  if (sec < 90 * 60) return `${Math.round(sec / 60)}m`;
  return `${Math.round(sec / 3600)}h`;
}

/** Cuts text to `width` columns with an ellipsis. */
export function fit(text: string, width: number): string {
  if (width <= 0) return '';
  // Names and messages from the game and the save are in these lines: their control characters
  // are shown as escapes before the width is counted (lib/terminal-text.ts).
  const safe = terminalText(text);
  const chars = [...safe];
  return chars.length <= width ? safe : chars.slice(0, Math.max(0, width - 1)).join('') + '…';
}

/**
 * Lays out `items` on at most `maxLines` lines of `width` columns, two spaces apart, moving an
 * item that does not fit to the next line; what is left over when the lines run out is cut with
 * an ellipsis on the last one.
 */
export function pack(items: string[], width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items.map(terminalText)) {
    const joined = line ? `${line}  ${item}` : item;
    if (!line || [...joined].length <= width || lines.length === maxLines - 1) line = joined;
    else {
      lines.push(line);
      line = item;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, maxLines).map((l) => fit(l, width));
}

export const clock = (iso: string): string => iso.slice(11, 19);
