// Choosing a language, from the top bar's menu or the command palette: the page switches at
// once, and the choice is kept for the user in the store (PUT /account/language), so their other
// browsers find it at sign-in. Null follows the browser again.
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { call } from '../api/operations';
import { useLanguage } from './I18nProvider';
import { LANGUAGES, type Language } from './languages';

export function useChooseLanguage(): (language: Language | null) => void {
  const { setLanguage } = useLanguage();
  return useCallback(
    (language) => {
      setLanguage(language);
      // Not kept (the server unreachable): the page still shows it; the next sign-in asks again.
      void call('setOwnLanguage', { body: { language } }).catch(() => undefined);
    },
    [setLanguage],
  );
}

/** The command palette's entries "Language: <name>", one per language, each in its own name;
 * found once something is typed ("lang", "日本"), not flooding the empty list. */
export function useLanguageEntries(): { id: string; kind: 'Action'; label: string; hint?: string; searchOnly: boolean; run: () => void }[] {
  const intl = useIntl();
  const choose = useChooseLanguage();
  return useMemo(
    () =>
      LANGUAGES.map((l) => ({
        id: `language:${l.tag}`,
        kind: 'Action' as const,
        searchOnly: true,
        label: intl.formatMessage({ id: 'app.language.entry' }, { name: l.name }),
        run: () => choose(l.tag),
      })),
    [intl, choose],
  );
}
