// Issue 37, finding 4: names from the save and the game (players, guilds, pals' owners, the
// server name and version, event messages) reached the terminal raw, so a player named with an
// OSC 52 sequence set the admin's clipboard, OSC 0 retitled the pane and ESC[2J cleared the
// screen. `dash --once` (runDash, as the CLI calls it, writing to a stream that is not a
// terminal) against a real panel whose game and save hold such names: the output holds no
// control character but the line feeds, and each hostile one is shown as a visible escape.
import { PassThrough } from 'node:stream';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { runDash } from '../../src/tui/run.js';
import { terminalJson, terminalText } from '../../src/lib/terminal-text.js';
import { HOST_UID, makeWorld, onlinePlayer, playerUid } from '../helpers/fixture.js';
import { startTestPanel } from './test-panel.js';
import { renderIn, stripAnsi } from './term.js';
import { waitFor } from '../helpers/wait.js';
import { ApiClient } from '../../src/tui/api-client.js';
import { DashModel, ROUTES } from '../../src/tui/model.js';
import { Dashboard } from '../../src/tui/containers/dashboard.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const CLIPBOARD = '\x1b]52;c;cm0gLXJmIH4=\x07';
const TITLE = '\x1b]0;pwned\x07';
const CLEAR = '\x1b[2J\x1b[H';
const C1 = '\x9b31m\x9d0;t\x9c';
// Every control character but the line feed.
// eslint-disable-next-line no-control-regex -- the control characters are what this looks for
const CONTROLS = /[\x00-\x09\x0b-\x1f\x7f-\x9f]/;

/** A panel whose game and save hold the hostile names. */
async function hostilePanel() {
  const p = await startTestPanel(cleanup);
  const world = makeWorld({ players: 3, pals: 6 });
  world.players[0].name = `Eve${CLIPBOARD}`;
  world.players[1].name = `Mal${CLEAR}`;
  for (const g of world.guilds) g.name = `Guild${TITLE}`;
  for (const pl of world.players) if (pl.guildName) pl.guildName = `Guild${TITLE}`;
  p.store.world.replace(world, new Date(Date.now() - 60_000).toISOString());
  p.live.setRunning([onlinePlayer(HOST_UID, `Eve${CLIPBOARD}`), onlinePlayer(playerUid(1), `Mal${CLEAR}`)], new Date().toISOString());
  p.live.live = { ...p.live.live, info: { ...p.live.live.info!, name: `Island${TITLE}`, version: `v1${C1}` } };
  p.store.events.append({ at: new Date().toISOString(), kind: 'join', message: `Mal${CLEAR} joined the server` });
  return p;
}

describe('dash --once with hostile names from the game and the save', () => {
  it('prints no control character; each is shown as a visible escape', async () => {
    const p = await hostilePanel();

    const stdout = Object.assign(new PassThrough(), { isTTY: false, columns: 200 });
    let out = '';
    stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const errs: string[] = [];
    const code = await runDash({
      url: p.url,
      key: p.key,
      once: true,
      budget: 100,
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: process.stdin,
      err: (t) => errs.push(t),
    });
    expect(errs).toEqual([]);
    expect(code).toBe(0);
    expect(out).toContain('== Server');
    expect(out).not.toMatch(CONTROLS);
    expect(out).toContain(`Island${terminalText(TITLE)}`);
    expect(out).toContain('Island\\x1b]0;pwned\\x07');
    expect(out).toContain('v1\\u009b31m\\u009d0;t\\u009c');
    expect(out).toContain(`Mal${terminalText(CLEAR)}`);
    expect(out).toContain('Mal\\x1b[2J\\x1b[H joined the server');
  });
});

describe('the interactive dashboard with hostile names', () => {
  it('draws the names escaped: no sequence but its own colours and moves reaches the terminal', async () => {
    const p = await hostilePanel();
    const api = new ApiClient(p.url, p.key);
    cleanup.push(() => api.close());
    const model = new DashModel(api, { budget: 1000, routes: ROUTES.map((r) => ({ key: r.key, periodMs: r.periodMs / 50 })) });
    const ui = renderIn(createElement(Dashboard, { model, url: p.url, tickMs: 50, onExit: () => undefined }), 200, 60);
    cleanup.push(() => ui.app.unmount());
    await waitFor('the hostile names drawn', () => {
      const f = ui.lastFrame();
      return f.includes('Island\\x1b]0;pwned\\x07') && f.includes('Mal\\x1b[2J') ? true : undefined;
    });
    const frame = ui.lastFrame();
    for (const raw of [CLIPBOARD, TITLE, CLEAR, '\x07', '\x9b', '\x1b]']) expect(frame.includes(raw), JSON.stringify(raw)).toBe(false);
    expect(stripAnsi(frame)).not.toMatch(CONTROLS);
  });
});

describe('terminalText', () => {
  it('shows C0, DEL, C1 and ESC as escapes and keeps ordinary Unicode', () => {
    expect(terminalText('a\x1b[2Jb\x07c\x7fd\x9be\nf\tg')).toBe('a\\x1b[2Jb\\x07c\\x7fd\\u009be\\x0af\\x09g');
    expect(terminalText('Ålesund 日本 ★ α 🐉 café')).toBe('Ålesund 日本 ★ α 🐉 café');
    expect(terminalText('a\u202eb')).toBe('a\\u202eb');
    // JSON for a terminal: the same data, no raw control character.
    const value = { name: 'Eve\x1b]0;x\x07\x9b2J\x7f é', n: 1 };
    const json = terminalJson(value);
    expect(json).not.toMatch(CONTROLS);
    expect(JSON.parse(json)).toEqual(value);
  });
});
