// The game's settings in the groups a host thinks in (issue 38): every key palpanel knows has a
// group and a readable name, nothing else does, no two share a name, every group holds some;
// GET /config carries the groups in their order and each setting's name and group (an env file's
// variable the group of the game setting it writes), and a key palpanel does not know has none.
import { afterEach, describe, expect, it } from 'vitest';
import { KNOWN_SETTINGS } from '../../src/game-config/known-keys.js';
import { defaultIni } from '../../src/game-config/config-file.js';
import { SETTING_GROUPS, SETTING_PLACES, placeOf } from '../../src/game-config/setting-groups.js';
import { SETTING_GROUP_IDS } from '../../src/contract/setting-group-words.js';
import { configPanel } from '../helpers/config-panel.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe('the settings groups', () => {
  it('place every known key in one group under a readable name, and nothing else', () => {
    const known = KNOWN_SETTINGS.map((k) => k.key);
    expect(known.filter((k) => placeOf(k) === null)).toEqual([]);
    expect(Object.keys(SETTING_PLACES).filter((k) => !known.includes(k))).toEqual([]);
    const names = Object.values(SETTING_PLACES).map(([, n]) => n.toLowerCase());
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    for (const [, name] of Object.values(SETTING_PLACES)) expect(name).toMatch(/^[A-Z][^\n]{2,40}$/);
    expect(SETTING_GROUPS.map((g) => g.id)).toEqual([...SETTING_GROUP_IDS]);
    for (const g of SETTING_GROUPS) {
      expect(Object.values(SETTING_PLACES).filter(([id]) => id === g.id).length, g.id).toBeGreaterThan(2);
      expect(g.about.length).toBeGreaterThan(20);
    }
    // An explanation is there for each.
    for (const k of KNOWN_SETTINGS) expect(k.description.length, k.key).toBeGreaterThan(5);
    expect(placeOf('toString')).toBeNull();
    expect(placeOf('NotAGameKey')).toBeNull();
  });

  it('come with GET /config: the groups in order, each setting its name and group, unknown keys none', async () => {
    const ini = defaultIni().replace('OptionSettings=(', 'OptionSettings=(MyModKey=3,');
    const { send, viewer } = await configPanel(ini, 'PalWorldSettings.ini', (fn) => cleanups.push(fn));
    const got = await send('GET', '/config', viewer);
    expect(got.status).toBe(200);
    const data = got.json.data as {
      groups: { id: string; title: string; about: string }[];
      settings: { key: string; name: string | null; group: string | null; description: string | null }[];
    };
    expect(data.groups.map((g) => g.title)).toEqual(SETTING_GROUPS.map((g) => g.title));
    const exp = data.settings.find((s) => s.key === 'ExpRate')!;
    expect(exp).toMatchObject({ name: 'Experience', group: 'rates', description: 'Experience gained.' });
    expect(data.settings.find((s) => s.key === 'RESTAPIPort')).toMatchObject({ name: 'REST API port', group: 'network' });
    expect(data.settings.find((s) => s.key === 'MyModKey')).toMatchObject({ name: null, group: null, description: null });
    expect(data.settings.filter((s) => s.key !== 'MyModKey' && s.group === null)).toEqual([]);
  });

  it("name an env file's variables by the game setting each writes", async () => {
    const { send, viewer } = await configPanel('EXP_RATE=2\nPLAYERS=8\nTZ=UTC\n', '.env', (fn) => cleanups.push(fn));
    const data = (await send('GET', '/config', viewer)).json.data as {
      settings: { key: string; name: string | null; group: string | null }[];
    };
    expect(data.settings.map((s) => [s.key, s.name, s.group])).toEqual([
      ['EXP_RATE', 'Experience', 'rates'],
      ['PLAYERS', 'Players at most', 'server'],
      ['TZ', null, null],
    ]);
  });
});
