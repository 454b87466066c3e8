// `serve` in-process beside the simulated game, with a clock the test moves forward, signed in
// as an admin and as a viewer: the rig of the diagnostics tests (HTTP and browser).
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { startSimGameServer, type SimGameServer, type SimOptions } from '../../src/demo/sim/index.js';
import { createLogger } from '../../src/lib/logger.js';
import { FIXTURES, tempDir } from './cli.js';
import { liveSettings } from './live-serve.js';
import { fromPanelPage } from './panel-page.js';
import { waitFor } from './wait.js';
import type { Channel } from '../../src/contract/panel/diagnostics.js';
import type { WebAssets } from '../../src/http/index.js';

export const ADMIN = { username: 'root', password: 'a-long-admin-passphrase-2' };
export const VIEWER = { username: 'watcher', password: 'a-long-viewer-passphrase-3' };

export interface DiagnosticsRig {
  url: string;
  sim: SimGameServer;
  server: RunningServer;
  saveDir: string;
  dataDir: string;
  /** Moves palpanel's clock forward (the files' times stay where they are). */
  advance(ms: number): void;
  /** A JSON call as the admin or the viewer. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked member by member
  call(as: 'admin' | 'viewer', method: string, path: string, body?: unknown): Promise<{ status: number; text: string; json: any }>;
  /** GET /diagnostics as the viewer, the channels by id. */
  channels(): Promise<{ text: string; byId: Record<string, Channel> }>;
  /** Waits until channel `id` satisfies `ok`, reading /diagnostics as the viewer. */
  until(id: string, what: string, ok: (c: Channel) => boolean): Promise<Channel>;
}

export async function startDiagnosticsRig(
  cleanup: (() => Promise<void> | void)[],
  sim: SimOptions = {},
  env: Record<string, string> = {},
  web?: WebAssets,
): Promise<DiagnosticsRig> {
  const saveDir = tempDir('palpanel-save-');
  cpSync(join(FIXTURES, 'v0.1-coop'), saveDir, { recursive: true });
  const game = await startSimGameServer({ churnPeriodMs: 0, ...sim });
  cleanup.push(() => game.close());
  const settings = liveSettings(saveDir, game, {
    SERVICE_GAME_DATA: 'on',
    SERVICE_GAME_DATA_INTERVAL: '100ms',
    ...(game.rconAddr ? { SERVICE_RCON_ADDR: game.rconAddr, SERVICE_RCON_PASSWORD: game.password } : {}),
    ...env,
  });
  let skew = 0;
  const server = await startServe({
    settings,
    log: createLogger('text', () => {}),
    version: 'test',
    clock: () => new Date(Date.now() + skew),
    ready: () => {},
    web,
  });
  cleanup.push(() => server.stop());
  server.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
  server.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
  const base = `${server.url}/api/v1`;
  const cookies: Record<string, string> = {};
  for (const [role, who] of [
    ['admin', ADMIN],
    ['viewer', VIEWER],
  ] as const) {
    const res = await fetch(`${base}/auth/login`, { method: 'POST', headers: fromPanelPage(base), body: JSON.stringify(who) });
    cookies[role] = res.headers.get('set-cookie')!.split(';')[0];
  }
  const call: DiagnosticsRig['call'] = async (as, method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie: cookies[as], ...fromPanelPage(base, body !== undefined) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, json: text ? JSON.parse(text) : undefined };
  };
  const channels = async () => {
    const r = await call('viewer', 'GET', '/diagnostics');
    if (r.status !== 200) throw new Error(`GET /diagnostics answered ${r.status}: ${r.text}`);
    return { text: r.text, byId: Object.fromEntries((r.json.data.channels as Channel[]).map((c) => [c.id, c])) };
  };
  return {
    url: server.url,
    sim: game,
    server,
    saveDir,
    dataDir: settings.dataDir,
    advance: (ms) => void (skew += ms),
    call,
    channels,
    until: (id, what, ok) =>
      waitFor(`${id}: ${what}`, async () => {
        const c = (await channels()).byId[id];
        return ok(c) ? c : undefined;
      }),
  };
}
