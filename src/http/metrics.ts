// `GET /metrics` in Prometheus' text format 0.0.4: what a host graphs next to the game server.
// Gauges come from the pollers' caches and the world store at scrape time; counters (requests
// by route template and status) are kept in memory since start, as Prometheus expects.
import type { HttpDeps } from './deps.js';
import type { RouteTable } from './routes/table.js';
import type { AnyRoute } from './routes/route.js';
import type { HttpRequest, HttpResponse } from './types.js';
import { family, gauge } from './metrics-format.js';
import { hostFamilies } from './metrics-host.js';

export const METRICS_PATH = '/metrics';

/** Requests answered, by route template (never the raw path: its cardinality is unbounded). */
export class RequestCounter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly tables: readonly RouteTable<AnyRoute>[]) {}

  count(req: HttpRequest, status: number): void {
    const key = `${this.routeOf(req)}\u0000${status}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** `[route, status, count]`, sorted. */
  entries(): [string, number, number][] {
    return [...this.counts]
      .map(([k, n]): [string, number, number] => {
        const [route, status] = k.split('\u0000');
        return [route, Number(status), n];
      })
      .sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1]);
  }

  private routeOf(req: HttpRequest): string {
    if (req.path === METRICS_PATH) return METRICS_PATH;
    for (const t of this.tables) {
      if (t.base !== '' && req.path !== t.base && !req.path.startsWith(`${t.base}/`)) continue;
      const m = t.match(req.method, req.path);
      if (m.kind === 'found') return `${t.base}${m.route.path}`;
      if (t.base !== '') return `${t.base}/*`; // unknown below a surface: one series
    }
    return 'other';
  }
}

const seconds = (isoTime: string | null | undefined): number | null => {
  const t = isoTime ? Date.parse(isoTime) : NaN;
  return Number.isFinite(t) ? t / 1000 : null;
};
const flag = (v: boolean | null | undefined): number | null => (v === null || v === undefined ? null : v ? 1 : 0);

/** The newest backup of each trigger, as Unix seconds (the alert rules' "no backup for two
 * intervals" reads the scheduled one). A backup folder that cannot be read gives none. */
async function newestBackups(deps: HttpDeps): Promise<[Record<string, string>, number][]> {
  const all = await deps.backups?.list().catch(() => []);
  const newest = new Map<string, number>();
  for (const b of all ?? []) {
    const t = seconds(b.createdAt);
    if (t !== null && t > (newest.get(b.trigger) ?? -Infinity)) newest.set(b.trigger, t);
  }
  return [...newest].sort((a, b) => a[0].localeCompare(b[0])).map(([trigger, t]) => [{ trigger }, t]);
}

export async function renderMetrics(deps: HttpDeps, requests: RequestCounter): Promise<HttpResponse> {
  const now = deps.clock().getTime();
  const live = deps.live.snapshot();
  const m = live.metrics;
  const info = deps.store.world.parseInfo();
  const world = deps.server?.world?.state() ?? null;
  const rest = deps.server?.pollers().rest ?? null;
  const reqs = requests.entries();
  const limited = reqs.filter(([, status]) => status === 429).reduce((a, [, , n]) => a + n, 0);
  const parsedAt = info.lastParseAt === null ? null : Date.parse(info.lastParseAt);
  const schedule = deps.store.backupSettings.schedule();
  const backups = await newestBackups(deps);
  const copies = deps.backups?.copyStats() ?? null;
  // The backup folder's size, the disk's free space and the newest good off-site copy: what
  // an alert on "backups will stop" or "no off-site copy for a day" reads.
  const storage = await deps.backups?.storage().catch(() => null);
  const body = [
    // Without a game URL nothing is polled: "not configured", which an alert must not take for
    // a game that is down (deploy/prometheus/alerts.yml).
    gauge('palpanel_game_configured', 'Whether a game REST API is configured (SERVICE_GAME_REST_URL): 1, or 0.', rest ? 1 : 0),
    gauge('palpanel_game_reachable', 'Whether the last poll of the game REST API succeeded (1) or not (0).', live.reachable ? 1 : 0),
    // The game's figures only while it answers: zeros would read as an empty, frozen server.
    gauge('palpanel_players_online', 'Players online, as the game reports them.', live.reachable ? live.players.length : null),
    gauge('palpanel_max_players', "The game's player limit.", live.reachable && m ? m.maxPlayers : null),
    gauge('palpanel_game_fps', 'Server frames per second.', live.reachable && m ? m.fps : null),
    gauge('palpanel_game_frame_time_milliseconds', 'Server frame time in milliseconds.', live.reachable && m ? m.frameTimeMs : null),
    gauge('palpanel_game_uptime_seconds', 'Seconds since the game server started.', live.reachable && m ? m.uptimeSec : null),
    gauge('palpanel_world_players', 'Players in the last parsed world save.', info.players),
    gauge('palpanel_world_pals', 'Pals in the last parsed world save.', info.pals),
    gauge('palpanel_world_guilds', 'Guilds in the last parsed world save.', info.guilds),
    gauge(
      'palpanel_parse_duration_seconds',
      'Duration of the last parse attempt of this run.',
      world?.lastRun ? world.lastRun.durationMs / 1000 : null,
    ),
    gauge(
      'palpanel_parse_age_seconds',
      'Seconds since the world now served was parsed.',
      parsedAt === null ? null : Math.max(0, (now - parsedAt) / 1000),
    ),
    gauge(
      'palpanel_world_last_parse_timestamp_seconds',
      'When the world now served was parsed, in Unix seconds.',
      parsedAt === null ? null : parsedAt / 1000,
    ),
    gauge(
      'palpanel_world_save_behind_seconds',
      'How far the served world is behind the newest Level.sav on disk, in seconds (0: it is that save); absent while unknown.',
      world?.freshness?.behindSec ?? null,
    ),
    gauge(
      'palpanel_world_save_stale',
      'Whether the served world is more than two autosaves behind the newest save on disk (1) or not (0).',
      flag(world?.freshness?.stale),
    ),
    gauge(
      'palpanel_save_problem',
      'Whether something keeps the save from being read now (1: the folder missing or unreadable, no Level.sav, a failed parse) or not (0).',
      world?.enabled ? (world.problem ? 1 : 0) : null,
    ),
    gauge(
      'palpanel_parse_last_success',
      'Whether the last parse attempt of this run succeeded (1) or failed (0).',
      flag(world?.lastRun?.ok),
    ),
    family('palpanel_backup_last_timestamp_seconds', 'gauge', 'When the newest backup of each trigger was made, in Unix seconds.', backups),
    gauge(
      'palpanel_backup_schedule_interval_seconds',
      'The interval of scheduled backups, in seconds; absent while the schedule is off.',
      deps.backups && schedule.enabled ? schedule.intervalHours * 3600 : null,
    ),
    // Off-site copies (SERVICE_BACKUP_COPY_COMMAND): absent while no copy command is set.
    gauge(
      'palpanel_backup_copy_last_success_timestamp_seconds',
      'When the newest successful off-site copy of a backup ended, in Unix seconds; absent before any.',
      seconds(copies?.lastSuccessAt),
    ),
    family(
      'palpanel_backup_copy_failures_total',
      'counter',
      'Failed off-site copy attempts since start (exit status not 0, killed past the deadline, or not started).',
      copies ? [[{}, copies.failures]] : [],
    ),
    gauge(
      'palpanel_backups_copy_pending',
      'Backups whose off-site copy is still to be made and will be tried (pending, running, or failed with a retry due).',
      copies ? copies.pending : null,
    ),
    gauge('palpanel_backup_folder_bytes', 'Bytes the backups take in the backup folder.', storage ? storage.bytesUsed : null),
    gauge(
      'palpanel_backup_disk_free_bytes',
      'Bytes free on the disk holding the backup folder; absent when it cannot be read.',
      storage?.freeBytes ?? null,
    ),
    gauge(
      'palpanel_backup_offsite_good_timestamp_seconds',
      'When the newest backup whose off-site copy passed its check was made, in Unix seconds; absent when none has.',
      storage?.offsite.newestGoodAt ? seconds(storage.offsite.newestGoodAt) : null,
    ),
    family(
      'palpanel_poll_failures_total',
      'counter',
      'Failed polls of the game REST API since start.',
      rest ? [[{}, rest.failedPolls ?? 0]] : [],
    ),
    family(
      'palpanel_http_requests_total',
      'counter',
      'HTTP requests answered since start, by route template and status.',
      reqs.map(([route, status, n]) => [{ route, status: String(status) }, n]),
    ),
    family('palpanel_rate_limited_requests_total', 'counter', 'Requests answered 429 since start.', [[{}, limited]]),
    ...hostFamilies(deps),
  ].join('\n');
  return {
    status: 200,
    headers: {
      'content-type': 'text/plain; version=0.0.4; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
    body: `${body}\n`,
  };
}
