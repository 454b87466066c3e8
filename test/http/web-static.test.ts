// The web UI's files as palpanel serves them (interface.md: the UI at `/` and below; unknown
// /api/ paths stay JSON 404; other unknown paths get the UI's page). Built from a temp folder
// laid out as Vite writes it, packed by the build's own scripts/pack-web.mjs.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createHandler, WebAssets } from '../../src/http/index.js';
import { unpackWeb, webAssetsFromDir } from '../../src/http/web/assets.js';
import { tempDir } from '../helpers/temp.js';
import { ManualClock, silentLog, tempStore, TestLive, toHttpRequest, type TempStore } from '../helpers/fixture.js';

const PAGE =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script><link rel="stylesheet" href="/assets/index-def456.css"></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('palpanel '.repeat(400))});`;

function builtUi(): string {
  const dir = tempDir('palpanel-web-');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), PAGE);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'index-def456.css'), 'body{color:red}');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

let ts: TempStore | null = null;
afterEach(() => ts?.cleanup());

async function handlerWith(web: WebAssets | null, mapTileUrl: string | null = null) {
  const clock = new ManualClock();
  ts = await tempStore(clock.now);
  const handler = createHandler({
    store: ts.store,
    live: new TestLive(),
    settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000 },
    clock: clock.now,
    log: silentLog,
    version: 't',
    web,
    mapTileUrl,
  });
  return (method: string, path: string, headers: Record<string, string> = {}) =>
    handler(toHttpRequest({ method, path, headers }, '127.0.0.1'));
}

describe('the web UI served by palpanel', () => {
  it('serves the page at / and at every client route, never cached, with a CSP that forbids inline scripts and other origins', async () => {
    const get = await handlerWith(webAssetsFromDir(builtUi()));
    for (const path of ['/', '/players', '/players/2090E447-0000-0000-0000-000000000000', '/map', '/settings/deep/link']) {
      const res = await get('GET', path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(String(res.body)).toBe(PAGE);
      expect(res.headers['cache-control']).toBe('no-cache');
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/https?:/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves hashed assets for a year, gzipped when asked, with a working ETag; a missing asset is 404, not the page', async () => {
    const get = await handlerWith(webAssetsFromDir(builtUi()));
    const plain = await get('GET', '/assets/index-abc123.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.body)).toBe(SCRIPT);
    const zipped = await get('GET', '/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(zipped.body as Buffer).toString()).toBe(SCRIPT);
    expect((zipped.body as Buffer).length).toBeLessThan(SCRIPT.length / 4);
    const again = await get('GET', '/assets/index-abc123.js', { 'if-none-match': `W/"x", ${plain.headers.etag}` });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    const stale = await get('GET', '/assets/index-old999.js');
    expect(stale.status).toBe(404);
    const icon = await get('GET', '/favicon.svg');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the API paths JSON: an unknown /api/ path is the JSON 404, a panel path without a session 401', async () => {
    const get = await handlerWith(webAssetsFromDir(builtUi()));
    const unknown = await get('GET', '/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(String(unknown.body))).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    expect((await get('GET', '/api/v1/no-such-route')).status).toBe(401);
    expect((await get('GET', '/api/openapi.json')).headers['content-type']).toContain('application/json');
    expect((await get('GET', '/healthz')).status).toBe(200);
  });

  it('gives a browser navigating to an unknown path the page (its "no such screen"), a program the JSON 404', async () => {
    const get = await handlerWith(webAssetsFromDir(builtUi()));
    const program = await get('GET', '/nowhere');
    expect(program.status).toBe(404);
    expect(JSON.parse(String(program.body)).error.code).toBe('not_found');
    const browser = await get('GET', '/nowhere', { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' });
    expect(browser.status).toBe(200);
    expect(String(browser.body)).toBe(PAGE);
    expect((await get('POST', '/nowhere')).status).toBe(404);
  });

  it('answers 405 to a method other than GET or HEAD outside /api/', async () => {
    const get = await handlerWith(webAssetsFromDir(builtUi()));
    const res = await get('POST', '/players');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('adds the origin of a configured map tile URL to img-src, and nothing else', async () => {
    const get = await handlerWith(webAssetsFromDir(builtUi()), 'https://tiles.example.org:8443/pal/{z}/{x}/{y}.png');
    const csp = (await get('GET', '/')).headers['content-security-policy'];
    expect(csp).toMatch(/img-src 'self' data: https:\/\/tiles\.example\.org:8443(;|$)/);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
  });

  it('says the UI is not built when this checkout has no build, and still serves the API', async () => {
    const get = await handlerWith(null);
    const res = await get('GET', '/');
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('npm run build:web');
    expect((await get('GET', '/healthz')).status).toBe(200);
  });

  it("round-trips through the build's packer: the packed asset holds every file byte for byte", () => {
    const dir = builtUi();
    const out = join(tempDir('palpanel-webpack-'), 'web.json');
    execFileSync(process.execPath, ['scripts/pack-web.mjs', dir, out]);
    const web = unpackWeb(readFileSync(out, 'utf8'));
    expect(web.page.body.toString()).toBe(PAGE);
    expect(web.get('/assets/index-abc123.js')!.body.toString()).toBe(SCRIPT);
    expect(web.get('/favicon.svg')).toBeDefined();
    // What a first visit downloads, gzipped: the page, the script and the stylesheet.
    expect(web.firstLoadBytes()).toBeGreaterThan(0);
    expect(web.firstLoadBytes()).toBeLessThan(PAGE.length + SCRIPT.length);
  });

  it('refuses a build without a page', () => {
    expect(() => new WebAssets([['/assets/x.js', Buffer.from('1')]])).toThrow(/no index.html/);
  });
});
