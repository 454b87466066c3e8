// The reader's choices in the top bar (in the menu on a phone): the language (each in its own
// name, or the browser's), the time zone times are shown in (local, named, or UTC) and the theme.
import type { ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { useTheme, type Theme } from '../shared/theme';
import { useZoneChoice, type ZoneChoice } from '../shared/zone';
import { SelectField } from '../ui/fields';
import { useChooseLanguage } from './choose-language';
import { useLanguage } from './I18nProvider';
import { isLanguage, LANGUAGES } from './languages';

export function ShellChoices({ where }: { where: 'top' | 'menu' }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { chosen } = useLanguage();
  const chooseLanguage = useChooseLanguage();
  const [zone, setZone] = useZoneChoice();
  const [theme, setTheme] = useTheme();
  const frame = where === 'top' ? ({ hideLabel: true, className: 'theme-pick' } as const) : ({ fieldClass: 'field narrow' } as const);
  const localZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const pickLanguage = (e: ChangeEvent<HTMLSelectElement>) => chooseLanguage(isLanguage(e.target.value) ? e.target.value : null);
  const pickZone = (e: ChangeEvent<HTMLSelectElement>) => setZone(e.target.value as ZoneChoice);
  const pickTheme = (e: ChangeEvent<HTMLSelectElement>) => setTheme(e.target.value as Theme);
  return (
    <>
      <SelectField {...frame} label={t('app.language')} value={chosen ?? ''} onChange={pickLanguage}>
        <option value="">{t('app.language.browser')}</option>
        {/* Each language in its own name, not translated: a user finds theirs whatever is shown. */}
        {LANGUAGES.map((l) => (
          <option key={l.tag} value={l.tag} lang={l.tag} translate="no">
            {l.name}
          </option>
        ))}
      </SelectField>
      <SelectField {...frame} label={t('app.zone')} value={zone} onChange={pickZone}>
        <option value="local">{t('app.zone.local', { zone: localZone })}</option>
        <option value="utc">{t('app.zone.utc')}</option>
      </SelectField>
      <SelectField {...frame} label={t('app.theme')} value={theme} onChange={pickTheme}>
        <option value="system">{t('app.theme.system')}</option>
        <option value="dark">{t('app.theme.dark')}</option>
        <option value="light">{t('app.theme.light')}</option>
      </SelectField>
    </>
  );
}
