// SERVICE_GAME_LANGUAGE (issue 39): the countdowns players read in the game's chat, in the
// server's language, reach the simulated game's REST API intact (its body decoded as UTF-8);
// a language palpanel does not speak stops start-up with exit 2.
import { afterEach, describe, expect, it } from 'vitest';
import { Countdowns } from '../../src/actions/countdown.js';
import { Moderator } from '../../src/actions/whitelist-moderator.js';
import { moderationActions } from '../../src/actions/moderation-actions.js';
import { SYSTEM } from '../../src/domain/actor.js';
import { gameWords } from '../../src/actions/game-words/format.js';
import { GAME_WORD_IDS, GAME_WORDS } from '../../src/actions/game-words/catalog.js';
import { startSimGameServer } from '../../src/demo/sim/index.js';
import { GameRestClient } from '../../src/game/rest-client.js';
import { loadSettings, SettingsError } from '../../src/config/settings.js';
import { exitCodeFor } from '../../src/cli/exit.js';
import { UI_LANGUAGES, type UiLanguage } from '../../src/contract/languages.js';
import { tempStore } from '../helpers/fixture.js';
import { manualTime } from '../helpers/manual-time.js';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function rig(lang: UiLanguage) {
  const time = manualTime('2026-07-14T03:00:00.000Z');
  const sim = await startSimGameServer({ churnPeriodMs: 0, rcon: false });
  cleanup.push(() => sim.close());
  const ts = await tempStore(time.clock);
  cleanup.push(() => ts.cleanup());
  const client = new GameRestClient({ baseUrl: sim.restUrl, password: sim.password });
  cleanup.push(() => client.close());
  const runner = new Countdowns(client, ts.store, time.clock, () => undefined, time.timers, gameWords(lang));
  const heard = () => sim.control.adminActions().map((a) => ({ action: a.action, message: String(a.args.message ?? '') }));
  return { runner, heard, to: (iso: string) => time.to(iso, runner) };
}

const bytes = (s: string) => Buffer.from(s, 'utf8').toString('hex');

describe('in-game broadcasts in the server language', () => {
  it('Japanese: every step of a shutdown reaches the game byte for byte', async () => {
    const { runner, heard, to } = await rig('ja');
    await runner.start({ kind: 'shutdown', endsAt: new Date('2026-07-14T03:10:00.000Z'), actor: 'user:ann', reason: 'アップデート' });
    await to('2026-07-14T03:09:50.000Z');
    const expected = [
      '10分後にサーバーを停止します：アップデート',
      '5分後にサーバーを停止します：アップデート',
      '1分後にサーバーを停止します：アップデート',
      '30秒後にサーバーを停止します：アップデート',
      '10秒後にサーバーを停止します：アップデート',
    ];
    expect(heard().map((h) => h.message)).toEqual(expected);
    expect(heard().map((h) => bytes(h.message))).toEqual(expected.map(bytes));
    expect(heard().at(-1)!.action).toBe('shutdown');
  });

  it('Russian: a restart with plural forms, and its cancellation, reach the game intact', async () => {
    const { runner, heard, to } = await rig('ru');
    await runner.start({ kind: 'restart', endsAt: new Date('2026-07-14T03:02:05.000Z'), steps: [125, 60, 30, 2], actor: 'user:ann' });
    await to('2026-07-14T03:01:05.000Z');
    await runner.cancel('user:ann');
    const expected = [
      'Перезапуск сервера через 2 минуты и 5 секунд',
      'Перезапуск сервера через 1 минуту',
      'Перезапуск сервера отменён. Играйте дальше.',
    ];
    expect(heard().map((h) => h.message)).toEqual(expected);
    expect(heard().map((h) => bytes(h.message))).toEqual(expected.map(bytes));
    expect(gameWords('ru').span(5 * 60)).toBe('5 минут');
    expect(gameWords('ru').span(22 * 60)).toBe('22 минуты');
  });

  it('Korean: the whitelist kicks a player with the message in Korean, as the game receives it', async () => {
    const [HOST, PLAY] = ['abcdef01-2345-6789-abcd-ef0123456789', 'fedcba98-7654-3210-fedc-ba9876543210'];
    const sim = await startSimGameServer({
      players: [
        { uid: HOST, name: 'Host', level: 10 },
        { uid: PLAY, name: '손님', level: 12, userId: 'steam_76561199000000001' },
      ],
      churnPeriodMs: 0,
    });
    cleanup.push(() => sim.close());
    sim.control.setOnline([HOST, PLAY]);
    const ts = await tempStore();
    cleanup.push(() => ts.cleanup());
    const client = new GameRestClient({ baseUrl: sim.restUrl, password: sim.password });
    cleanup.push(() => client.close());
    const moderator = new Moderator(ts.store, moderationActions(client, ts.store), () => undefined, gameWords('ko'));
    ts.store.moderation.setWhitelist({ enabled: true, entries: [{ id: HOST.toUpperCase(), note: 'host' }] }, SYSTEM);
    const players = await client.players();
    moderator.roster(players, players, [], new Date());
    await moderator.idle();
    const kicks = sim.control.adminActions().filter((a) => a.action === 'kick');
    expect(kicks.map((k) => bytes(String(k.args.message)))).toEqual([bytes('이 서버의 화이트리스트에 없습니다.')]);
  });

  it('English stays as it always read', () => {
    expect(gameWords('en').countdown('restart', 5430, 'New mods')).toBe('Server restart in 1 hour, 30 minutes and 30 seconds: New mods');
    expect(gameWords('en').cancelled('shutdown')).toBe('Server shutdown cancelled. Carry on playing.');
  });

  it('every language has every word, with the placeholders of English, as valid ICU', () => {
    const args = (m: string) =>
      parse(m)
        .filter((e) => e.type !== TYPE.literal && e.type !== TYPE.pound)
        .map((e) => ('value' in e ? String(e.value) : ''))
        .sort();
    for (const lang of UI_LANGUAGES) {
      expect(Object.keys(GAME_WORDS[lang].words).sort(), lang).toEqual([...GAME_WORD_IDS].sort());
      for (const id of GAME_WORD_IDS) {
        const m = GAME_WORDS[lang].words[id];
        expect(m.trim(), `${lang} ${id}`).not.toBe('');
        expect(args(m), `${lang} ${id}`).toEqual(args(GAME_WORDS.en.words[id]));
      }
    }
  });

  it('SERVICE_GAME_LANGUAGE: default en, each language taken, anything else is exit 2 naming the setting', () => {
    expect(loadSettings({}).gameLanguage).toBe('en');
    for (const lang of UI_LANGUAGES) expect(loadSettings({ SERVICE_GAME_LANGUAGE: lang }).gameLanguage).toBe(lang);
    for (const bad of ['jp', 'zh', 'EN', 'pt', 'ru-RU ', '']) {
      let err: unknown = null;
      try {
        loadSettings({ SERVICE_GAME_LANGUAGE: bad });
      } catch (e) {
        err = e;
      }
      if (bad === '') continue; // an empty setting is "not set" (the default), as for every setting
      expect(err, bad).toBeInstanceOf(SettingsError);
      expect(exitCodeFor(err)).toBe(2);
      expect((err as Error).message).toContain('SERVICE_GAME_LANGUAGE');
      expect((err as Error).message).toContain('zh-Hans');
    }
  });
});
