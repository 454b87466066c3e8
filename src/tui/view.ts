// Turns the dashboard state into formatted panes: titles and text lines, nothing else. Both the
// ink components and the plain-text snapshot draw from this, so they always agree.
import { ago, clock, fit, formatUptime, pack, seconds, sparkline } from './format.js';
import { tabOrder, WORLD_LINES, type PaneId } from './layout.js';
import type { DashState, Problem } from './types.js';
import { terminalText } from '../lib/terminal-text.js';

export interface PaneView {
  id: PaneId;
  title: string;
  lines: string[];
  /** Why the data may be old, when it is (`stale 42s: rate limited`). */
  stale?: string;
}

/** Data older than this many refresh periods (plus a grace) is marked stale. */
const STALE_PERIODS = 2;
const STALE_GRACE_MS = 5_000;

/** The status bar's account of a problem. */
export function problemText(p: Problem | null, now: number): string | null {
  const text = problemWords(p, now);
  // The reason and the message may quote what came over the network.
  return text === null ? null : terminalText(text);
}

function problemWords(p: Problem | null, now: number): string | null {
  if (!p) return null;
  switch (p.kind) {
    case 'unreachable':
      return `panel unreachable: ${p.reason} (retrying; since ${seconds(now - p.since)})`;
    case 'rate_limited':
      return p.until > now
        ? `rate limited by the panel: paused ${seconds(p.until - now)} (Retry-After)`
        : 'rate limited by the panel: resuming';
    case 'error':
      return `${p.route}: ${p.message}`;
  }
}

/** The game's side of "live": the panel may answer while the game server does not. */
export function gameText(s: DashState): string | null {
  return s.server && s.server.state !== 'running' ? 'game server unreachable: no live figures' : null;
}

/** The short reason shown in a stale pane's title. */
const SHORT: Record<Problem['kind'], string> = { unreachable: 'unreachable', rate_limited: 'rate limited', error: 'error' };

function staleNote(s: DashState, id: PaneId, now: number): string | undefined {
  const at = s.updatedAt[id];
  const why = s.problem ? SHORT[s.problem.kind] : undefined;
  if (at === undefined) return why ? `no data: ${why}` : 'loading…';
  const age = now - at;
  if (age <= s.periodMs[id] * STALE_PERIODS + STALE_GRACE_MS) return undefined;
  return `stale ${seconds(age)}${why ? `: ${why}` : ''}`;
}

/** The panes present for this state: the world summary only while the game-data poller is on. */
export function presentPanes(s: DashState): PaneId[] {
  const out: PaneId[] = ['server', 'metrics', 'players', 'events', 'pals'];
  // The machine pane once the panel's /metrics has answered (an older panel's has no host figures).
  if (s.host && s.host.memTotalBytes !== null) out.push('host');
  if (s.world && s.world.state !== 'disabled') out.push('world');
  return out;
}

/** Each present pane's view; `widthOf` gives the text width inside the pane. */
export function buildPanes(s: DashState, now: number, widthOf: (id: PaneId) => number): PaneView[] {
  const views: Record<PaneId, () => Omit<PaneView, 'id' | 'stale'>> = {
    server: () => {
      const sv = s.server;
      const w = widthOf('server');
      if (!sv) return { title: 'Server', lines: ['…'] };
      const drift = sv.save.formatDrift || sv.save.state === 'drift';
      return {
        title: 'Server',
        lines: [
          fit(`${sv.name || '(no name)'}  ${sv.version}`, w),
          fit(`state ${sv.state}${sv.state === 'unreachable' ? ' (game server)' : ''}   uptime ${formatUptime(sv.uptimeSec)}`, w),
          fit(`save ${sv.save.state}   parsed ${ago(sv.save.lastParseAt, now)}   drift ${drift ? 'YES' : 'no'}`, w),
          fit(`${sv.save.players} players  ${sv.save.pals} pals  ${sv.save.guilds} guilds`, w),
        ],
      };
    },
    metrics: () => {
      const m = s.metrics;
      const w = widthOf('metrics');
      if (!m) return { title: 'Metrics', lines: ['…'] };
      // The API answers zeros while the game is away; zeros would read as an empty, frozen server.
      if (gameText(s)) return { title: 'Metrics', lines: [fit('no live figures: the game server is unreachable', w)] };
      const chart = Math.max(0, Math.min(60, w - 12));
      return {
        title: 'Metrics',
        lines: [
          fit(`FPS ${m.fps.toFixed(1).padStart(6)} ${sparkline(s.fpsHistory, chart)}`, w),
          fit(`ms  ${m.frameTimeMs.toFixed(1).padStart(6)} ${sparkline(s.frameHistory, chart)}`, w),
          fit(`players ${m.players}/${m.maxPlayers}   day ${m.day}   base camps ${m.baseCamps}`, w),
        ],
      };
    },
    host: () => {
      const h = s.host!;
      const w = widthOf('host');
      const gb = (b: number | null) => (b === null ? '?' : `${(b / 1e9).toFixed(1)} GB`);
      const used = h.memTotalBytes !== null && h.memAvailableBytes !== null ? h.memTotalBytes - h.memAvailableBytes : null;
      const cpu = h.cpuRatio === null ? '?' : `${Math.round(h.cpuRatio * 100)}%`;
      const g = h.game;
      const down = h.downSince !== null ? `   down since ${clock(new Date(h.downSince * 1000).toISOString())}` : '';
      return {
        title: `Machine${h.crashes ? ` (${h.crashes} crash${h.crashes === 1 ? '' : 'es'})` : ''}`,
        lines: [
          fit(
            `cpu ${cpu}  load ${h.load1?.toFixed(2) ?? '?'}  mem ${gb(used)}/${gb(h.memTotalBytes)}  swap ${gb(h.swapUsedBytes)}  save disk ${gb(h.saveFreeBytes)} free`,
            w,
          ),
          fit(
            g
              ? `game ${gb(g.rssBytes)} resident  cpu ${h.gameCpuPercent === null ? '…' : `${Math.round(h.gameCpuPercent)}% of a core`}  ${g.threads ?? '?'} threads${down}`
              : `game process not visible to the panel (SERVICE_GAME_PROCESS)${down}`,
            w,
          ),
        ],
      };
    },
    players: () => {
      const pl = s.players;
      const w = widthOf('players');
      return {
        title: `Online players (page ${pl.page + 1}${pl.hasNext ? ', more →' : ''})`,
        lines: pl.rows.length
          ? pl.rows.map((p) =>
              fit(`${p.name}  lv ${p.level}${p.guildName ? `  [${p.guildName}]` : ''}  ${formatUptime(p.playtimeSec)} played`, w),
            )
          : [s.updatedAt.players === undefined ? '…' : pl.page > 0 ? 'no more players' : 'nobody online'],
      };
    },
    events: () => ({
      title: 'Recent events',
      lines: s.events.length
        ? s.events.map((e) => fit(`${clock(e.at)} ${e.kind.padEnd(6)} ${e.message}`, widthOf('events')))
        : [s.updatedAt.events === undefined ? '…' : 'no events yet'],
    }),
    world: () => {
      const ws = s.world!;
      const w = widthOf('world');
      const c = ws.counts;
      const counts = [
        `players ${c.players}`,
        `party ${c.partyPals}`,
        `base ${c.basePals}`,
        `wild ${c.wildPals}`,
        `npcs ${c.npcs}`,
        `boxes ${c.palBoxes}`,
      ];
      if (c.unknown > 0) counts.push(`unknown ${c.unknown}`);
      const busy = Object.entries(ws.activity)
        .filter(([, n]) => n > 0)
        .map(([k, n]) => `${k} ${n}`);
      // Counts first, then the activity on the lines left, wrapped rather than cut on a narrow pane.
      const countLines = pack(counts, w, WORLD_LINES - 2);
      return {
        title: `World (${ws.state})`,
        lines: [
          ...countLines,
          ...pack(busy.length ? busy : ['no activity'], w, WORLD_LINES - 1 - countLines.length),
          fit(`linked base pals ${ws.linkedBasePals}   captured ${ago(ws.capturedAt, now)}`, w),
        ],
      };
    },
    pals: () => {
      const pa = s.pals;
      const w = widthOf('pals');
      return {
        title: `Pals (page ${pa.page + 1}${pa.hasNext ? ', more →' : ''})`,
        lines: pa.rows.length
          ? pa.rows.map((p) =>
              fit(`${p.displayName}${p.isLucky ? ' ★' : p.isAlpha ? ' α' : ''}  lv ${p.level}  ${p.placement}  ${p.ownerName || '?'}`, w),
            )
          : [s.updatedAt.pals === undefined ? '…' : 'no pals'],
      };
    },
  };
  // Every title and line shown, whether or not it went through fit: nothing from outside reaches
  // the terminal with its control characters (lib/terminal-text.ts; idempotent on fitted lines).
  return tabOrder(presentPanes(s)).map((id) => {
    const v = views[id]();
    return { id, title: terminalText(v.title), lines: v.lines.map(terminalText), stale: staleNote(s, id, now) };
  });
}

export const HELP_LINES = [
  'q / ctrl-c           quit',
  'tab / shift-tab      next / previous pane',
  '→ ↓ PgDn  ← ↑ PgUp   next / previous page of the focused player or pal list',
  'r                    refresh now (within the request budget)',
  '?                    show or hide this help',
  '',
  'The dashboard spends at most --budget requests a minute (default 40) so it stays under',
  "the key's rate limit; after a 429 it waits for Retry-After and spends less.",
];
