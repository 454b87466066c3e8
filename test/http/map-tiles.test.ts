// The host's own map tiles (SERVICE_MAP_TILES_DIR) served by palpanel at /map-tiles/{z}/{x}/{y}.png,
// over a real socket: the file's bytes with its content type, a day's private caching and an ETag
// (304 on a match), a signed-in user only, traversal and non-numeric paths refused, a missing
// tile 404, and the map dataset naming the folder's template.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/index.js';
import { startHttpServer, type RunningHttpServer } from '../../src/http/node-adapter.js';
import { mapTilesOf } from '../../src/http/web/map-tiles.js';
import { SESSION_COOKIE } from '../../src/http/panel/cookies.js';
import { tempDir } from '../helpers/temp.js';
import { ManualClock, silentLog, tempStore, TestLive, type TempStore } from '../helpers/fixture.js';

// A real 1x1 PNG (its signature and chunks), and a secret beside the tile folder.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const WEBP = Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00/\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00', 'binary');

interface Got {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

let ts: TempStore;
let server: RunningHttpServer;
let cookie: string;

/** A GET with the path sent exactly as written (no URL normalisation of `..`). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h[k] = v;
        resolve({ status: res.statusCode ?? 0, headers: h, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  const clock = new ManualClock();
  ts = await tempStore(clock.now);
  const root = tempDir('palpanel-tiles-');
  const dir = join(root, 'tiles');
  mkdirSync(join(dir, '0', '0'), { recursive: true });
  mkdirSync(join(dir, '3', '5'), { recursive: true });
  writeFileSync(join(dir, '0', '0', '0.png'), PNG);
  writeFileSync(join(dir, '3', '5', '2.png'), PNG);
  writeFileSync(join(dir, '3', '5', '4.webp'), WEBP);
  writeFileSync(join(root, 'secret.png'), 'not for viewers');
  // A symlink inside the folder that leads out of it.
  symlinkSync(join(root, 'secret.png'), join(dir, '3', '5', '9.png'));
  ts.store.users.add('viewer1', 'viewer', 'correct horse battery', 'cli');
  cookie = `${SESSION_COOKIE}=${ts.store.sessions.create('viewer1', clock.now(), 3_600_000).token}`;
  const handler = createHandler({
    store: ts.store,
    live: new TestLive(),
    settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000 },
    clock: clock.now,
    log: silentLog,
    version: 't',
    mapTiles: mapTilesOf(dir),
    mapTileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png',
  });
  server = await startHttpServer(handler, { host: '127.0.0.1', port: 0, log: silentLog });
});
afterAll(async () => {
  await server.close(1000);
  ts.cleanup();
});

describe('the host map tiles at /map-tiles/', () => {
  it('serves a tile file with its content type, a private day of caching and an ETag that answers 304', async () => {
    const res = await get('/map-tiles/3/5/2.png', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.equals(PNG)).toBe(true);
    const etag = res.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/map-tiles/3/5/2.png', { cookie, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await get('/map-tiles/3/5/2.png', { cookie, 'if-none-match': '"other"' })).status).toBe(200);
    const webp = await get('/map-tiles/3/5/4.webp', { cookie });
    expect(webp.status).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.body.equals(WEBP)).toBe(true);
  });

  it('answers 404 for a missing tile and for the same tile in another type', async () => {
    for (const p of ['/map-tiles/3/5/3.png', '/map-tiles/4/0/0.png', '/map-tiles/3/5/2.jpg']) {
      const res = await get(p, { cookie });
      expect(res.status, p).toBe(404);
      expect(res.headers['content-type'], p).toBe('text/plain; charset=utf-8');
    }
  });

  it('refuses traversal: only digits name a tile and a file resolving outside the folder is not served', async () => {
    for (const p of [
      '/map-tiles/../secret.png',
      '/map-tiles/3/5/../../../secret.png',
      '/map-tiles/3/5/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret.png',
      '/map-tiles/3/..%2f..%2f/secret.png',
      '/map-tiles/3/5/2.png/',
      '/map-tiles/-1/0/0.png',
      '/map-tiles/3/5/2.svg',
      '/map-tiles/3/5/9.png',
    ]) {
      const res = await get(p, { cookie });
      expect([400, 404], p).toContain(res.status);
      expect(res.body.toString(), p).not.toContain('not for viewers');
      expect(res.headers['content-type'], p).toBe('text/plain; charset=utf-8');
    }
    // The symlink out of the folder exists as a name: refused as missing, not as a bad path.
    expect((await get('/map-tiles/3/5/9.png', { cookie })).status).toBe(404);
  });

  it('serves only a signed-in user, and only GET and HEAD', async () => {
    expect((await get('/map-tiles/3/5/2.png')).status).toBe(401);
    expect((await get('/map-tiles/3/5/2.png', { cookie: `${SESSION_COOKIE}=not-a-session` })).status).toBe(401);
    const head = await get('/map-tiles/3/5/2.png', { cookie }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect((await get('/map-tiles/3/5/2.png', { cookie }, 'DELETE')).status).toBe(405);
  });

  it("gives the map the folder's template before the tile URL", async () => {
    const res = await get('/api/v1/map/dataset', { cookie });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString()).data.tileUrl).toBe('/map-tiles/{z}/{x}/{y}.png');
  });
});

describe('mapTilesOf', () => {
  it('is null for no folder or a missing one, and takes the type of the top tile', () => {
    expect(mapTilesOf(null)).toBeNull();
    expect(mapTilesOf(join(tempDir('palpanel-tiles-'), 'absent'))).toBeNull();
    const dir = tempDir('palpanel-tiles-');
    mkdirSync(join(dir, '0', '0'), { recursive: true });
    writeFileSync(join(dir, '0', '0', '0.webp'), WEBP);
    expect(mapTilesOf(dir)?.ext).toBe('webp');
  });
});
