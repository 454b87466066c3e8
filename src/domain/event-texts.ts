// The fixed texts of the event log, defined once. The spec allows exactly four `system` texts
// and one `backup` text on the Integration API (Endpoints rules 8 and 9); the poller, the parse
// applier and the store's public/private decision all use these constants, so a text can never
// be written one way and recognised another.

import type { Role } from '../contract/vocabulary.js';
import { EVENT_MESSAGES } from '../contract/messages/events.js';
/** Event kinds only an admin sees: the audit trail names console commands, RCON replies, ban
 * reasons, key labels and webhook hosts, which are admin business (issue 28, finding 6). */
export const ADMIN_ONLY_EVENT_KINDS = ['audit'] as const;

/** Whether a signed-in user of `role` may see events of `kind` (panel `/events` and the stream). */
export function eventKindVisible(role: Role, kind: string): boolean {
  return role === 'admin' || !(ADMIN_ONLY_EVENT_KINDS as readonly string[]).includes(kind);
}

// The texts are the English templates of their message ids (contract/messages/events.ts), so a
// text and its id are one thing.
export const SYSTEM_REACHABLE = EVENT_MESSAGES['event.system.reachable'];
export const SYSTEM_UNREACHABLE = EVENT_MESSAGES['event.system.unreachable'];
export const DRIFT_DETECTED = EVENT_MESSAGES['event.system.driftDetected'];
export const DRIFT_RESOLVED = EVENT_MESSAGES['event.system.driftResolved'];

/** The only `system` texts there are. */
export const SYSTEM_TEXTS = [SYSTEM_REACHABLE, SYSTEM_UNREACHABLE, DRIFT_DETECTED, DRIFT_RESOLVED] as const;
export type SystemText = (typeof SYSTEM_TEXTS)[number];

/** Said in the panel's events and webhooks after SYSTEM_UNREACHABLE when the reason is the game
 * refusing the admin password: the game runs, it is the password that is wrong. Not one of the
 * spec's four texts, so the Integration API drops it (rule 9) and key holders still read only
 * "unreachable". */
export const SYSTEM_PASSWORD_REFUSED = EVENT_MESSAGES['event.system.passwordRefused'];

/** `system` texts the panel and its webhooks show besides the four public ones. */
export const PANEL_SYSTEM_TEXTS = [SYSTEM_PASSWORD_REFUSED] as const;

/** The only public `backup` text. */
export const BACKUP_TEXT = EVENT_MESSAGES['event.backup.completed'];

/** The start of the panel's warning that a backup's off-site copy failed (its first failure, and
 * when it is given up): a `backup` event the panel and its webhooks show, never a key holder
 * (only BACKUP_TEXT is public). The backup id and the outcome follow it. */
export const BACKUP_COPY_FAILED = 'Warning: backup off-site copy failed';
