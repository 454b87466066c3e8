// The game's settings in the UI's language. GET /config names each group and setting in English
// (src/game-config/setting-groups.ts, known-keys.ts); the `config` catalog has an entry per group
// (`config.group.<id>.name` / `.about`) and per known key (`config.setting.<Key>.name` / `.help`),
// and where one is missing the server's English is said. The raw key is never translated.
import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { ConfigSetting } from '../../types';

export interface SettingWords {
  /** A setting's readable name, or null for a key palpanel does not know. */
  name: (s: ConfigSetting) => string | null;
  /** Its line of explanation, or null. */
  help: (s: ConfigSetting) => string | null;
  groupName: (g: { id: string; title: string }) => string;
  groupAbout: (g: { id: string; about: string }) => string;
  /** Any message of the catalog. */
  t: (id: string, values?: Record<string, string | number>) => string;
}

export function settingWords(intl: IntlShape): SettingWords {
  // In English the server's words are said as they come: it is their source, and the English
  // catalog's copies are the translators' text (web/test/config-words.test.ts keeps them equal).
  const english = intl.locale === 'en';
  const said = (id: string, server: string | null): string | null =>
    !english && id in intl.messages ? intl.formatMessage({ id }) : server;
  return {
    name: (s) => said(`config.setting.${s.key}.name`, s.name),
    help: (s) => said(`config.setting.${s.key}.help`, s.description),
    groupName: (g) => said(`config.group.${g.id}.name`, g.title) ?? g.title,
    groupAbout: (g) => said(`config.group.${g.id}.about`, g.about) ?? g.about,
    t: (id, values) => intl.formatMessage({ id }, values),
  };
}

export function useSettingWords(): SettingWords {
  const intl = useIntl();
  return useMemo(() => settingWords(intl), [intl]);
}
