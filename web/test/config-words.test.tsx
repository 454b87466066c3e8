// @vitest-environment jsdom
// The game's settings in the UI's language (issue 39): GET /config names the groups and settings
// in English; the `config` catalog says them in each language, falls back to the server's words
// for a setting it has no entry for, and never translates the raw key. The English entries are the
// translators' source and must say exactly what the server says.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTING_GROUPS, SETTING_PLACES } from '../../src/game-config/setting-groups';
import { KNOWN_SETTINGS } from '../../src/game-config/known-keys';
import { Config } from '../src/features/config/Config';
import { SessionContext } from '../src/shared/session';
import type { ConfigData } from '../src/types';
import { setting } from './config-setting';
import { messagesOf, renderIntl } from './render-intl';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the config catalog', () => {
  const en = messagesOf('en');
  it('has, in English, the server’s own words for every group and known setting', () => {
    for (const g of SETTING_GROUPS) {
      expect(en[`config.group.${g.id}.name`]).toBe(g.title);
      expect(en[`config.group.${g.id}.about`]).toBe(g.about);
    }
    for (const [key, [, name]] of Object.entries(SETTING_PLACES)) expect(en[`config.setting.${key}.name`], key).toBe(name);
    for (const s of KNOWN_SETTINGS) expect(en[`config.setting.${s.key}.help`], s.key).toBe(s.description);
  });

  it('names every group and setting in every language, none left in English by mistake', () => {
    for (const lang of ['zh-Hans', 'zh-Hant', 'ja', 'ko', 'de', 'fr', 'es', 'pt-BR', 'ru']) {
      const m = messagesOf(lang);
      for (const g of SETTING_GROUPS) expect(m[`config.group.${g.id}.name`], `${lang} ${g.id}`).toBeTruthy();
      for (const key of Object.keys(SETTING_PLACES)) expect(m[`config.setting.${key}.name`], `${lang} ${key}`).toBeTruthy();
      for (const s of KNOWN_SETTINGS) expect(m[`config.setting.${s.key}.help`], `${lang} ${s.key}`).toBeTruthy();
      // A few that read the same in English only by accident would show a forgotten entry.
      expect(m['config.group.death.about']).not.toBe(en['config.group.death.about']);
      expect(m['config.setting.ExpRate.help']).not.toBe(en['config.setting.ExpRate.help']);
    }
  });
});

const CONFIG: ConfigData = {
  format: 'ini',
  file: 'PalWorldSettings.ini',
  service: null,
  version: 'v1',
  apply: { target: 'ini', command: null, words: 'Restart the game.' },
  effectiveFrom: 'not_configured',
  worldOption: null,
  groups: [{ id: 'rates', title: 'Rates', about: 'Multipliers.' }],
  settings: [
    setting({}),
    setting({ key: 'PalCaptureRate', name: 'Capture chance', description: 'Chance to capture a Pal.' }),
    // A setting a newer server knows and this build's catalog does not: the server's words.
    setting({ key: 'FutureRate', name: 'Future rate', description: 'A rate of a later game version.' }),
  ],
};

function renderIn(language: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const path = url.replace('/api/v1', '');
      if (path === '/config/raw') return Promise.resolve(new Response(JSON.stringify({ data: { text: '' } })));
      if (path === '/config') return Promise.resolve(new Response(JSON.stringify({ data: CONFIG })));
      return Promise.reject(new TypeError('not here'));
    }),
  );
  renderIntl(
    <SessionContext.Provider value={{ me: { username: 'ann', role: 'admin' }, signOut: () => undefined }}>
      <Config />
    </SessionContext.Provider>,
    { language },
  );
}

const search = async (text: string) => {
  await act(() => {
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });
    return Promise.resolve();
  });
};

describe('the configuration screen in German', () => {
  it('names groups and settings from the catalog, the raw key as the file spells it, the server’s words where the catalog has none', async () => {
    renderIn('de');
    const de = messagesOf('de');
    await screen.findByText(de['config.group.rates.name']);
    await search('Rate');
    expect(screen.getByText(de['config.setting.ExpRate.name'])).toBeTruthy();
    expect(screen.getByText('ExpRate')).toBeTruthy();
    expect(screen.getByText(new RegExp(de['config.setting.PalCaptureRate.help']))).toBeTruthy();
    expect(screen.getByText('Future rate')).toBeTruthy();
    expect(screen.getByText(/A rate of a later game version\./)).toBeTruthy();
    expect(screen.queryByText('Experience')).toBeNull();
  });

  it('finds a setting by its German name and by its English one', async () => {
    renderIn('de');
    const de = messagesOf('de');
    await screen.findByText(de['config.group.rates.name']);
    await search(de['config.setting.PalCaptureRate.name'].slice(0, 8));
    expect(screen.getByText('PalCaptureRate')).toBeTruthy();
    expect(screen.queryByText('ExpRate')).toBeNull();
    await search('capture chance');
    expect(screen.getByText('PalCaptureRate')).toBeTruthy();
    expect(screen.queryByText('ExpRate')).toBeNull();
  });
});
