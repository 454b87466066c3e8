// One plain-text snapshot of every pane, for scripts (stdout not a terminal) and --once. No
// colours, no borders: one `== Title` line per pane, then its lines indented.
import type { DashState } from './types.js';
import { buildPanes, gameText, problemText } from './view.js';
import { terminalLines } from '../lib/terminal-text.js';

export function renderSnapshot(s: DashState, now: number, url: string, width = 100): string {
  const out: string[] = [`palpanel dash ${url} at ${new Date(now).toISOString()}`];
  for (const p of buildPanes(s, now, () => Math.max(20, width - 2))) {
    out.push(`== ${p.title}${p.stale ? ` (${p.stale})` : ''}`);
    for (const l of p.lines) out.push(`  ${l}`);
  }
  const problem = problemText(s.problem, now);
  if (problem) out.push(`!! ${problem}`);
  const game = gameText(s);
  if (game) out.push(`!! ${game}`);
  // Each value is made safe where the panes are built; this keeps the whole text so (the URL too).
  return terminalLines(out.join('\n')) + '\n';
}
