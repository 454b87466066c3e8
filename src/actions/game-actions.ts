// The game's admin actions for the panel (announce, save now) and its settings, over the game's
// REST client (a shutdown is a countdown: countdown.ts). Each action is audited here, in the app
// layer, once its outcome is known: the change happens in the game, not in the store, so the row
// is its own write (`ok`, or `refused` with the reason of game-failure.ts when the game did not do it).
import type { CallOptions } from '../game/rest-client.js';
import type { Actor } from '../domain/actor.js';
import type { AuditAction } from '../domain/audit.js';
import { isSecretName } from '../domain/secret-names.js';
import type { Clock } from '../lib/time.js';
import type { Store } from '../store/index.js';
import { attempt } from './game-failure.js';
import type { SettingValue } from '../contract/panel/server.js';

/** What the actions need of the REST client (GameRestClient satisfies it). */
export interface GameAdminSource {
  settings(o?: CallOptions): Promise<Record<string, SettingValue>>;
  announce(message: string, o?: CallOptions): Promise<string>;
  save(o?: CallOptions): Promise<string>;
}

/** Settings change only when the game restarts: read at most this often. */
const SETTINGS_TTL_MS = 60_000;
/** `/server` must answer promptly even when the game hangs. */
const SETTINGS_TIMEOUT_MS = 2_000;
/** After a failed read, the next try waits this long (a hanging game would slow every `/server`). */
const SETTINGS_RETRY_MS = 15_000;

/** The settings without any whose name says it holds a secret (interface.md: shown to nobody).
 * The game's `/settings` leaves its passwords out today; a build or a proxy that put them in
 * must not pass them on. */
function withoutSecrets(settings: Record<string, SettingValue>): Record<string, SettingValue> {
  return Object.fromEntries(Object.entries(settings).filter(([name]) => !isSecretName(name)));
}

export function createGameActions(source: GameAdminSource, store: Store, clock: Clock): GameActions {
  let cached: { at: number; value: Record<string, SettingValue> } | null = null;
  let failedAt = -Infinity;

  /** Runs the game call and audits its outcome (game-failure.ts maps a failure). */
  async function act<T>(action: AuditAction, actor: Actor, detail: string | null, what: string, call: () => Promise<T>): Promise<T> {
    const entry = { actor, action, target: '', detail };
    const out = await attempt(store, entry, what, call);
    store.audit.note(entry);
    return out;
  }

  return {
    async settings() {
      const now = clock().getTime();
      if (cached && now - cached.at < SETTINGS_TTL_MS) return cached.value;
      if (now - failedAt < SETTINGS_RETRY_MS) return cached?.value ?? null;
      try {
        cached = { at: now, value: withoutSecrets(await source.settings({ timeoutMs: SETTINGS_TIMEOUT_MS })) };
        return cached.value;
      } catch {
        failedAt = now;
        return cached?.value ?? null;
      }
    },
    announce: (message, actor) =>
      act('server.announce', actor, message, 'announcement', () => source.announce(message)).then(() => undefined),
    save: (actor) => act('server.save', actor, null, 'save', () => source.save()).then(() => undefined),
  };
}

export type { SettingValue } from '../contract/panel/server.js';

/** The game's admin actions. Each audits itself (actor as given) and throws
 * GameUnavailableError (503 `game_unavailable`) when the game did not answer or refused. */
export interface GameActions {
  /** The game's settings as its REST API reports them, without secrets (cached briefly); null
   * when unreadable. */
  settings(): Promise<Record<string, SettingValue> | null>;
  announce(message: string, actor: Actor): Promise<void>;
  save(actor: Actor): Promise<void>;
}
