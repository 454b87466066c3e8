// Which webhook kinds an event of the log is, and the structured fields its templates may use.
// An event keeps only its kind and its words; the webhooks' templates want the player, the reason
// and so on, so they are taken here from the texts palpanel itself writes (poller/event-text.ts,
// the audit's details) — never from anything a player could shape beyond their name.
import type { WebhookEventKind } from '../contract/vocabulary.js';
import { BACKUP_COPY_FAILED, BACKUP_TEXT, DRIFT_DETECTED, PANEL_SYSTEM_TEXTS, SYSTEM_TEXTS } from './event-texts.js';

/** The webhook kinds of an event (empty: no webhook receives it), its own kind first: a webhook
 * that chose any of them receives it once, as its own kind (which picks the template), so a
 * failed off-site copy reaches a webhook that chose `backup` (as before issue 41) worded as the
 * `offsite` event it is. `given` is the kind the caller knows better (an audit row's kick, ban or
 * countdown). */
export function webhookKindsOf(kind: string, message: string, given?: WebhookEventKind): WebhookEventKind[] {
  const kinds: WebhookEventKind[] = [];
  if (given) kinds.push(given);
  if (kind === 'join' || kind === 'leave' || kind === 'crash' || kind === 'restart') kinds.push(kind);
  if (kind === 'backup' && message === BACKUP_TEXT) kinds.push('backup');
  if (kind === 'backup' && message.startsWith(`${BACKUP_COPY_FAILED}: `)) kinds.push('offsite', 'backup', 'warning');
  if (kind === 'system' && (SYSTEM_TEXTS as readonly string[]).includes(message)) kinds.push('system');
  if (kind === 'system' && (PANEL_SYSTEM_TEXTS as readonly string[]).includes(message)) kinds.push('system', 'warning');
  if (kind === 'system' && message === DRIFT_DETECTED) kinds.push('warning');
  if (kind === 'audit') kinds.push('audit');
  return [...new Set(kinds)];
}

/** An audit row's part the templates use: its target's name and the reason or detail. */
export interface AuditFacts {
  action: string;
  targetName: string | null;
  /** The detail in words (contract/audit-words.ts auditDetailWords). */
  words: string | null;
}

/** The kind a countdown's audit row is sent as: its start and its cancel. */
export function countdownKindOf(action: string, outcome: string): WebhookEventKind | undefined {
  return outcome === 'ok' && (action === 'server.shutdown' || action === 'server.cancel') ? 'countdown' : undefined;
}

const JOINED = ' joined the server';
const LEFT = ' left the server';

/** The fields an event carries for the templates besides its words. */
export function fieldsOf(kind: string, message: string, audit?: AuditFacts): Record<string, string> {
  const f: Record<string, string> = {};
  if (kind === 'join' && message.endsWith(JOINED)) f.player = message.slice(0, -JOINED.length);
  if (kind === 'leave' && message.endsWith(LEFT)) f.player = message.slice(0, -LEFT.length);
  if (kind === 'backup' && message.startsWith(`${BACKUP_COPY_FAILED}: `)) f.reason = message.slice(BACKUP_COPY_FAILED.length + 2);
  if (audit) {
    if (audit.targetName) f.player = audit.targetName;
    if (audit.words) f.reason = audit.words;
    f.action = audit.action;
  }
  return f;
}
