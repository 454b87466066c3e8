// The audit log's words in every language (issue 39): each action the contract knows and each
// reason a change is refused has an entry in every catalog, the English one saying exactly what
// the contract says (the event log's English), so a new action cannot reach the card unnamed.
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, REFUSAL_REASONS, actionWords } from '../../src/contract/audit-words';
import { auditWords } from '../src/features/settings/audit-words';
import { agentWords } from '../src/features/account/agent-words';
import { messagesOf } from './render-intl';

const LANGUAGES = ['en', 'zh-Hans', 'zh-Hant', 'ja', 'ko', 'de', 'fr', 'es', 'pt-BR', 'ru'];
const intlIn = (locale: string) =>
  createIntl({
    locale,
    messages: messagesOf(locale),
    onError: (e) => {
      throw e;
    },
  });

describe('the audit card’s words', () => {
  it('say every action in English as the contract does', () => {
    const words = auditWords(intlIn('en'));
    for (const a of AUDIT_ACTIONS) expect(words.action(a), a).toBe(actionWords(a));
  });

  it('name every action and refusal reason in every language, none in English where another is meant', () => {
    for (const lang of LANGUAGES) {
      const m = messagesOf(lang);
      for (const a of AUDIT_ACTIONS) expect(m[`settings.audit.action.${a}`], `${lang} ${a}`).toBeTruthy();
      for (const r of REFUSAL_REASONS) expect(m[`settings.audit.reason.${r}`], `${lang} ${r}`).toBeTruthy();
      const words = auditWords(intlIn(lang));
      if (lang !== 'en') expect(words.action('player.kick')).not.toBe(actionWords('player.kick'));
      expect(words.actor('user:ann')).toBe('ann');
      expect(words.actor('system')).toBe('palpanel');
    }
  });

  it('say a reason this build does not know as its code, readably', () => {
    expect(auditWords(intlIn('de')).reason('moon_in_wrong_phase')).toBe('moon in wrong phase');
  });
});

describe('a session’s browser in words', () => {
  const ua = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
  it('keeps the names and says the words around them in the language', () => {
    expect(agentWords(intlIn('en'), ua)).toBe('Firefox 128 on Linux');
    expect(agentWords(intlIn('de'), ua)).toBe('Firefox 128 auf Linux');
    expect(agentWords(intlIn('en'), null)).toBe('Unknown browser');
    expect(agentWords(intlIn('fr'), 'something odd')).toBe(messagesOf('fr')['account.agent.unknown']);
  });
});
