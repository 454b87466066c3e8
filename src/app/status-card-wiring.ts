// Where the webhooks' live facts come from (issue 41): the status cards' facts and the templates'
// server name and players, from the same sources the dashboard's API reads — the REST poller's
// live state, the countdown running, the restart tasks' next run (domain/task-schedule.ts, as the
// tasks API computes it), and the newest backup with its off-site copy (the backups' list).
import type { Store } from '../store/index.js';
import type { LiveSource } from '../poller/live-source.js';
import type { Countdowns } from '../actions/countdown.js';
import type { BackupPorts } from '../backups/types.js';
import type { CardFacts } from '../actions/status-card-embed.js';
import type { WebhookContext } from '../actions/notifier.js';
import { dueOf } from '../domain/task-schedule.js';

export interface FactSources {
  store: Store;
  live: LiveSource;
  countdowns: Countdowns | null;
  backups: BackupPorts | undefined;
  timezone: string;
}

/** The next restart a task will start, or null. */
function nextRestart(store: Store, timezone: string): string | null {
  const due = store.tasks
    .list()
    .filter((t) => t.enabled && t.action.kind === 'restart')
    .map((t) => dueOf(t.schedule, store.tasks.lastDue(t.id), t.createdAt, timezone).getTime())
    .sort((a, b) => a - b)[0];
  return due === undefined ? null : new Date(due).toISOString();
}

export function cardFacts(s: FactSources): () => Promise<CardFacts> {
  return async () => {
    const newest = s.backups ? ((await s.backups.list().catch(() => []))[0] ?? null) : null;
    const cd = s.countdowns?.current() ?? null;
    return {
      live: s.live.snapshot(),
      countdown: cd ? { kind: cd.kind, endsAt: cd.endsAt, reason: cd.reason } : null,
      nextRestartAt: nextRestart(s.store, s.timezone),
      lastBackup: newest ? { at: newest.createdAt, offsite: newest.offsite.state } : null,
    };
  };
}

/** The templates' `{server}`, `{players}`, `{max}`: the live state, once the game link is up. */
export function webhookContext(live: () => LiveSource | null): WebhookContext {
  return () => {
    const l = live()?.snapshot();
    if (!l) return {};
    return {
      server: l.info?.name || undefined,
      players: l.reachable ? l.players.length : undefined,
      max: l.metrics?.maxPlayers,
    };
  };
}
