// The audit log's vocabulary and row shape (the store writes the rows: store/audit.ts). Every
// change of the panel's administrative state is one row: who (actor), what (action), to what
// (target), when, and whether it happened. Never a password, a key, a token or a hash in it.
import type { Actor } from './actor.js';

export const AUDIT_ACTIONS = [
  'key.create',
  'key.revoke',
  'user.create',
  'user.remove',
  'user.role',
  'user.password',
  /** A login. */
  'session.create',
  /** A logout, an admin ending a session, or the end that a user's removal or password
   * change brings to their sessions. */
  'session.end',
  /** Game actions of the panel's server and world routes (target: '' or the world). */
  'server.announce',
  'server.save',
  'server.shutdown',
  /** A shutdown or restart countdown cancelled (detail: its kind and when it was due). */
  'server.cancel',
  'world.parse',
  /** Moderation through the game's REST API (target: the save uid; detail: the reason). */
  'player.kick',
  'player.ban',
  'player.unban',
  /** The whitelist's switch or entries changed (detail: on/off and the entry count). */
  'whitelist.update',
  'whitelist.add',
  'whitelist.remove',
  /** The in-game join and leave announcements (detail: on/off). */
  'announcements.update',
  /** A webhook added or removed (target: its id; detail: its format and host, never the URL). */
  'webhook.create',
  'webhook.remove',
  /** Backups (target: the backup id; detail: the trigger, or the schedule, or the outcome). */
  'backup.create',
  'backup.delete',
  'backup.schedule',
  'backup.restore',
  /** A console command run through RCON (target: ''; detail: the command, passwords masked). */
  'console.exec',
  /** A saved console command added or removed (target: its id; detail: its name). */
  'console.save',
  'console.unsave',
  /** The deployment file changed (target: its name; detail: the settings changed, never values). */
  'config.update',
  /** Items given to a player through PalDefender (target: the save uid; detail: the items). */
  'items.grant',
  /** A scheduled task added, changed or removed (target: its id; detail: its name), and each
   * run (actor `system`; detail: the outcome). */
  'task.update',
  'task.run',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_OUTCOMES = ['ok', 'refused'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** Why a change was refused: a rule of the domain said no (a conflict). Input that fails
 * validation or names nothing that exists is not an attempted change and leaves no row. */
export const REFUSAL_REASONS = [
  'last_admin',
  'too_many_keys',
  'user_exists',
  'game_unavailable',
  'parse_running',
  'game_refused',
  'too_many_webhooks',
  'backup_failed',
  'game_running',
  'too_many_saved_commands',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/**
 * One row, newest first in lists. `target`: the key id (key.*; `''` for a refused key.create,
 * which made no key), the user name (user.*), the session's public id (session.*), '' for the game and world actions (server.*, world.parse). `detail`, set by the store and never secret: the label
 * (key.create), the role (user.create), `<old>-><new>` (user.role), the session's user name
 * (session.*), the message (server.announce), `in <n> s: <message>` (server.shutdown), `parsed` or
 * `failed: <why>` (world.parse); null otherwise.
 */
export interface AuditRecord {
  /** Increasing with each row; stable, never reused. */
  id: number;
  /** RFC 3339 UTC with milliseconds, from the store's clock. */
  at: string;
  actor: Actor;
  action: AuditAction;
  target: string;
  outcome: AuditOutcome;
  /** Set when `outcome` is `refused`, else null. */
  reason: RefusalReason | null;
  detail: string | null;
}

/** What each action did, in words, for the `audit` events of the panel's event log. */
const ACTION_WORDS: Record<AuditAction, string> = {
  'key.create': 'create integration key',
  'key.revoke': 'revoke integration key',
  'user.create': 'create user',
  'user.remove': 'remove user',
  'user.role': 'change the role of user',
  'user.password': 'change the password of user',
  'session.create': 'sign in, session',
  'session.end': 'end session',
  'server.announce': 'announce in game',
  'server.save': 'save the world',
  'server.shutdown': 'shut the game server down',
  'server.cancel': 'cancel the shutdown countdown',
  'world.parse': 'parse the world save',
  'player.kick': 'kick player',
  'player.ban': 'ban player',
  'player.unban': 'unban player',
  'whitelist.update': 'update the whitelist',
  'whitelist.add': 'add to the whitelist',
  'whitelist.remove': 'remove from the whitelist',
  'announcements.update': 'update the join and leave announcements',
  'webhook.create': 'add webhook',
  'webhook.remove': 'remove webhook',
  'backup.create': 'make backup',
  'backup.delete': 'delete backup',
  'backup.schedule': 'set the backup schedule',
  'backup.restore': 'restore backup',
  'console.exec': 'run console command',
  'console.save': 'save console command',
  'console.unsave': 'remove saved console command',
  'config.update': 'change the game settings in',
  'items.grant': 'give items to player',
  'task.update': 'change scheduled task',
  'task.run': 'run scheduled task',
};

/** An audit row as one line of the event log (kind `audit`), e.g. `ann: revoke integration key
 * 3f9a` or `cli: remove user ann: refused (last_admin)`. Built from the row's fields only, which
 * are never secret. */
export function auditEventText(r: Pick<AuditRecord, 'actor' | 'action' | 'target' | 'outcome' | 'reason' | 'detail'>): string {
  const who = r.actor.startsWith('user:') ? r.actor.slice(5) : r.actor;
  const what = [ACTION_WORDS[r.action], r.target].filter((s) => s !== '').join(' ');
  const detail = r.detail ? ` (${r.detail})` : '';
  const refused = r.outcome === 'refused' ? `: refused (${r.reason ?? 'refused'})` : '';
  return `${who}: ${what}${detail}${refused}`;
}
