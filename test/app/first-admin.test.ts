// A fresh install says how to make the first admin: `serve` logs the command once it listens, and
// the open `GET /api/v1/auth/setup` tells the login page that no user exists, and nothing more.
// Once a user exists neither says it.
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { tempDir } from '../helpers/cli.js';
import { testSettings } from '../helpers/settings.js';

const open: RunningServer[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.stop();
});

async function serve(dataDir: string) {
  const lines: string[] = [];
  const server = await startServe({
    settings: testSettings(dataDir),
    log: createLogger('text', (l) => lines.push(l)),
    version: 'test',
    ready: () => {},
  });
  open.push(server);
  return { server, lines };
}

describe('the first admin', () => {
  it('a fresh serve logs the users add command with its data dir; the login page learns only that no user exists', async () => {
    const dataDir = tempDir();
    const { server, lines } = await serve(dataDir);
    expect(lines.filter((l) => l.includes('no panel user exists yet'))).toEqual([
      expect.stringContaining(`create the first admin with \`palpanel users add <name> --role admin --data-dir ${dataDir}\``),
    ]);
    const res = await fetch(`${server.url}/api/v1/auth/setup`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { usersExist: false } });

    server.store.users.add('admin', 'admin', 'correct-horse-battery-staple', 'cli');
    expect(await (await fetch(`${server.url}/api/v1/auth/setup`)).json()).toEqual({ data: { usersExist: true } });
  });

  it('with a user already there, serve says nothing of it', async () => {
    const dataDir = tempDir();
    const first = await serve(dataDir);
    first.server.store.users.add('admin', 'admin', 'correct-horse-battery-staple', 'cli');
    await first.server.stop();
    open.splice(0);
    const { lines } = await serve(dataDir);
    expect(lines.filter((l) => l.includes('no panel user'))).toEqual([]);
  });
});
