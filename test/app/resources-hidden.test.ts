// A game process palpanel cannot see (issue 40) is said in words, never drawn or exported as zero:
// the resources route gives null figures and the reason, the history's game points are null, and
// /metrics leaves the process families out; the machine's own figures are there all the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveServe, type LiveServe } from '../helpers/live-serve.js';
import { fromPanelPage } from '../helpers/panel-page.js';
import { waitFor } from '../helpers/wait.js';

describe('a game process palpanel cannot see', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  let live: LiveServe;
  let cookie = '';
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked member by member
  const get = async (path: string): Promise<any> => {
    const res = await fetch(`${live.server.url}/api/v1${path}`, { headers: { ...fromPanelPage(live.server.url, false), cookie } });
    return ((await res.json()) as { data: unknown }).data;
  };

  beforeAll(async () => {
    // The sim runs in this process: no process of this name exists anywhere.
    live = await startLiveServe(cleanup, {}, { SERVICE_GAME_PROCESS: 'NoSuchGame-xyz' });
    live.server.store.users.add('viewer', 'viewer', 'viewer-password-1', 'cli');
    const res = await fetch(`${live.server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: fromPanelPage(live.server.url),
      body: JSON.stringify({ username: 'viewer', password: 'viewer-password-1' }),
    });
    cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  });
  afterAll(async () => {
    for (const f of cleanup.reverse()) await f();
  });

  it('answers null figures with the reason in words, and the machine figures', async () => {
    const r = await waitFor('a sample', async () => {
      const d = await get('/server/resources');
      return d.at ? d : undefined;
    });
    expect(r.game).toBeNull();
    expect(r.gameHidden).toMatch(/^not visible: no process named NoSuchGame-xyz/);
    expect(r.host.memTotalBytes).toBeGreaterThan(0);
    expect(r.host.cores).toBeGreaterThan(0);
    const h = await waitFor('history points', async () => {
      const d = await get('/server/resources/history');
      return d.points.length > 1 ? d : undefined;
    });
    for (const p of h.points) {
      expect(p.gameRssBytes).toBeNull();
      expect(p.gameCpuPercent).toBeNull();
      expect(p.memTotalBytes).toBeGreaterThan(0);
    }
  });

  it('leaves the process families out of /metrics, and keeps the host ones', async () => {
    const text = await (await fetch(`${live.server.url}/metrics`, { headers: { authorization: `Bearer ${live.key}` } })).text();
    expect(text).toMatch(/^palpanel_host_memory_total_bytes \d+$/m);
    expect(text).toMatch(/^palpanel_host_memory_available_bytes \d+$/m);
    expect(text).toMatch(/^palpanel_game_crashes_total 0$/m);
    expect(text).not.toMatch(/palpanel_game_process_/);
  });
});
