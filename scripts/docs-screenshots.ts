// The screenshots in docs/screenshots/ (`npm run docs:screenshots`): the panel on a phone over
// the real 1.0 world of ../shared/fixtures/saves/v1.0-relics (2,150 pals, 17 players, 10 guilds),
// parsed into a real store behind the panel's real handler and this checkout's web UI, in
// Debian's chromium. The world has no history of its own, so a fortnight of players online and
// of sessions is recorded for its players first (with the game down for two hours one evening):
// the activity view has something to draw. No game runs: the live parts say the game is down.
// An admin then sets up two-factor sign-in for the account page's, enrolment's and code step's shots.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConfigEditor } from '../src/actions/config-editor.js';
import { createConsole } from '../src/actions/console.js';
import { crashMessage, returnMessage } from '../src/poller/crash-watch.js';
import { startSimGameServer } from '../src/demo/sim/index.js';
import { parseHostPort } from '../src/config/setting-values.js';
import { defaultIni } from '../src/game-config/config-file.js';
import { parseWorld } from '../src/save/index.js';
import { openStore, type Store } from '../src/store/index.js';
import { ROOT } from '../test/helpers/paths.js';
import { loadWorld } from '../test/save/fixtures.js';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../test/web/browser.js';
import { buildWebUi, servePanel } from '../test/web/in-process-panel.js';
import { GameLog } from '../src/ingest/game-log/game-log.js';
import { masker } from '../src/ingest/game-log/log-line.js';
import type { ResourceSample } from '../src/domain/resources.js';
import { languageShots, languagesAsked } from './docs-screenshots-languages.js';

const OUT = join(ROOT, 'docs', 'screenshots');
const PHONE = { width: 390, height: 844 };
const VIEWER = { username: 'viewer', password: 'screenshots-viewer-1' };
const HOST = { username: 'host', password: 'screenshots-host-1' };
const ADMIN = { username: 'admin', password: 'screenshots-admin-1' };

/** The game log as `journalctl -u palworld -f -o cat` gives it: the lines a server writes around
 * an autosave and a join, fed as the command follower feeds them (the script runs no game). */
function sampleGameLog(now: number): GameLog {
  let t = now - 40_000;
  const g = new GameLog('command', 'journalctl', masker(['hunter22']), () => new Date((t += 1_500)));
  g.events.state('following', null);
  for (const line of [
    '[2026.11.28-03.59.58:120][  0]LogInit: Display: Running engine for game: Pal',
    '[2026.11.28-03.59.59:004][  0]LogNet: GameNetDriver IpNetDriver listening on port 8211',
    'Setting breakpad minidump AppID = 2394010',
    '[2026.11.28-04.00.00:500][ 12]LogPal: Warning: autosave took 2.4 s (world 37 MB)',
    '[2026.11.28-04.00.01:000][ 13]LogPal: Error: RCON login refused, AdminPassword=hunter22',
    '[04:00:02][info] PalDefender: steam_76561198000000002 (Lyra) joined',
    '[04:00:03][warning] PalDefender: Lyra used /give with an unknown item id',
    '[04:00:04][info] PalDefender: Lyra captured a Lamball (lv 12)',
    '[2026.11.28-04.00.30:000][ 40]LogPal: Display: autosave done',
  ])
    g.events.line(line);
  return g;
}
/** An hour of the machine and the game process every 10 s (the game's memory creeping up, a
 * crash at 40 minutes ago with five minutes unseen, then a fresh process), two crashes with
 * their log tails, and two versions: the resources card and the crashes screen have something
 * to draw. Returns the latest sample, as the sampler would hold it. */
function recordOperation(store: Awaited<ReturnType<typeof openStore>>, now: number): ResourceSample {
  const GIB = 1024 ** 3;
  let last: ResourceSample | null = null;
  const crashAt = now - 40 * 60_000;
  for (let t = now - 60 * 60_000; t <= now; t += 10_000) {
    const unseen = t >= crashAt && t < crashAt + 5 * 60_000;
    const since = t < crashAt ? t - (now - 6 * 3_600_000) : t - (crashAt + 5 * 60_000);
    const rss = (4.2 + (since / 3_600_000) * 0.35 + Math.sin(t / 300_000) * 0.05) * GIB;
    last = {
      at: new Date(t).toISOString(),
      host: {
        cpuPercent: unseen ? 6 : 38 + Math.sin(t / 200_000) * 8,
        cores: 4,
        memTotalBytes: 16 * GIB,
        memAvailableBytes: 16 * GIB - (unseen ? 1.1 * GIB : rss + 1.1 * GIB),
        swapTotalBytes: 2 * GIB,
        swapFreeBytes: 1.8 * GIB,
        load1: unseen ? 0.3 : 1.6 + Math.sin(t / 400_000) * 0.4,
        load5: 1.5,
        load15: 1.4,
        saveDiskFreeBytes: 182 * GIB,
        saveDiskTotalBytes: 250 * GIB,
        backupDiskFreeBytes: 182 * GIB,
        backupDiskTotalBytes: 250 * GIB,
      },
      game: unseen
        ? null
        : {
            pid: 4242,
            cpuSeconds: since / 1000,
            cpuPercent: 140 + Math.sin(t / 150_000) * 30,
            rssBytes: rss,
            threads: 64,
            startedAtMs: t - since,
          },
      gameHidden: unseen ? 'not visible: no process named PalServer-Linux-Shipping that palpanel can read' : null,
    };
    store.resources.record(last);
  }
  const tail = [
    '[2026.11.28-03.12.40:118][612]LogPal: Display: Lyra joined the server. (User id: steam_76561198000000002)',
    '[2026.11.28-03.14.02:530][710]LogPal: Warning: autosave took 3.1 s (world 41 MB)',
    '[2026.11.28-03.14.51:002][733]LogMemory: Warning: Memory in use grew to 6310 MB',
    '[2026.11.28-03.15.07:771][741]LogCore: Error: appError called: Fatal error: [File:Unknown] [Line: 0]',
    '[2026.11.28-03.15.07:771][741]LogCore: Error: Unhandled Exception: SIGSEGV: invalid attempt to read memory at address 0x0000000000000000',
    '[2026.11.28-03.15.07:772][741]LogExit: Error: Crash in runnable thread PalServerThread',
  ];
  const crash = (at: number, back: number, cause: 'process_gone' | 'unreachable', uptimeSec: number, rssBytes: number | null) => {
    // The watcher's own words (message ids and params): each language's shot says them in its words.
    store.gameRecord.addCrash(
      { at: new Date(at).toISOString(), cause, uptimeSec, rssBytes, logTail: tail },
      crashMessage({ cause, uptimeSec, rssBytes }),
    );
    store.gameRecord.returned(new Date(back).toISOString(), returnMessage);
  };
  crash(now - 2 * DAY - 3 * HOUR, now - 2 * DAY - 3 * HOUR + 95_000, 'unreachable', 51_300, null);
  crash(crashAt, crashAt + 5 * 60_000 + 20_000, 'process_gone', 19_850, 6.3 * GIB);
  store.gameRecord.versionSeen('v0.6.8.86212', new Date(now - 12 * DAY).toISOString());
  store.gameRecord.versionStillSeen('v0.6.8.86212', new Date(now - 3 * DAY).toISOString());
  store.gameRecord.versionSeen('v1.0.3.101283', new Date(now - 2 * DAY).toISOString());
  store.gameRecord.versionSeen('v1.0.3.101283', new Date(now - 30 * MIN).toISOString());
  return last!;
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

async function main(): Promise<void> {
  const tmp = mkdtempSync(join(tmpdir(), 'palpanel-docs-'));
  try {
    const web = buildWebUi(join(tmp, 'web'));
    const now = Date.now();
    const store = await openStore(join(tmp, 'data'), () => new Date(now));
    const world = await parseWorld(loadWorld('v1.0-relics'));
    store.world.replace(world, new Date(now - 20 * MIN).toISOString());
    store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
    store.users.add(HOST.username, 'admin', HOST.password, 'cli');
    store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    // A 1.0 settings file with the game's defaults (two values changed), for the settings editor.
    const ini = join(tmp, 'PalWorldSettings.ini');
    writeFileSync(ini, defaultIni({ ServerName: 'Relics of the Sakurajima Coast', ExpRate: '1.500000', PalCaptureRate: '1.200000' }));

    // A fortnight: evenings busier than mornings, weekends busier still, the game down 19:00 to
    // 21:00 three days ago. Each player plays one to three sessions a day at their own hours.
    const ids = world.players.map((p) => p.uid.replace(/-/g, '').toUpperCase());
    const online = (t: number): string[] => {
      const d = new Date(t);
      const day = Math.floor(t / DAY);
      return ids.filter((_, i) => {
        const start = (i * 5 + day * 3) % 24;
        const len = 1 + ((i + day) % 3) + (d.getUTCDay() % 6 === 0 ? 2 : 0);
        const h = d.getUTCHours();
        return (h - start + 24) % 24 < len;
      });
    };
    const downFrom = now - 3 * DAY - ((now % DAY) - 19 * HOUR);
    const step = 5 * MIN;
    let was: string[] = [];
    for (let t = now - 14 * DAY; t <= now; t += step) {
      const at = new Date(t);
      if (t >= downFrom && t < downFrom + 2 * HOUR) {
        for (const id of was) store.history.left(id, at);
        was = [];
        continue;
      }
      const on = online(t);
      for (const id of was) if (!on.includes(id)) store.history.left(id, at);
      store.history.observe(
        on.map((playerId) => ({ playerId })),
        at,
      );
      store.metrics.record({ players: on.length, fps: 58 + (t % 3), frameTimeMs: 17, uptimeSec: 3600 }, at);
      was = on;
    }
    store.history.flushLastSeen();

    // The console's RCON is the simulated game's (no game otherwise: the live parts say it is down).
    const sim = await startSimGameServer({ churnPeriodMs: 0 });
    const rcon = createConsole(store, { addr: parseHostPort(sim.rconAddr)!, password: sim.password });
    const latest = recordOperation(store, now);
    const { url, server } = await servePanel(store, web, 60, {
      config: createConfigEditor(store, ini),
      console: rcon,
      gameLog: sampleGameLog(now),
      operate: { resources: { latest: () => latest }, starter: null, downBoundMs: 5 * MIN },
    });
    const browser = await launchChromium();
    mkdirSync(OUT, { recursive: true });
    try {
      const languages = languagesAsked(process.argv.slice(2));
      if (languages) return await languageShots(browser, url, VIEWER, world.players[0].uid, languages, OUT);
      const context = await browser.newContext({ viewport: PHONE, colorScheme: 'dark', deviceScaleFactor: 2 });
      const page = await context.newPage();
      await page.goto(url + '/');
      await page.getByLabel('Username').fill(VIEWER.username);
      await page.getByLabel('Password').fill(VIEWER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

      // A player with a save file of their own (their Paldeck is recorded) and the biggest guild.
      const withFile = world.players.find((p) => p.paldeckUnlocked !== undefined) ?? world.players[0];
      const guild = [...world.guilds].sort((a, b) => b.members.length - a.members.length)[0];
      const shots: [name: string, path: string, ready: string][] = [
        ['pal-explorer', '/pals', '.pal-count'],
        ['player-paldeck', `/players/${withFile.uid}`, 'main h1'],
        ['guild-page', `/guilds/${guild.id}`, 'main h1'],
        ['activity', '/activity', 'main svg'],
        ['map', '/map', 'main svg'],
      ];
      for (const [name, path, ready] of shots) {
        await page.goto(url + path);
        await page.locator(ready).first().waitFor();
        await page.waitForLoadState('networkidle');
        // The Paldeck unfolded, at the top of the screen.
        if (name === 'player-paldeck') {
          await page.locator('summary', { hasText: 'Paldeck' }).click();
          await page.locator('.paldeck-grid').waitFor();
          // (A string: the script's own types have no DOM.)
          await page.evaluate(
            "[...document.querySelectorAll('summary h2')].find((e) => e.textContent === 'Paldeck')?.scrollIntoView({ block: 'start' }); window.scrollBy(0, -70);",
          );
        }
        await page.screenshot({ path: join(OUT, `phone-${name}.png`), fullPage: name === 'activity' });
        console.log(`docs/screenshots/phone-${name}.png`);
      }
      await context.close();
      // The busiest player: the most pals of the world (363) and a recorded Paldeck.
      const owned = (uid: string) => world.pals.filter((x) => x.ownerUid === uid).length;
      const busiest = [...world.players].sort((a, b) => owned(b.uid) - owned(a.uid))[0];
      await adminShots(browser, url, busiest.uid);
      await auditShot(browser, url, store, world.players.slice(0, 3));
      await accountShots(browser, url);
      // The game log is an admin's screen.
      const asAdmin = await (await browser.newContext({ viewport: PHONE, colorScheme: 'dark', deviceScaleFactor: 2 })).newPage();
      await asAdmin.goto(url + '/');
      await asAdmin.getByLabel('Username').fill(ADMIN.username);
      await asAdmin.getByLabel('Password').fill(ADMIN.password);
      await asAdmin.getByRole('button', { name: 'Sign in' }).click();
      await asAdmin.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await asAdmin.goto(url + '/game-log');
      await asAdmin.locator('.gamelog-line').last().waitFor();
      await asAdmin.screenshot({ path: join(OUT, 'phone-game-log.png') });
      console.log('docs/screenshots/phone-game-log.png');
      // The resources card on the dashboard, and the crashes screen.
      await asAdmin.goto(url + '/');
      await asAdmin.getByRole('heading', { name: 'Machine and game process' }).waitFor();
      await asAdmin.locator('figure.chart').nth(3).waitFor();
      await asAdmin.evaluate(
        "[...document.querySelectorAll('h2')].find((e) => e.textContent === 'Machine and game process')?.scrollIntoView({ block: 'start' }); window.scrollBy(0, -70);",
      );
      await asAdmin.screenshot({ path: join(OUT, 'phone-resources.png') });
      console.log('docs/screenshots/phone-resources.png');
      await asAdmin.goto(url + '/crashes');
      await asAdmin.locator('.crash-list li').first().waitFor();
      await asAdmin
        .locator('.crash-list details')
        .first()
        .evaluate((e) => ((e as unknown as { open: boolean }).open = true));
      await asAdmin.screenshot({ path: join(OUT, 'phone-crashes.png'), fullPage: true });
      console.log('docs/screenshots/phone-crashes.png');
    } finally {
      await browser.close();
      await server.close(5_000);
      await rcon.close();
      await sim.close();
      store.close();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The account page, two-factor enrolment and the sign-in's code step (issue 43), as an admin
 * who sets it up: the code that turns it on comes from oathtool, as in the tests. */
async function accountShots(browser: Browser, url: string): Promise<void> {
  const shot = async (page: Page, name: string) => {
    await page.screenshot({ path: join(OUT, `phone-${name}.png`), fullPage: true });
    console.log(`docs/screenshots/phone-${name}.png`);
  };
  const context = await browser.newContext({ viewport: PHONE, colorScheme: 'dark', deviceScaleFactor: 2 });
  const page = await context.newPage();
  const signIn = async () => {
    await page.goto(url + '/');
    await page.getByLabel('Username').fill(HOST.username);
    await page.getByLabel('Password').fill(HOST.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  // A second session, from a phone, for the sessions list to have one to end.
  await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: {
      origin: url,
      'content-type': 'application/json',
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    },
    body: JSON.stringify(HOST),
  });
  await signIn();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  await page.goto(url + '/account');
  await page.getByRole('heading', { name: 'Your sessions' }).waitFor();
  await shot(page, 'account');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await page.locator('svg.qr').waitFor();
  await shot(page, '2fa-enrol');
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  await page.getByLabel('Code from the app').fill(execFileSync('oathtool', ['--totp', '-b', secret], { encoding: 'utf8' }).trim());
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await context.clearCookies();
  await signIn();
  await page.getByLabel('Code').waitFor();
  await shot(page, '2fa-code');
  await context.close();
}

/** The player page as it opens (its sections folded, with their counts), the settings editor
 * with its groups and the Rates unfolded, and the console, on a phone in light and dark. */
async function adminShots(browser: Browser, url: string, uid: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: PHONE, colorScheme: scheme, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto(url + '/');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const shot = async (name: string) => {
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: join(OUT, `phone-${name}-${scheme}.png`) });
      console.log(`docs/screenshots/phone-${name}-${scheme}.png`);
    };
    await page.goto(`${url}/players/${uid}`);
    await page.locator('summary', { hasText: 'Pals' }).waitFor();
    await shot('player');
    await page.goto(url + '/config');
    await page.locator('summary', { hasText: 'Rates' }).click();
    await page.locator('.setting').first().waitFor();
    await page.evaluate("document.querySelector('.setting-search').scrollIntoView({ block: 'start' }); window.scrollBy(0, -60);");
    await shot('settings');
    await page.goto(url + '/console');
    const command = page.getByLabel('Command', { exact: true });
    if (scheme === 'light') {
      // Two commands run and one kept under a name: the log and the saved list have something.
      for (const c of ['Info', 'ShowPlayers']) {
        await command.fill(c);
        await page.getByRole('button', { name: 'Run', exact: true }).click();
        await page.locator('.console-log li', { hasText: c }).first().waitFor();
      }
      await page.getByLabel('Name to save this command under').fill('Who is on');
      await page.getByRole('button', { name: 'Save command' }).click();
      await page.getByRole('button', { name: 'Run “Who is on”' }).waitFor();
      await command.fill('');
      await command.blur();
    }
    await command.waitFor();
    await shot('console');
    await context.close();
  }
}

/** A host's week in the audit log (a kick, a ban, the whitelist, a task and its run, sign-ins),
 * read with names on a phone (issue 38), in light and dark. */
async function auditShot(browser: Browser, url: string, store: Store, players: { uid: string; name: string }[]): Promise<void> {
  const key = (uid: string) => uid.replace(/-/g, '').toUpperCase();
  const [a, b, c] = players;
  const admin = `user:${ADMIN.username}` as const;
  store.audit.note({ actor: admin, action: 'player.kick', target: key(a.uid), targetName: a.name, detail: 'steam_76561190000000001: AFK' });
  store.audit.note({
    actor: admin,
    action: 'player.ban',
    target: key(b.uid),
    targetName: b.name,
    detail: 'steam_76561190000000002: griefing',
  });
  store.audit.note({ actor: admin, action: 'whitelist.add', target: 'steam_76561190000000003', targetName: c.name, detail: c.name });
  const task = store.tasks.add(
    { name: 'Nightly restart', enabled: true, schedule: { every: 'day', at: '04:00' }, action: { kind: 'save' } },
    admin,
  );
  store.tasks.recordRun(task.id, new Date().toISOString(), 'skipped', `cancelled by ${ADMIN.username}`);
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: PHONE, colorScheme: scheme, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto(url + '/');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(url + '/settings');
    await page.locator('caption', { hasText: 'Audit log' }).waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    // The card from its heading, below the sticky top bar. (A string: no DOM types here.)
    await page.evaluate(
      "[...document.querySelectorAll('h2')].find((e) => e.textContent === 'Audit log')?.scrollIntoView({ block: 'start' }); window.scrollBy(0, -70);",
    );
    await page.screenshot({ path: join(OUT, `phone-audit-${scheme}.png`) });
    console.log(`docs/screenshots/phone-audit-${scheme}.png`);
    await context.close();
  }
}

void main();
