// The audit log's vocabulary and row shape (the store writes the rows: store/audit.ts). Every
// change of the panel's administrative state is one row: who (actor), what (action), to what
// (target), when, and whether it happened. Never a password, a key, a token or a hash in it.
import type { AuditAction } from '../contract/audit-words.js';
import type { AuditRecord } from '../contract/panel/admin.js';
export {
  AUDIT_ACTIONS,
  AUDIT_OUTCOMES,
  REFUSAL_REASONS,
  type AuditAction,
  type AuditOutcome,
  type RefusalReason,
} from '../contract/audit-words.js';

export type { AuditRecord } from '../contract/panel/admin.js';

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
  'server.start': 'ran the start command',
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
