// `palpanel dash`'s machine pane (issue 40) against the whole of `serve`: the machine's figures and
// the game process's from the panel's /metrics with the same key; a process the panel cannot see
// is said in words, never shown as 0. The "game" here is a real process of this test (a pid file,
// as SERVICE_GAME_PROCESS allows), read by serve from /proc.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/tui/api-client.js';
import { DashModel, ROUTES } from '../../src/tui/model.js';
import { renderSnapshot } from '../../src/tui/snapshot.js';
import { startLiveServe } from '../helpers/live-serve.js';
import { tempDir } from '../helpers/temp.js';
import { waitFor } from '../helpers/wait.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const FAST = ROUTES.map((r) => ({ key: r.key, periodMs: r.periodMs / 50 }));

async function dash(env: Record<string, string>) {
  const { server, key } = await startLiveServe(cleanup, {}, env);
  const api = new ApiClient(server.url, key);
  cleanup.push(() => api.close());
  const model = new DashModel(api, { budget: 1000, routes: FAST });
  const text = async (want: RegExp) =>
    waitFor(`the machine pane to say ${want}`, async () => {
      await model.tick(Date.now());
      const t = renderSnapshot(model.state, Date.now(), server.url);
      return want.test(t) ? t : undefined;
    });
  return { text };
}

describe('the dashboard machine pane', () => {
  it("shows a visible game process's memory and threads from /proc", async () => {
    const child = spawn('sleep', ['60'], { stdio: 'ignore' });
    cleanup.push(() => void child.kill());
    const pidFile = join(tempDir(), 'game.pid');
    writeFileSync(pidFile, `${child.pid}\n`);
    const { text } = await dash({ SERVICE_GAME_PROCESS: pidFile });
    const t = await text(/game \d+\.\d GB resident/);
    expect(t).toContain('== Machine');
    expect(t).toMatch(/cpu (\d+%|\?)\s+load \d/);
    expect(t).toMatch(/game 0\.0 GB resident .* 1 threads/);
    expect(t).not.toContain('not visible');
  });

  it('says a process it cannot see in words, with no figures', async () => {
    const { text } = await dash({ SERVICE_GAME_PROCESS: 'NoSuchGame-xyz' });
    const t = await text(/== Machine/);
    expect(t).toContain('game process not visible to the panel');
    expect(t).not.toMatch(/game \d/);
  });
});
