// A browser's User-Agent in the UI's language ("Firefox 128 on Linux"): the names come from the
// text (shared/user-agent.ts), the words around them from the `account` catalog.
import type { IntlShape } from 'react-intl';
import { readAgent } from '../../shared/user-agent';

export function agentWords(intl: IntlShape, ua: string | null): string {
  const { browser, system } = readAgent(ua);
  const b = browser ?? intl.formatMessage({ id: 'account.agent.unknown' });
  return system ? intl.formatMessage({ id: 'account.agent.on' }, { browser: b, system }) : b;
}
