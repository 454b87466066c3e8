// One plain-text snapshot of every pane, for scripts (stdout not a terminal) and --once.
import type { DashState } from './types.js';
import { buildPanes } from './view.js';

export function renderSnapshot(s: DashState, now: number, width = 100): string {
  const out: string[] = [];
  for (const p of buildPanes(s, now, width)) {
    out.push(`== ${p.title}${p.stale ? ` (${p.stale})` : ''}`);
    for (const l of p.lines) out.push(`  ${l}`);
  }
  if (s.problem) out.push(`!! ${s.problem.message}`);
  return out.join('\n') + '\n';
}
