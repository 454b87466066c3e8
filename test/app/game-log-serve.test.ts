// `serve` with issue 40's part B settings, in-process beside the simulated game: the game's log
// followed from a command (no shell; masked; read at GET /server/log by an admin), and the restart
// policy started with the game (a quiet window covering the day, nobody online: a restart event
// with its reason, the game's shutdown through its REST API).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startLiveServe } from '../helpers/live-serve.js';
import { tempDir } from '../helpers/temp.js';
import { waitFor } from '../helpers/wait.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const ADMIN = { username: 'admin', password: 'game-log-serve-admin-1' };

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0];
}

describe('serve follows the game log and runs the restart policy', () => {
  it('follows a command’s output, masked, for admins', { timeout: 60_000 }, async () => {
    const script = join(tempDir(), 'journal.js');
    writeFileSync(
      script,
      "console.log('[2026.11.28-04.00.00:000][  0]LogPal: Warning: from the journal');\nconsole.log('RCONPassword=s3cr3tvalue');\nsetInterval(() => {}, 1000);\n",
    );
    const live = await startLiveServe(cleanup, { players: [] }, { SERVICE_GAME_LOG_COMMAND: `${process.execPath} ${script}` });
    live.server.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    const cookie = await signIn(live.server.url);
    const page = await waitFor('the lines', async () => {
      const res = await fetch(`${live.server.url}/api/v1/server/log`, { headers: { cookie } });
      const body = (await res.json()) as { data: { lines: { text: string; level: string | null }[]; source: unknown } };
      return body.data.lines.length >= 2 ? body.data : undefined;
    });
    expect(page.source).toEqual({ kind: 'command', target: process.execPath, state: 'following', detail: null });
    expect(page.lines.map((l) => [l.level, l.text])).toEqual([
      ['warning', '[2026.11.28-04.00.00:000][  0]LogPal: Warning: from the journal'],
      [null, 'RCONPassword=****'],
    ]);
  });

  it('restarts in a quiet window with nobody online, saying why', { timeout: 60_000 }, async () => {
    const live = await startLiveServe(
      cleanup,
      { players: [] },
      { SERVICE_RESTART_QUIET_WINDOW: '00:00-23:59', SERVICE_RESTART_WARNING: '10s' },
    );
    // The first check runs before the first poll; the next, 15 s later, sees the game answer.
    const started = await waitFor(
      'a restart event',
      () => live.server.store.events.page({ limit: 10, kinds: ['restart'] }).find((e) => e.message.startsWith('Restart started')),
      40_000,
    );
    expect(started.message).toMatch(
      /^Restart started: nobody was online within the quiet window 00:00-23:59 \(UTC\) \(SERVICE_RESTART_QUIET_WINDOW\)\./,
    );
    await waitFor(
      'the game told to shut down',
      () => (live.sim.control.adminActions().some((a) => a.action === 'shutdown') ? true : undefined),
      20_000,
    );
    expect(live.sim.control.adminActions().map((a) => a.action)).toEqual(['save', 'shutdown']);
  });
});
