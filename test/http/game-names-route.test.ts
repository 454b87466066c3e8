// GET /api/v1/names/{language} and the pal explorer's search by a name in the user's language,
// against `palpanel serve` on 127.0.0.1 with the real v1.0 world: a viewer reads a language's
// tables (ETag, then a bodyless 304), an Integration API key cannot, a language the tables lack is
// 404 with the list; `species=アヌビス&lang=ja`, the Chinese name, hiragana and the English name
// find the same pals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/app/serve.js';
import { serveWorld } from '../helpers/serve-world.js';
import { waitFor } from '../helpers/wait.js';
import { ADMIN, VIEWER } from './panel-harness.js';
import { NAME_LANGUAGES } from '../../src/contract/panel/names.js';

let server: RunningServer;
let viewer: string;
let key: string;
beforeAll(async () => {
  const w = await serveWorld('v1.0-relics', [
    [ADMIN, 'admin'],
    [VIEWER, 'viewer'],
  ]);
  server = w.server;
  viewer = await w.signIn(VIEWER);
  key = server.store.keys.create('names test', 'cli').key;
  await waitFor(
    'the first parse',
    async () => {
      const res = await get('/pals?limit=1');
      return res.status === 200 && ((await res.json()) as { total: number }).total > 0 ? true : undefined;
    },
    60_000,
  );
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = { cookie: viewer }) => fetch(`${server.url}/api/v1${path}`, { headers });

async function pals(query: string): Promise<{ total: number; ids: string[]; species: string[] }> {
  const res = await get(`/pals?limit=200${query}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { total: number; data: { instanceId: string; characterId: string }[]; nextCursor: string | null };
  expect(body.nextCursor).toBeNull(); // one page holds every match of these searches
  return { total: body.total, ids: body.data.map((p) => p.instanceId).sort(), species: [...new Set(body.data.map((p) => p.characterId))] };
}

describe('the game names route', () => {
  it("gives a viewer one language's tables, with an ETag that answers 304 unchanged", async () => {
    const res = await get('/names/ja');
    expect(res.status).toBe(200);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    const { data } = (await res.json()) as { data: Record<string, Record<string, string>> & { language: string } };
    expect(data.language).toBe('ja');
    expect(data.species.anubis).toBe('アヌビス');
    expect(data.element.fire).toBe('炎属性');
    expect(data.work.emitflame).toBe('火起こし');
    expect(Object.keys(data).sort()).toEqual(['active', 'element', 'language', 'passive', 'species', 'work']);
    const again = await get('/names/ja', { cookie: viewer, 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Another language is another answer: its own names and its own ETag.
    const de = await get('/names/de');
    expect(de.headers.get('etag')).not.toBe(etag);
    expect(((await de.json()) as { data: { species: Record<string, string> } }).data.species.sheepball).toBe('Lamball');
    expect((await get('/names/de', { cookie: viewer, 'if-none-match': etag! })).status).toBe(200);
  });

  it('answers every launch language, and a language it lacks 404 with the list', async () => {
    for (const lang of NAME_LANGUAGES) expect((await get(`/names/${lang}`)).status, lang).toBe(200);
    for (const lang of ['xx', 'pt-PT', 'ZH-HANS']) {
      const res = await get(`/names/${lang}`);
      expect(res.status, lang).toBe(404);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('not_found');
      expect(error.message).toContain('en, zh-Hans, zh-Hant, ja, ko, de, fr, es, pt-BR, ru');
    }
    expect((await get('/names/..%2F..%2Fetc')).status).toBe(404);
  });

  it('is not for an Integration API key, nor without a session', async () => {
    expect((await get('/names/ja', { authorization: `Bearer ${key}` })).status).toBe(401);
    expect((await get('/names/ja', {})).status).toBe(401);
  });
});

describe('the pal explorer finds a pal by its name in the user language and in English', () => {
  it('Japanese, Chinese, hiragana and English find the same Anubis', async () => {
    const english = await pals('&species=anubis');
    expect(english.total).toBeGreaterThan(0);
    expect(english.species.every((s) => /anubis/i.test(s))).toBe(true);
    const ja = await pals(`&species=${encodeURIComponent('アヌビス')}&lang=ja`);
    expect(ja.ids).toEqual(english.ids);
    expect((await pals(`&species=${encodeURIComponent('あぬびす')}&lang=ja`)).ids).toEqual(english.ids);
    expect((await pals(`&species=${encodeURIComponent('阿努比斯')}&lang=zh-Hans`)).ids).toEqual(english.ids);
    // English still matches beside the language; a name of another language does not.
    expect((await pals('&species=anubis&lang=ja')).ids).toEqual(english.ids);
    expect((await pals(`&species=${encodeURIComponent('アヌビス')}`)).total).toBe(0);
    expect((await pals(`&species=${encodeURIComponent('アヌビス')}&lang=de`)).total).toBe(0);
  });

  it('a part of a Japanese name finds every species that has it, the other filters still apply', async () => {
    // モコロン is Lamball (SheepBall); with minLevel the set narrows the same way as in English.
    const en = await pals('&species=lamball&minLevel=5');
    const ja = await pals(`&species=${encodeURIComponent('モコロ')}&lang=ja&minLevel=5`);
    expect(ja.ids).toEqual(en.ids);
  });

  it('finds a captured bounty human by the name the game gives it under its whole id', async () => {
    // BOSS_Male_NinjaElite is "Urchin" / アーチン (賞金首 アーチン): no bare id names it.
    const en = await pals('&species=boss_male_ninjaelite');
    expect(en.total).toBeGreaterThan(0);
    expect((await pals(`&species=${encodeURIComponent('アーチン')}&lang=ja`)).ids).toEqual(en.ids);
  });

  it('refuses a language outside the list', async () => {
    const res = await get(`/pals?species=x&lang=xx`);
    expect(res.status).toBe(400);
  });
});
