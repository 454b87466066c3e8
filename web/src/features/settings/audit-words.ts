// The audit log's words in the UI's language: what each action did, who did it and why a change
// was refused. The wire keeps the codes (src/contract/audit-words.ts says them in English for the
// event log); the card says them from the `settings` catalog.
import { useIntl, type IntlShape } from 'react-intl';
import type { AuditAction } from '../../../../src/contract/audit-words';

export interface AuditWords {
  action: (a: AuditAction) => string;
  actor: (actor: string) => string;
  reason: (r: string) => string;
}

export function auditWords(intl: IntlShape): AuditWords {
  const has = (id: string) => id in intl.messages;
  return {
    action: (a) => intl.formatMessage({ id: `settings.audit.action.${a}` }),
    actor: (actor) => {
      if (actor.startsWith('user:')) return actor.slice(5);
      if (actor === 'cli') return intl.formatMessage({ id: 'settings.audit.actor.cli' });
      if (actor === 'system') return 'palpanel';
      return actor;
    },
    // A reason this build's catalog lacks (a newer server) is said as its code, readably.
    reason: (r) => (has(`settings.audit.reason.${r}`) ? intl.formatMessage({ id: `settings.audit.reason.${r}` }) : r.replaceAll('_', ' ')),
  };
}

export const useAuditWords = () => auditWords(useIntl());
