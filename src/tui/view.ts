// Turns the dashboard state into formatted panes: titles and text lines, nothing else. Both the
// ink components and the plain-text snapshot draw from this, so they always agree.
import { ago, clock, fit, formatUptime, sparkline } from './format.js';
import type { DashState } from './types.js';

export type PaneId = 'server' | 'metrics' | 'players' | 'events' | 'world' | 'pals';

export interface PaneView {
  id: PaneId;
  title: string;
  lines: string[];
  /** Why the data may be old, when it is. */
  stale?: string;
}

/** Data older than this many times its refresh period is marked stale. */
const STALE_FACTOR = 3;
const PERIOD: Record<PaneId, number> = { server: 5_000, metrics: 5_000, players: 10_000, events: 10_000, world: 15_000, pals: 60_000 };

function staleNote(s: DashState, id: PaneId, now: number): string | undefined {
  const at = s.updatedAt[id === 'world' ? 'world' : id];
  if (at === undefined) return s.problem ? `no data: ${s.problem.message}` : 'loading…';
  const age = now - at;
  if (age <= PERIOD[id] * STALE_FACTOR) return undefined;
  return `stale ${Math.round(age / 1000)}s${s.problem ? `: ${s.problem.message}` : ''}`;
}

export function buildPanes(s: DashState, now: number, width: number): PaneView[] {
  const w = Math.max(20, width - 4);
  const panes: PaneView[] = [];
  const sv = s.server;
  panes.push({
    id: 'server',
    title: 'Server',
    lines: sv
      ? [
          fit(`${sv.name || '(no name)'}  ${sv.version}`, w),
          `state ${sv.state}   uptime ${formatUptime(sv.uptimeSec)}`,
          `save ${sv.save.state}${sv.save.formatDrift ? ' (format drift!)' : ''}   parsed ${ago(sv.save.lastParseAt, now)}`,
          `${sv.save.players} players  ${sv.save.pals} pals  ${sv.save.guilds} guilds`,
        ]
      : ['…'],
    stale: staleNote(s, 'server', now),
  });
  const m = s.metrics;
  const chart = Math.max(10, Math.min(60, w - 22));
  panes.push({
    id: 'metrics',
    title: 'Metrics',
    lines: m
      ? [
          `FPS ${m.fps.toFixed(1).padStart(5)} ${sparkline(s.fpsHistory, chart)}`,
          `ms  ${m.frameTimeMs.toFixed(1).padStart(5)} ${sparkline(s.frameHistory, chart)}`,
          `players ${m.players}/${m.maxPlayers}   day ${m.day}   base camps ${m.baseCamps}`,
        ]
      : ['…'],
    stale: staleNote(s, 'metrics', now),
  });
  const pl = s.players;
  panes.push({
    id: 'players',
    title: `Online players (page ${pl.page + 1}${pl.hasNext ? ', more →' : ''})`,
    lines: pl.rows.length ? pl.rows.map((p) => fit(`${p.name}  lv ${p.level}${p.guildName ? `  [${p.guildName}]` : ''}  ${formatUptime(p.playtimeSec)} played`, w)) : ['nobody online'],
    stale: staleNote(s, 'players', now),
  });
  panes.push({
    id: 'events',
    title: 'Recent events',
    lines: s.events.length ? s.events.slice(0, 8).map((e) => fit(`${clock(e.at)} ${e.kind.padEnd(6)} ${e.message}`, w)) : ['no events yet'],
    stale: staleNote(s, 'events', now),
  });
  const ws = s.world;
  if (ws && ws.state !== 'disabled') {
    const c = ws.counts;
    const busy = Object.entries(ws.activity)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${k} ${n}`)
      .join('  ');
    panes.push({
      id: 'world',
      title: `World (${ws.state})`,
      lines: [
        fit(`players ${c.players}  party ${c.partyPals}  base ${c.basePals}  wild ${c.wildPals}  npcs ${c.npcs}  boxes ${c.palBoxes}`, w),
        fit(busy || 'no activity', w),
        `linked base pals ${ws.linkedBasePals}`,
      ],
      stale: staleNote(s, 'world', now),
    });
  }
  const pa = s.pals;
  panes.push({
    id: 'pals',
    title: `Pals (page ${pa.page + 1}${pa.hasNext ? ', more →' : ''})`,
    lines: pa.rows.length
      ? pa.rows.map((p) => fit(`${p.displayName}${p.isLucky ? ' ★' : p.isAlpha ? ' α' : ''}  lv ${p.level}  ${p.placement}  ${p.ownerName}`, w))
      : ['no pals'],
    stale: staleNote(s, 'pals', now),
  });
  return panes;
}

export const HELP_LINES = [
  'q        quit',
  'tab      next pane',
  '← → / PgUp PgDn / ↑ ↓   page the focused player or pal list',
  'r        refresh now',
  '?        this help',
];
