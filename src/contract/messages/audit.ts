// The audit log's line (an `audit` event, and the line of an audit entry) in English, one id per
// action: "ann: kick player Alice (AFK)", "cli: remove user ann: refused (last_admin)". The
// action's words are the audit card's (audit-words.ts); the target, the detail and the refusal
// are `select`s, so each language words the whole line.
import { AUDIT_ACTIONS, actionWords, type AuditAction } from '../audit-words.js';

/** The line of `action` as an ICU template; params: actor, target, hasTarget, detail, hasDetail,
 * outcome, reason. */
export function auditTemplate(action: AuditAction): string {
  return (
    `{actor}: ${actionWords(action)}{hasTarget, select, yes { {target}} other {}}` +
    `{hasDetail, select, yes { ({detail})} other {}}{outcome, select, refused {: refused ({reason})} other {}}`
  );
}

export const auditMessageId = (action: AuditAction) => `audit.${action}`;

export const AUDIT_MESSAGES: Readonly<Record<string, string>> = Object.fromEntries(
  AUDIT_ACTIONS.map((a) => [auditMessageId(a), auditTemplate(a)]),
);
