// A part of palpanel the deployment did not set up (no game server, no save folder, no RCON, no
// deployment file) is answered the same way on every route that needs it: 409 `conflict`, the
// words naming the setting, before the handler runs; and the document says so for each route.
// The routes and their needs are listed here from the spec's and interface.md's routes, not read
// from the table: a route that loses its need fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panelTable } from '../../src/http/panel/routes.js';
import { seedConformance, type SeededFixture } from './conformance-fixture.js';
import { login } from './conformance-table.js';
import { bareHandler, inProcessSend, tempStore, type Send, type TempStore } from '../helpers/fixture.js';

const GAME = 'palpanel has no game server configured (SERVICE_GAME_REST_URL).';
const SAVE = 'palpanel has no save folder configured (SERVICE_SAVE_DIR).';
const RCON =
  'The console needs RCON, which this server has off (SERVICE_RCON_ADDR and SERVICE_RCON_PASSWORD). The game deprecates RCON; everything else goes through its REST API.';
const FILE =
  "palpanel has no deployment file configured (SERVICE_CONFIG_FILE: the game's PalWorldSettings.ini, palworld-server-docker's env file, or a compose file).";

const UID = '00000000-0000-0000-0000-000000000001';
const BACKUP = '20260714T093000Z-manual-1a2b3c';

/** Each route that cannot work without a part, with a body it accepts, and the words it answers. */
const NEEDS: [method: string, path: string, body: unknown, words: string][] = [
  ['POST', '/server/announce', { message: 'hello' }, GAME],
  ['POST', '/server/save', undefined, GAME],
  ['POST', '/server/shutdown', { delaySec: 10 }, GAME],
  ['POST', '/server/countdown/cancel', undefined, GAME],
  ['POST', `/players/${UID}/kick`, {}, GAME],
  ['POST', `/players/${UID}/ban`, {}, GAME],
  ['POST', `/players/${UID}/unban`, {}, GAME],
  ['POST', '/world/parse', undefined, SAVE],
  ['POST', '/backups', {}, SAVE],
  ['POST', '/backups/upload', undefined, SAVE],
  ['GET', '/backups/storage', undefined, SAVE],
  ['GET', '/backups/check', undefined, SAVE],
  ['POST', '/backups/check', {}, SAVE],
  ['GET', `/backups/${BACKUP}`, undefined, SAVE],
  ['GET', `/backups/${BACKUP}/contents`, undefined, SAVE],
  ['GET', `/backups/${BACKUP}/download`, undefined, SAVE],
  ['POST', `/backups/${BACKUP}/copy`, undefined, SAVE],
  ['DELETE', `/backups/${BACKUP}`, undefined, SAVE],
  ['POST', `/backups/${BACKUP}/restore/dry-run`, undefined, SAVE],
  ['POST', `/backups/${BACKUP}/restore`, { confirm: 'RESTORE' }, SAVE],
  ['GET', `/backups/${BACKUP}/restore`, undefined, SAVE],
  ['POST', '/console/exec', { command: 'Info' }, RCON],
  ['GET', '/config', undefined, FILE],
  ['GET', '/config/raw', undefined, FILE],
  ['PUT', '/config', { ServerName: 'x' }, FILE],
];

describe('a part the deployment did not set up', () => {
  let ts: TempStore;
  let fx: SeededFixture;
  let send: Send;
  let admin: string;
  let doc: { paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>> };

  beforeAll(async () => {
    ts = await tempStore();
    fx = seedConformance(ts.store);
    send = inProcessSend(bareHandler(ts.store));
    admin = await login(send, fx.admin);
    doc = JSON.parse((await send({ method: 'GET', path: '/api/openapi.json' })).body);
  });
  afterAll(() => ts.cleanup());

  it.each(NEEDS)('%s %s → 409 conflict, in the same words for every route of the part', async (method, path, body, words) => {
    const res = await send({
      method,
      path: `/api/v1${path}`,
      headers: { cookie: admin, host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, res.body).toBe(409);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'conflict', message: words } });
  });

  it('the table names exactly these routes as needing a part, and the document says it for each', () => {
    const table = panelTable();
    const needing = table.routes.filter((r) => r.needs !== undefined).map((r) => `${r.method} ${r.path}`);
    const listed = NEEDS.map(([m, p]) => `${m} ${p}`.replace(UID, '{uid}').replace(BACKUP, '{id}'));
    expect(needing.sort()).toEqual(listed.sort());
    for (const [method, path, , words] of NEEDS) {
      const templ = path.replace(UID, '{uid}').replace(BACKUP, '{id}');
      const conflict = doc.paths[`/api/v1${templ}`][method.toLowerCase()].responses['409'];
      expect(conflict.description, `${method} ${templ}`).toContain(words);
    }
  });
});
