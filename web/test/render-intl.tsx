// Renders a piece of the UI as the app does: inside the language provider, with a language's
// real catalogs (English unless a test names another), so tests read the words users read.
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';

const CATALOGS = import.meta.glob<Record<string, string>>('../src/i18n/catalogs/*/*.json', { eager: true, import: 'default' });

export function messagesOf(language: string): Record<string, string> {
  const parts = Object.entries(CATALOGS).filter(([path]) => path.endsWith(`/${language}.json`));
  return Object.assign({}, ...parts.map(([, m]) => m)) as Record<string, string>;
}

export function renderIntl(ui: ReactElement, options: RenderOptions & { language?: string } = {}) {
  const { language = 'en', ...rest } = options;
  const messages = messagesOf(language);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <IntlProvider locale={language} defaultLocale="en" messages={messages}>
      {children}
    </IntlProvider>
  );
  return render(ui, { wrapper: Wrapper, ...rest });
}
