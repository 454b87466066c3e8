// GET /api/v1/server/log/stream (issue 40) over a real socket: the kept lines after `after` that
// match the filters, then each new line the follower reads as it is written, masked; a reconnect
// with Last-Event-ID resumes after the last line it got; admins only; 409 when no log is followed.
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/index.js';
import { startHttpServer } from '../../src/http/node-adapter.js';
import { createLogger } from '../../src/lib/logger.js';
import { GameLog } from '../../src/ingest/game-log/game-log.js';
import { FileFollower } from '../../src/ingest/game-log/file-follower.js';
import { masker } from '../../src/ingest/game-log/log-line.js';
import { tempStore, TestLive } from '../helpers/fixture.js';
import { tempDir } from '../helpers/temp.js';
import { waitFor } from '../helpers/wait.js';
import { openSse, type SseClient } from './sse-client.js';

const ADMIN = { username: 'admin', password: 'stream-admin-pass-1' };
const VIEWER = { username: 'viewer', password: 'stream-viewer-pass-1' };
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function rig(withLog = true) {
  const path = join(tempDir(), 'PalServer.log');
  writeFileSync(path, 'LogPal: Display: up\nLogPal: Warning: slow autosave\nLogPal: Error: boom\n');
  const g = new GameLog('file', path, masker(['hunter2hunter2']), () => new Date());
  const follower = new FileFollower(path, g.events);
  cleanup.push(() => follower.close());
  await follower.check();
  const ts = await tempStore();
  cleanup.push(() => ts.cleanup());
  ts.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
  ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
  const log = createLogger('text', () => {});
  const handler = createHandler({
    store: ts.store,
    live: new TestLive(),
    settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000 },
    clock: () => new Date(),
    log,
    version: 't',
    ...(withLog ? { gameLog: g } : {}),
  });
  const server = await startHttpServer(handler, { host: '127.0.0.1', port: 0, log });
  cleanup.push(() => server.close(1_000));
  const url = `http://127.0.0.1:${server.port}`;
  const login = async (who: typeof ADMIN) => {
    const res = await fetch(`${url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify(who),
    });
    return res.headers.get('set-cookie')!.split(';')[0];
  };
  const open = async (query: string, headers: Record<string, string>): Promise<SseClient> => {
    const c = await openSse(`${url}/api/v1/server/log/stream${query}`, headers);
    cleanup.push(() => c.close());
    return c;
  };
  const write = async (line: string) => {
    appendFileSync(path, `${line}\n`);
    await follower.check();
  };
  return { login, open, write };
}

const texts = (c: SseClient) => c.messages.map((m) => (JSON.parse(m.data) as { text: string }).text);

describe('the game log stream', () => {
  it('sends the kept lines after `after` that match, then new ones as they are written, masked, with their seq as id', async () => {
    const r = await rig();
    const cookie = await r.login(ADMIN);
    const c = await r.open('?after=0&level=warning,error', { cookie });
    expect(c.status).toBe(200);
    expect(c.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await waitFor('the replay', () => (c.messages.length >= 2 ? true : undefined));
    expect(texts(c)).toEqual(['LogPal: Warning: slow autosave', 'LogPal: Error: boom']);
    expect(c.messages.map((m) => [m.event, m.id])).toEqual([
      ['line', '2'],
      ['line', '3'],
    ]);
    await r.write('LogPal: Display: not a match');
    await r.write('LogPal: Error: RCONPassword=hunter2hunter2 refused');
    await waitFor('the new line', () => (c.messages.length >= 3 ? true : undefined));
    expect(texts(c)).toEqual(['LogPal: Warning: slow autosave', 'LogPal: Error: boom', 'LogPal: Error: RCONPassword=**** refused']);
    expect(c.messages[2].id).toBe('5');
  });

  it('without `after` sends only lines from now on; Last-Event-ID resumes after that line', async () => {
    const r = await rig();
    const cookie = await r.login(ADMIN);
    const fresh = await r.open('', { cookie });
    await r.write('LogPal: Display: first new');
    await waitFor('the line', () => (fresh.messages.length >= 1 ? true : undefined));
    expect(texts(fresh)).toEqual(['LogPal: Display: first new']);
    const resumed = await r.open('?q=boom', { cookie, 'last-event-id': '1' });
    await waitFor('the resumed line', () => (resumed.messages.length >= 1 ? true : undefined));
    expect(texts(resumed)).toEqual(['LogPal: Error: boom']);
    const bad = await r.open('', { cookie, 'last-event-id': 'x1' });
    expect(bad.status).toBe(400);
  });

  it('is for admins only, and says when no log is followed', async () => {
    const r = await rig();
    expect((await r.open('', { cookie: await r.login(VIEWER) })).status).toBe(403);
    expect((await r.open('', {})).status).toBe(401);
    const none = await rig(false);
    const res = await none.open('', { cookie: await none.login(ADMIN) });
    expect(res.status).toBe(409);
    expect(JSON.parse(res.body)).toEqual({
      error: {
        code: 'conflict',
        message:
          'palpanel follows no game log: set SERVICE_GAME_LOG to its file, or SERVICE_GAME_LOG_COMMAND to a command such as journalctl -u palworld -f -o cat.',
      },
    });
  });
});
