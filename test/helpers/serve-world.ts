// `palpanel serve` in the test process on a copy of a fixture world, its save folder looked at
// only once an hour (the test drives parses and backups itself), with panel accounts made through
// the store and a sign-in that returns the session cookie. The caller stops the server.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import type { Role } from '../../src/contract/vocabulary.js';
import { createLogger } from '../../src/lib/logger.js';
import { FIXTURES, tempDir } from './cli.js';
import { fromPanelPage } from './panel-page.js';
import { testSettings } from './settings.js';

export interface Account {
  username: string;
  password: string;
}

export interface ServedWorld {
  server: RunningServer;
  url: string;
  dataDir: string;
  saveDir: string;
  /** Signs `who` in and returns the `name=value` of its session cookie. */
  signIn(who: Account): Promise<string>;
}

/** `opts.env`: more SERVICE_* settings; `opts.clock`: the server's clock (a test's ManualClock);
 * `opts.logLine`: receives each log line (default: dropped). */
export async function serveWorld(
  fixture: string,
  accounts: [Account, Role][],
  opts: { env?: Record<string, string>; clock?: () => Date; logLine?: (line: string) => void } = {},
): Promise<ServedWorld> {
  const saveDir = join(tempDir(), 'world');
  cpSync(join(FIXTURES, fixture), saveDir, { recursive: true });
  const dataDir = tempDir();
  const server = await startServe({
    settings: testSettings(dataDir, { SERVICE_SAVE_DIR: saveDir, SERVICE_SAVE_CHECK_INTERVAL: '1h', ...opts.env }),
    clock: opts.clock,
    log: createLogger('text', opts.logLine ?? (() => {})),
    version: 't',
    ready: () => {},
  });
  for (const [a, role] of accounts) server.store.users.add(a.username, role, a.password, 'cli');
  const url = server.url;
  const signIn = async (who: Account) => {
    const res = await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: fromPanelPage(url), body: JSON.stringify(who) });
    return (res.headers.get('set-cookie') ?? '').split(';')[0];
  };
  return { server, url, dataDir, saveDir, signIn };
}
