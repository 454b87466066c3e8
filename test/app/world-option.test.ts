// A WorldOption.sav in the world folder overrides PalWorldSettings.ini (palworld-server-docker
// #933): `serve` beside the simulated game, whose world folder holds one (the game's layout, the
// `Saved` folder as SERVICE_SAVE_DIR), says so on /server/health and on the configuration routes,
// marks the settings the game takes from it, follows the file as it changes (more settings, an
// unreadable file: every setting "may" be taken from it; removed: none), and an env file's
// variables are matched by the game setting each writes.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyAdvice } from '../../src/actions/config-apply.js';
import { withWorldOption } from '../../src/actions/config-overrides.js';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { startSimGameServer } from '../../src/demo/sim/index.js';
import { boolProp, enumProp, gvasFile, intProp, prop, strProp, structProp } from '../../src/demo/world-gen/gvas.js';
import { plz } from '../../src/demo/world-gen/index.js';
import { defaultIni } from '../../src/game-config/config-file.js';
import { createLogger } from '../../src/lib/logger.js';
import { tempDir } from '../helpers/cli.js';
import { testSettings } from '../helpers/settings.js';
import { waitFor } from '../helpers/wait.js';
import { fromPanelPage } from '../helpers/panel-page.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** A WorldOption.sav as the game writes one: `OptionWorldData.Settings` with these settings. */
function worldOption(): Uint8Array {
  return plz(
    gvasFile('/Script/Pal.PalWorldOptionSaveGame', (w) => {
      intProp(w, 'Version', 100);
      structProp(w, 'OptionWorldData', 'PalOptionWorldSaveData', (x) => {
        structProp(x, 'Settings', 'PalOptionWorldSettings', (s) => {
          prop(s, 'ExpRate', 'FloatProperty', null, (v) => v.f32(3));
          boolProp(s, 'bIsPvP', true);
          enumProp(s, 'DeathPenalty', 'EPalOptionWorldDeathPenalty', 'EPalOptionWorldDeathPenalty::None');
          strProp(s, 'ServerName', 'From the world option');
          intProp(s, 'ServerPlayerMaxNum', 8);
        });
      });
    }),
    0x31,
  );
}

async function signIn(server: RunningServer) {
  server.store.users.add('root', 'admin', 'a-long-admin-passphrase-3', 'cli');
  const base = `${server.url}/api/v1`;
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: fromPanelPage(base),
    body: JSON.stringify({ username: 'root', password: 'a-long-admin-passphrase-3' }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked member by member
  type Body = { data: any };
  return async (path: string) => ((await (await fetch(`${base}${path}`, { headers: { cookie } })).json()) as Body).data;
}

describe('WorldOption.sav', () => {
  it('is said on /server/health and the configuration, with the settings it overrides marked, as it changes', async () => {
    const savedDir = tempDir('palpanel-Saved-');
    const sim = await startSimGameServer({
      churnPeriodMs: 0,
      save: { savedDir, world: { seed: 3, players: 2, pals: 10, day: 5 }, autoSaveSpanMs: 0, worldOption: true },
    });
    cleanup.push(() => sim.close());
    const configFile = join(tempDir(), 'PalWorldSettings.ini');
    writeFileSync(configFile, defaultIni());
    const settings = testSettings(tempDir(), {
      SERVICE_SAVE_DIR: savedDir,
      SERVICE_SAVE_CHECK_INTERVAL: '100ms',
      SERVICE_GAME_REST_URL: sim.restUrl,
      SERVICE_GAME_ADMIN_PASSWORD: sim.password,
      SERVICE_CONFIG_FILE: configFile,
    });
    const server = await startServe({ settings, log: createLogger('text', () => {}), version: 'test', ready: () => {} });
    cleanup.push(() => server.stop());
    const get = await signIn(server);
    const marks = async () =>
      Object.fromEntries(
        ((await get('/config')).settings as { key: string; worldOption: string | null }[])
          .filter((s) => s.worldOption !== null)
          .map((s) => [s.key, s.worldOption]),
      );

    // The sim's world folder holds the game's own WorldOption.sav (one setting).
    const health = await waitFor('the world option read', async () => (await get('/server/health')).worldOption ?? undefined);
    expect(health).toEqual({
      present: true,
      settings: ['ServerPlayerMaxNum'],
      words: expect.stringMatching(
        /^The world folder has a WorldOption\.sav, which overrides PalWorldSettings\.ini: the game takes the 1 setting/,
      ),
    });
    const config = await get('/config');
    expect(config.worldOption).toEqual(health);
    expect(await marks()).toEqual({ ServerPlayerMaxNum: 'overrides' });

    // The host uploads another one: read again, five settings marked.
    const dir = sim.control.worldDir();
    writeFileSync(join(dir, 'WorldOption.sav'), worldOption());
    expect((await get('/server/health')).worldOption.settings).toEqual([
      'ExpRate',
      'bIsPvP',
      'DeathPenalty',
      'ServerName',
      'ServerPlayerMaxNum',
    ]);
    expect(await marks()).toEqual({
      ExpRate: 'overrides',
      bIsPvP: 'overrides',
      DeathPenalty: 'overrides',
      ServerName: 'overrides',
      ServerPlayerMaxNum: 'overrides',
    });

    // One palpanel cannot read: said, and every setting may come from it.
    writeFileSync(join(dir, 'WorldOption.sav'), Buffer.from('not a save at all, but the game may think otherwise'));
    const unreadable = (await get('/server/health')).worldOption;
    expect(unreadable).toEqual({
      present: true,
      settings: null,
      words: expect.stringContaining('palpanel cannot read which settings it holds'),
    });
    const all = await marks();
    expect(Object.keys(all)).toHaveLength(119);
    expect(new Set(Object.values(all))).toEqual(new Set(['may_override']));

    // Removed: the settings file applies again.
    rmSync(join(dir, 'WorldOption.sav'));
    expect((await get('/server/health')).worldOption).toEqual({
      present: false,
      settings: [],
      words: 'The world folder has no WorldOption.sav: the game takes its settings from PalWorldSettings.ini.',
    });
    expect(await marks()).toEqual({});
  });

  it("an env file's variables are matched by the game setting each writes", () => {
    const env = {
      format: 'env' as const,
      file: '.env',
      service: null,
      version: 'v1',
      apply: applyAdvice('env', null),
      groups: [],
      settings: [
        {
          key: 'EXP_RATE',
          value: 2,
          known: true,
          type: 'float' as const,
          default: null,
          min: null,
          max: null,
          values: null,
          description: null,
          name: null,
          group: null,
          secret: false,
          isSet: null,
          locked: null,
        },
        {
          key: 'PLAYERS',
          value: 8,
          known: true,
          type: 'int' as const,
          default: null,
          min: null,
          max: null,
          values: null,
          description: null,
          name: null,
          group: null,
          secret: false,
          isSet: null,
          locked: null,
        },
        {
          key: 'TZ',
          value: 'UTC',
          known: false,
          type: 'text' as const,
          default: null,
          min: null,
          max: null,
          values: null,
          description: null,
          name: null,
          group: null,
          secret: false,
          isSet: null,
          locked: null,
        },
      ],
    };
    const marked = withWorldOption(env, { present: true, settings: ['ServerPlayerMaxNum'], words: '' });
    expect(marked.settings.map((s) => [s.key, s.worldOption])).toEqual([
      ['EXP_RATE', null],
      ['PLAYERS', 'overrides'],
      ['TZ', null],
    ]);
    const unknown = withWorldOption(env, { present: true, settings: null, words: '' });
    expect(unknown.settings.map((s) => s.worldOption)).toEqual(['may_override', 'may_override', null]);
  });
});
