// The language of the UI and its messages: the user's choice (from the store, through /auth/me),
// else the browser's languages. Until the catalog of a language has arrived the previous one stays
// on screen, so switching never blanks the page. The sign-in page loads only the first part of a
// catalog; <AllMessages> (around the signed-in app) asks for the rest. The URL flag `?pseudo` shows the pseudo-locale
// (pseudo.ts) instead: for tests of the layout and of words left outside a catalog.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createIntl, createIntlCache, RawIntlProvider, ReactIntlErrorCode } from 'react-intl';
import { setFormat } from '../shared/format';
import { DEFAULT_LANGUAGE, pickLanguage, type Language } from './languages';
import { loadCatalog, type Messages } from './load-catalog';
import { PSEUDO_LOCALE } from './pseudo';

interface LanguageState {
  /** The language shown. */
  language: Language;
  /** The user's choice, or null while the browser's languages decide. */
  chosen: Language | null;
  /** Shows the UI in this language (null: follow the browser). Storing the choice is the caller's. */
  setLanguage: (language: Language | null) => void;
  /** Whether every area's messages are here (not only the sign-in page's). */
  hasAll: boolean;
  /** Asks for every area's messages (once signed in). */
  wantAll: () => void;
}

const LanguageContext = createContext<LanguageState>({
  language: DEFAULT_LANGUAGE,
  chosen: null,
  setLanguage: () => undefined,
  hasAll: false,
  wantAll: () => undefined,
});
export const useLanguage = () => useContext(LanguageContext);

const PSEUDO = typeof location !== 'undefined' && new URLSearchParams(location.search).has('pseudo');
const cache = createIntlCache();

export function I18nProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<Language | null>(null);
  const language = chosen ?? pickLanguage(navigator.languages);
  const locale = PSEUDO ? PSEUDO_LOCALE : language;
  const [all, setAll] = useState(false);
  const [loaded, setLoaded] = useState<{ locale: string; all: boolean; messages: Messages } | null>(null);

  useEffect(() => {
    let live = true;
    void loadCatalog(locale, all).then((messages) => live && setLoaded({ locale, all, messages }));
    return () => {
      live = false;
    };
  }, [locale, all]);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const intl = useMemo(() => {
    if (!loaded) return null;
    const made = createIntl(
      {
        locale: loaded.locale,
        defaultLocale: DEFAULT_LANGUAGE,
        messages: loaded.messages,
        // Missing ids cannot happen for a language (English is under each); the pseudo-locale
        // has no locale data of its own and uses English's, which is meant.
        onError: (e) => {
          if (e.code !== ReactIntlErrorCode.MISSING_DATA) console.error(e);
        },
      },
      cache,
    );
    // Dates, numbers and durations follow the same language (format.ts).
    setFormat({ locale: loaded.locale === PSEUDO_LOCALE ? 'en' : loaded.locale, intl: made, pseudo: loaded.locale === PSEUDO_LOCALE });
    return made;
  }, [loaded]);

  // A switch of language keeps the old words on screen until the new have come.
  const hasAll = !!loaded && loaded.all;
  const wantAll = useCallback(() => setAll(true), []);
  const choice = useMemo(() => ({ language, chosen, setLanguage: setChosen, hasAll, wantAll }), [language, chosen, hasAll, wantAll]);
  if (!intl) return null;
  return (
    <LanguageContext.Provider value={choice}>
      <RawIntlProvider value={intl}>{children}</RawIntlProvider>
    </LanguageContext.Provider>
  );
}

/** Its children once every area's messages are here (asking for them), `waiting` until then. */
export function AllMessages({ children, waiting }: { children: ReactNode; waiting: ReactNode }) {
  const { hasAll, wantAll } = useLanguage();
  useEffect(wantAll, [wantAll]);
  return hasAll ? children : waiting;
}
