// The audit log's words on the wire: what was changed, whether it happened, and why a change
// was refused. Declared on the contract's floor so the audit schemas need nothing above zod;
// domain/audit.ts builds the row and its texts on them.

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
  /** Start pressed on a stopped game: SERVICE_GAME_START_COMMAND run (detail: its outcome). */
  'server.start',
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
