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
  /** A user's own choice of the web UI's language (detail: the tag, or `browser`). */
  'user.language',
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
  /** The event kinds a webhook receives changed (target: its id; detail: the kinds). */
  'webhook.update',
  'webhook.remove',
  /** Backups (target: the backup id; detail: the trigger, or the schedule, or the outcome). */
  'backup.create',
  /** A backup's off-site copy asked for now (target: the backup id). */
  'backup.copy',
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
  /** Two-factor sign-in (target: the user name): turned on (the enrolment confirmed), turned
   * off by its user, reset by an admin or the shell, and a recovery code used to sign in
   * (detail: how many are left). Never the key, a code or a hash. */
  'totp.enable',
  'totp.disable',
  'totp.reset',
  'totp.recovery',
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
  /** A user's own password change or second-factor removal with a wrong current password or code. */
  'wrong_password',
  'wrong_code',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** What each action did, in words a person reads: the audit card's "What" and the `audit`
 * events of the panel's event log (domain/audit.ts). The wire keeps the action's code. */
const ACTION_WORDS: Record<AuditAction, string> = {
  'key.create': 'create integration key',
  'key.revoke': 'revoke integration key',
  'user.create': 'create user',
  'user.remove': 'remove user',
  'user.role': 'change the role of user',
  'user.password': 'change the password of user',
  'user.language': 'choose the web UI language of user',
  'session.create': 'sign in, session',
  'session.end': 'end session',
  'server.announce': 'announce in game',
  'server.save': 'save the world',
  'server.shutdown': 'shut the game server down',
  'server.start': 'run the start command',
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
  'webhook.update': 'change webhook',
  'webhook.remove': 'remove webhook',
  'backup.create': 'make backup',
  'backup.copy': 'copy backup off-site',
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
  'totp.enable': 'turn on two-factor sign-in of user',
  'totp.disable': 'turn off two-factor sign-in of user',
  'totp.reset': 'reset two-factor sign-in of user',
  'totp.recovery': 'sign in with a recovery code, user',
};

/** An action in words, e.g. `player.kick` → "kick player". */
export function actionWords(action: AuditAction): string {
  return ACTION_WORDS[action];
}

/** The target as a person reads it: its name where the row has one (a player's, a task's), else
 * the target itself; nothing where the words already say it (`whitelist.update`'s "whitelist"). */
export function targetWords(r: { action: AuditAction; target: string; targetName?: string | null }): string {
  if (r.action === 'whitelist.update') return '';
  return r.targetName || r.target;
}

/** Who did it, as a person reads it: `user:ann` → "ann", `cli` → "the shell (CLI)", `system`
 * → "palpanel". */
export function actorLabel(actor: string): string {
  if (actor.startsWith('user:')) return actor.slice(5);
  if (actor === 'cli') return 'the shell (CLI)';
  if (actor === 'system') return 'palpanel';
  return actor;
}

/** A row's detail as a person reads it: a player action's detail is `<platform id>: <reason>`
 * (store/moderation.ts detailOf), of which the reason is the words; the id is the target's. */
export function auditDetailWords(r: { action: AuditAction; detail: string | null; targetName?: string | null }): string | null {
  if (r.detail === null || r.detail === '') return null;
  if ((r.action === 'player.kick' || r.action === 'player.ban' || r.action === 'player.unban') && r.targetName) {
    const cut = r.detail.indexOf(': ');
    const id = cut < 0 ? r.detail : r.detail.slice(0, cut);
    if (!/\s/.test(id)) return cut < 0 ? null : r.detail.slice(cut + 2);
  }
  // A detail that only repeats the target's name (a saved command's, a whitelist note) says
  // nothing more; one that starts with it says the rest.
  if (r.targetName && r.detail === r.targetName) return null;
  if (r.targetName && r.detail.startsWith(`${r.targetName} (`)) return r.detail.slice(r.targetName.length + 2, -1) || null;
  // A task's change says its name after the word (`added: Nightly`); the name is the target's.
  if (r.action === 'task.update' && r.targetName && r.detail.endsWith(`: ${r.targetName}`))
    return r.detail.slice(0, -r.targetName.length - 2);
  return r.detail;
}
