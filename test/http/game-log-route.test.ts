// GET /api/v1/server/log (issue 40): the game's log as admins read it, followed from a real file,
// masked, with search and level filters and `after`; refused to viewers, and said
// as not set up when no log is followed.
import { writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { P } from './conformance-table.js';
import { ADMIN, VIEWER, panelHarness, type PanelHarness } from './panel-harness.js';
import { GameLog } from '../../src/ingest/game-log/game-log.js';
import { FileFollower } from '../../src/ingest/game-log/file-follower.js';
import { masker } from '../../src/ingest/game-log/log-line.js';
import { tempDir } from '../helpers/temp.js';

const harnesses: PanelHarness[] = [];
const followers: FileFollower[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) h.ts.cleanup();
  for (const f of followers.splice(0)) await f.close();
});

async function setUp(withLog: boolean) {
  const path = join(tempDir(), 'PalServer.log');
  writeFileSync(
    path,
    [
      '[2026.11.28-04.00.00:000][  0]LogNet: Warning: player 76561198000000001 timed out',
      '[2026.11.28-04.00.01:000][  0]LogPal: Error: <b>bold</b> AdminPassword=letmein99',
      '[12:00:00][info] PalDefender: steam_76561198000000002 joined',
      'a line without a level',
    ].join('\n') + '\n',
  );
  const g = new GameLog('file', path, masker(['letmein99']), () => new Date('2026-11-28T04:00:02.000Z'));
  const f = new FileFollower(path, g.events);
  followers.push(f);
  await f.check();
  const h = await panelHarness(3_600_000, withLog ? { gameLog: g } : {});
  harnesses.push(h);
  const get = async (query: string, who = ADMIN) =>
    h.send({ method: 'GET', path: `${P}/server/log${query}`, headers: { cookie: await h.login(who) } });
  return { h, get, path, f };
}

describe('GET /server/log', () => {
  it('answers admins the kept lines, masked, as strings of data, with the source', async () => {
    const { get } = await setUp(true);
    const res = await get('');
    expect(res.status).toBe(200);
    expect(res.json.data.source).toMatchObject({ kind: 'file', state: 'following', detail: null });
    expect(res.json.data.kept).toBe(4);
    expect(res.json.data.lastSeq).toBe(4);
    expect(res.json.data.lines.map((l: { level: string | null }) => l.level)).toEqual(['warning', 'error', 'info', null]);
    expect(res.json.data.lines[1].text).toBe('[2026.11.28-04.00.01:000][  0]LogPal: Error: <b>bold</b> AdminPassword=****');
    expect(res.body).not.toContain('letmein99');
  });

  it('filters by level and text, and pages after a seq', async () => {
    const { get, path, f } = await setUp(true);
    const texts = async (q: string) => ((await get(q)).json.data.lines as { text: string }[]).map((l) => l.text);
    expect(await texts('?level=error,warning')).toHaveLength(2);
    expect(await texts('?level=none')).toEqual(['a line without a level']);
    expect(await texts('?q=PALDEFENDER')).toEqual(['[12:00:00][info] PalDefender: steam_76561198000000002 joined']);
    appendFileSync(path, 'LogTemp: Display: a new line\n');
    await f.check();
    expect(await texts('?after=4')).toEqual(['LogTemp: Display: a new line']);
    expect(await texts('?after=4&level=error')).toEqual([]);
    expect(await texts('?limit=1')).toEqual(['LogTemp: Display: a new line']);
  });

  it('refuses a bad filter with 400 and the field named', async () => {
    const { get } = await setUp(true);
    for (const q of ['?level=loud', '?limit=0', '?limit=5000', '?after=-1', '?other=1']) {
      const res = await get(q);
      expect(res.status, q).toBe(400);
      expect(res.json.error.code, q).toBe('invalid_request');
    }
  });

  it('is for admins only: a viewer gets 403, no session 401', async () => {
    const { h, get } = await setUp(true);
    expect((await get('', VIEWER)).status).toBe(403);
    expect((await h.send({ method: 'GET', path: `${P}/server/log` })).status).toBe(401);
  });

  it('says when no log is followed', async () => {
    const { get } = await setUp(false);
    const res = await get('');
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      source: { kind: 'none', target: null, state: 'off', detail: 'neither SERVICE_GAME_LOG nor SERVICE_GAME_LOG_COMMAND is set' },
      lines: [],
      lastSeq: 0,
      kept: 0,
    });
  });
});
