// The language of the UI and its messages: the user's choice (from the store, through /auth/me),
// else the browser's languages. Until the catalog of a language has arrived the previous one stays
// on screen, so switching never blanks the page.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LANGUAGE, pickLanguage, type Language } from './languages';
import { loadCatalog } from './load-catalog';

interface LanguageChoice {
  language: Language;
  /** Shows the UI in this language (null: follow the browser). Storing the choice is the caller's. */
  setLanguage: (language: Language | null) => void;
}

const LanguageContext = createContext<LanguageChoice>({ language: DEFAULT_LANGUAGE, setLanguage: () => undefined });
export const useLanguage = () => useContext(LanguageContext);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<Language | null>(null);
  const language = chosen ?? pickLanguage(navigator.languages);
  const [loaded, setLoaded] = useState<{ language: Language; messages: Record<string, string> } | null>(null);

  useEffect(() => {
    let live = true;
    void loadCatalog(language).then((messages) => live && setLoaded({ language, messages }));
    return () => {
      live = false;
    };
  }, [language]);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  if (!loaded) return null;
  return (
    <LanguageContext.Provider value={{ language, setLanguage: setChosen }}>
      <IntlProvider locale={loaded.language} defaultLocale={DEFAULT_LANGUAGE} messages={loaded.messages}>
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}
