// End to end in tmux against `dist/palpanel demo`: the dashboard draws in a real terminal, tab
// and paging work, q exits 0. Needs tmux (.ci/run installs it); skipped with a note without it.
import { execFileSync, spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/cli.js';
import { noteSkip } from '../helpers/skipped.js';

const hasTmux = (() => {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    noteSkip('dash-tmux: tmux is not installed; the terminal end-to-end test is skipped (.ci/run installs it)');
    return false;
  }
})();

const tmux = (...args: string[]) => execFileSync('tmux', args, { encoding: 'utf8' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function screenUntil(session: string, what: string, test: (s: string) => boolean, timeoutMs = 15_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const screen = tmux('capture-pane', '-p', '-t', session);
    if (test(screen)) return screen;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; screen:\n${screen}`);
    await sleep(200);
  }
}

describe.skipIf(!hasTmux)('palpanel dash in tmux against palpanel demo', () => {
  it('draws, pages with tab and arrows, quits with q (exit 0)', async () => {
    const demo = spawn(BIN, ['demo', '--data-dir', tempDir(), '--listen', '127.0.0.1:0', '--players', '10', '--pals', '200'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const session = `palpanel-dash-${process.pid}`;
    try {
      let out = '';
      const { url, key } = await new Promise<{ url: string; key: string }>((resolve, reject) => {
        const t = setTimeout(() => reject(new Error(`demo did not start: ${out}`)), 15_000);
        demo.stdout.on('data', (c) => {
          out += c;
          const u = /listening on (http:\/\/\S+)/.exec(out);
          const k = /(svk_[0-9a-f]{8}_[A-Za-z0-9_-]{43})/.exec(out);
          if (u && k) {
            clearTimeout(t);
            resolve({ url: u[1], key: k[1] });
          }
        });
      });
      await sleep(1500); // let the first parse and polls land
      tmux('new-session', '-d', '-s', session, '-x', '120', '-y', '45', `${BIN} dash --url ${url} --key ${key}; echo "EXIT=$?"; sleep 60`);
      // The world and machine panes join the tab order once their first answers are in: wait for them too.
      const first = await screenUntil(
        session,
        'the dashboard',
        (s) =>
          s.includes('palpanel demo server') &&
          /Online players/.test(s) &&
          /lv \d+ +\[/.test(s) &&
          /World \(ready\)/.test(s) &&
          /│ Machine/.test(s),
      );
      expect(first).toContain('state running');
      expect(first).toMatch(/Pals \(page 1, more →\)/);
      // server → metrics → machine → world → events → players → pals
      for (let i = 0; i < 6; i++) {
        tmux('send-keys', '-t', session, 'Tab');
        await sleep(100);
      }
      tmux('send-keys', '-t', session, 'Right');
      await screenUntil(session, 'pals page 2', (s) => /Pals \(page 2/.test(s));
      tmux('send-keys', '-t', session, 'Left');
      await screenUntil(session, 'pals page 1', (s) => /Pals \(page 1/.test(s));
      tmux('send-keys', '-t', session, 'q');
      await screenUntil(session, 'exit', (s) => s.includes('EXIT=0'));
    } finally {
      try {
        tmux('kill-session', '-t', session);
      } catch {
        /* already gone */
      }
      // Waited for, so the demo has removed its world before the test's temp folder goes.
      if (demo.exitCode === null && demo.signalCode === null) {
        const exited = new Promise((r) => demo.once('exit', r));
        demo.kill('SIGTERM');
        await exited;
      }
    }
  }, 60_000);
});
