// Dark or light: the system's choice until the user picks one, kept in localStorage.
import { useEffect, useState } from 'react';

export type Theme = 'system' | 'dark' | 'light';
const KEY = 'palpanel.theme';

export function useTheme(): [Theme, (t: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem(KEY) as Theme | null) ?? 'system');
  useEffect(() => {
    if (theme === 'system') {
      delete document.documentElement.dataset.theme;
      localStorage.removeItem(KEY);
    } else {
      document.documentElement.dataset.theme = theme;
      localStorage.setItem(KEY, theme);
    }
  }, [theme]);
  return [theme, setTheme];
}
