// A save folder that gives nothing to parse, as serve reports it (issue 15's first finding):
// the reason in words on the panel's /server, /world and /server/health and in the log, while
// the Integration API keeps the spec's values and nothing leaks the path.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { tempDir } from '../helpers/cli.js';
import { testSettings } from '../helpers/settings.js';
import { waitFor } from '../helpers/wait.js';
import { ADMIN } from '../http/panel-harness.js';
import { fromPanelPage } from '../helpers/panel-page.js';

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

describe('serve with a save folder that does not exist', () => {
  it('says so on /server, /world and /server/health and once in the log; the Integration API keeps save.state unknown', async () => {
    const saveDir = join(tempDir(), 'Pal', 'Saved', 'SaveGames', '0', 'missing');
    const logs: string[] = [];
    const settings = testSettings(tempDir(), { SERVICE_SAVE_DIR: saveDir, SERVICE_SAVE_CHECK_INTERVAL: '50ms' });
    server = await startServe({ settings, log: createLogger('text', (l) => logs.push(l)), version: 'test', ready: () => {} });
    server.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: fromPanelPage(server.url),
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const get = async (path: string) =>
      (await (await fetch(`${server!.url}/api/v1${path}`, { headers: { cookie } })).json()) as { data: Record<string, unknown> };
    const words = 'the save folder (SERVICE_SAVE_DIR) does not exist.';
    await waitFor('the problem', async () => ((await get('/server')).data.saveProblem === words ? true : undefined));
    expect((await get('/world')).data.saveWatcher).toMatchObject({ enabled: true, problem: words });
    const health = (await get('/server/health')).data;
    expect(health).toMatchObject({ status: 'degraded', problems: [`save: ${words}`], saveWatcher: { problem: words } });
    expect(JSON.stringify([await get('/server'), await get('/world'), health])).not.toContain(saveDir);
    // Several checks have run (each schedules the next at a new time): one log line, with the path.
    const dues = new Set<unknown>();
    await waitFor('three more checks', async () => {
      const due = ((await get('/world')).data.saveWatcher as { nextCheckAt: string | null }).nextCheckAt;
      if (due !== null) dues.add(due);
      return dues.size >= 4 ? true : undefined;
    });
    expect(logs.filter((l) => l.includes('does not exist'))).toEqual([expect.stringContaining(saveDir)]);
    const { key } = server.store.keys.create('probe', 'cli');
    const pub = (await (
      await fetch(`${server.url}/api/integration/v1/server`, { headers: { authorization: `Bearer ${key}` } })
    ).json()) as { data: { save: { state: string } } };
    expect(pub.data.save.state).toBe('unknown');
  });
});
