// A restore once its job runs (restore.ts), in the test process over the real backup service and
// store on a copy of a real world, with a game the test drives through the restorer's game port.
// Each way the job can end is checked by what a host sees of it: the job's state and words, the
// audit row (the step it failed at, its reason), the log, the backups made, the world on disk.
// The kill tests (backup-crash, restore-kill-steps) run their restores in children; these rules
// are checked here too, where a mutation run's planted bug reaches them (issue 26).
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupRig } from '../helpers/backup-rig.js';
import { createGameControl, type GameControl, type GameSign } from '../../src/game/game-control.js';
import { GameUnreachableError } from '../../src/game/errors.js';
import type { RestoreJob } from '../../src/backups/types.js';

type Logged = { level: string; msg: string; err?: unknown }[];

/** The game as the restorer sees it: `running` answers in turn (the last answer repeats), `stop`
 * stops it (or fails as set), `probe` gives the signs set and first calls `onProbe(n)`. */
function gameDriver() {
  const d = {
    answers: [false],
    stops: 0,
    stopFails: null as Error | null,
    signs: [] as GameSign[],
    probes: 0,
    onProbe: (n: number): void => void n,
  };
  const running = () => (d.answers.length > 1 ? d.answers.shift()! : d.answers[0]);
  const port: GameControl = {
    running,
    stop: () => {
      d.stops++;
      if (d.stopFails) return Promise.reject(d.stopFails);
      d.answers = [false];
      return Promise.resolve();
    },
    probe: () => {
      d.probes++;
      d.onProbe(d.probes);
      return Promise.resolve(d.signs);
    },
  };
  return { d, port };
}

/** A world with a backup of it, the world changed since; a restorer with the driven game. */
async function setUp(o: { game?: GameControl; settleMs?: number; parseNow?: () => Promise<unknown> } = {}) {
  const logged: Logged = [];
  const driver = gameDriver();
  const parses: number[] = [];
  const r = await backupRig({
    log: (level, msg, err) => void logged.push({ level, msg, err }),
    restorer: {
      game: o.game ?? driver.port,
      settleMs: o.settleMs ?? 0,
      ingest: {
        parseNow: () => {
          parses.push(1);
          return o.parseNow?.() ?? Promise.resolve();
        },
      },
    },
  });
  const id = await r.backup();
  const level = join(r.saveDir, 'Level.sav');
  appendFileSync(level, 'changed since the backup');
  const audit = () => r.store.audit.list({ action: 'backup.restore', limit: 1 }).data[0];
  const triggers = async () => (await r.svc.list()).map((b) => b.trigger).sort();
  /** Starts the restore and waits for its job to end. */
  const restore = async (shutdown = false): Promise<RestoreJob> => {
    await r.restorer.restore(id, { confirm: 'RESTORE', shutdown }, 'user:ann');
    await r.restorer.idle();
    return r.restorer.job(id)!;
  };
  const failures = () => logged.filter((l) => l.level === 'warn' && l.msg === `restore of ${id} failed`);
  return { ...r, id, level, logged, parses, audit, triggers, restore, failures, game: driver.d };
}

const ANSWERS_AGAIN = 'The game server answers again: stop it first (or ask for "shutdown": true), then restore.';

describe('a restore job that runs to its end', () => {
  it('stops a running game when asked, swaps, audits and logs the pre-restore backup, and re-parses', async () => {
    const s = await setUp();
    const now = readFileSync(s.level);
    s.game.answers = [true];
    const started = await s.restorer.restore(s.id, { confirm: 'RESTORE', shutdown: true }, 'user:ann');
    expect(started.state).toBe('running');
    // While it runs, a backup waits for it, in words.
    expect(() => s.svc.start('manual', 'cli')).toThrow('A restore is running now; a backup can be made when it has finished.');
    await s.restorer.idle();
    const job = s.restorer.job(s.id)!;
    expect(job).toMatchObject({ state: 'done', step: 're-parsing', error: null });
    expect(s.game.stops).toBe(1);
    const pre = job.result!.preRestoreBackup;
    expect(await s.triggers()).toEqual(['manual', 'pre-restore']);
    expect(readFileSync(s.level)).not.toEqual(now);
    expect(s.audit()).toMatchObject({ actor: 'user:ann', target: s.id, outcome: 'ok', reason: null, detail: `pre-restore backup ${pre}` });
    expect(s.logged).toContainEqual({
      level: 'info',
      msg: `restore: ${basename(s.saveDir)} now holds backup ${s.id}; the world before it is backup ${pre}`,
      err: undefined,
    });
    expect(s.failures()).toEqual([]);
    expect(s.parses).toHaveLength(1);
  });

  it('a re-parse that fails is logged; the restore is still done', async () => {
    const s = await setUp({ parseNow: () => Promise.reject(new Error('the parse worker died')) });
    const job = await s.restore();
    expect(job.state).toBe('done');
    expect(s.logged.filter((l) => l.msg === 'restore: the re-parse failed').map((l) => [l.level, (l.err as Error).message])).toEqual([
      ['warn', 'the parse worker died'],
    ]);
  });
});

describe('a restore job that stops, in words, at the step it reached', () => {
  /** What every refusal of the game shares: no swap, no failure logged as an error, the reason. */
  function refusedForTheGame(s: Awaited<ReturnType<typeof setUp>>, job: RestoreJob, step: string, words: string) {
    expect(job).toMatchObject({ state: 'failed', step, error: words, result: null });
    expect(s.audit()).toMatchObject({ outcome: 'refused', reason: 'game_running', detail: `failed at ${step}: ${words}` });
    // A refusal is the host's to act on, not palpanel's failure: nothing in the log as one.
    expect(s.failures()).toEqual([]);
    expect(readFileSync(s.level).toString('latin1').endsWith('changed since the backup')).toBe(true);
  }

  it('the game answering again once the job runs, shutdown not asked: refused, never stopped', async () => {
    const s = await setUp();
    s.game.answers = [false, true];
    refusedForTheGame(s, await s.restore(false), 'reading-backup', ANSWERS_AGAIN);
    expect(s.game.stops).toBe(0);
    expect(await s.triggers()).toEqual(['manual']);
  });

  it('the game answering again with shutdown asked but no way to stop it: refused', async () => {
    const { d, port } = gameDriver();
    const s = await setUp({ game: { running: () => port.running(), probe: () => port.probe!() } });
    d.answers = [false, true];
    refusedForTheGame(s, await s.restore(true), 'reading-backup', ANSWERS_AGAIN);
  });

  it('a game that does not stop: refused in the stop’s own words, nothing changed', async () => {
    // The real stop (game-control.ts) against a game that takes the shutdown and keeps
    // answering, with a clock that runs ten seconds a look.
    let t = Date.parse('2026-11-27T20:00:00Z');
    const shutdowns: string[] = [];
    const game = createGameControl({
      client: {
        shutdown: (_s: number, msg: string) => (shutdowns.push(msg), Promise.resolve()),
        info: () => Promise.resolve({ version: 'v0.6', servername: 'x', description: '', worldguid: 'w' }),
      } as unknown as Parameters<typeof createGameControl>[0]['client'],
      reachable: () => true,
      clock: () => new Date((t += 10_000)),
      pollMs: 1,
      deadlineMs: 30_000,
    });
    const s = await setUp({ game });
    const words =
      'The game server was not stopped: The game server was asked to stop but still answers after 0.5 minutes. Nothing was changed.';
    refusedForTheGame(s, await s.restore(true), 'stopping-game', words);
    expect(shutdowns).toEqual(['The server stops now for a restore.']);
    expect(await s.triggers()).toEqual(['manual']);
  });

  it('a stop that fails says why in words a host can read, never the error’s own text', async () => {
    const fsError = Object.assign(new Error("EACCES: permission denied, open '/srv/palworld/secret'"), { code: 'EACCES' });
    for (const [err, why] of [
      [new GameUnreachableError('timeout', 'timed out after 3000 ms at 10.0.0.5:8212'), 'the game server did not answer in time'],
      [fsError, 'a file operation failed: permission denied'],
      [new Error('connect ECONNRESET 10.0.0.5:8212'), 'the restore failed (the log has the details)'],
    ] as const) {
      const s = await setUp();
      s.game.answers = [true];
      s.game.stopFails = err;
      const job = await s.restore(true);
      refusedForTheGame(s, job, 'stopping-game', `The game server was not stopped: ${why}. Nothing was changed.`);
    }
  });

  it('a door of the game still open before the swap: refused, naming what answers', async () => {
    const s = await setUp();
    s.game.signs = [
      { via: 'rest', state: 'stopped', words: "the game's REST API refuses connections" },
      { via: 'rcon', state: 'running', words: 'the RCON port accepts connections' },
      { via: 'rest', state: 'unknown', words: "the game's REST API did not answer in time" },
    ];
    const words =
      "The game server may still be running: the RCON port accepts connections; the game's REST API did not answer in time. Stop it, then restore.";
    refusedForTheGame(s, await s.restore(), 'checking-game', words);
    expect(await s.triggers()).toEqual(['manual']);
  });

  it('save files written while it looks: refused, saying how long it looked', async () => {
    const s = await setUp({ settleMs: 1_000 });
    // The game writing its save from the first look on, as an autosave does over about a second
    // (every 50 ms: some write lands between the two looks however slow the machine).
    let writing: NodeJS.Timeout | undefined;
    s.game.onProbe = () => void (writing = setInterval(() => appendFileSync(s.level, '!'), 50));
    const words = 'The save files are still being written (they changed within 1 s): the game may still be running. Stop it, then restore.';
    const job = await s.restore();
    clearInterval(writing);
    expect(job).toMatchObject({ state: 'failed', step: 'checking-game', error: words });
    expect(s.audit()).toMatchObject({ outcome: 'refused', reason: 'game_running', detail: `failed at checking-game: ${words}` });
  });

  it('save files changed while the world in place was backed up: refused after the pre-restore backup', async () => {
    const s = await setUp();
    s.game.onProbe = (n) => void (n === 2 && appendFileSync(s.level, 'autosaved meanwhile'));
    const words =
      'The save files changed while the world in place was being backed up: the game may still be running. Stop it, then restore.';
    await s.restore();
    expect(s.game.probes).toBe(2);
    expect(s.restorer.job(s.id)).toMatchObject({ state: 'failed', step: 'checking-game', error: words });
    expect(s.audit()).toMatchObject({ outcome: 'refused', reason: 'game_running', detail: `failed at checking-game: ${words}` });
    expect(await s.triggers()).toEqual(['manual', 'pre-restore']);
    expect(readFileSync(s.level).toString('latin1').endsWith('autosaved meanwhile')).toBe(true);
  });

  it('a pre-restore backup that fails: the job fails at that step, logged and audited as a failure', async () => {
    const s = await setUp();
    s.game.onProbe = () => rmSync(s.level);
    const job = await s.restore();
    const words = 'The save folder has no Level.sav to back up.';
    expect(job).toMatchObject({ state: 'failed', step: 'pre-restore-backup', error: words });
    expect(s.audit()).toMatchObject({ outcome: 'refused', reason: 'backup_failed', detail: `failed at pre-restore-backup: ${words}` });
    expect(s.failures()).toHaveLength(1);
    expect(await s.triggers()).toEqual(['manual']);
  });

  it('an archive damaged since it was listed: fails reading it, in the backup service’s words, logged', async () => {
    const s = await setUp();
    const { path } = await s.ports.pathOf(s.id);
    const bytes = readFileSync(path);
    bytes[bytes.length - 40] ^= 0x10;
    writeFileSync(path, bytes);
    const job = await s.restore();
    expect(job).toMatchObject({ state: 'failed', step: 'reading-backup' });
    expect(job.error).toMatch(new RegExp(`^Backup ${s.id} cannot be used: \\S+ does not match its checksum in the manifest\\.$`));
    expect(s.audit()).toMatchObject({ outcome: 'refused', reason: 'backup_failed', detail: `failed at reading-backup: ${job.error}` });
    expect(s.failures()).toHaveLength(1);
    expect(await s.triggers()).toEqual(['manual']);
  });

  it('a swap the save folder refuses: the world in place is left, the pre-restore backup named, logged once', async () => {
    const s = await setUp();
    // A folder where the backup puts a player's file: the swap cannot rename onto it.
    const [player] = (await s.ports.contents(s.id)).files.map((f) => f.path).filter((p) => p.startsWith('Players/'));
    rmSync(join(s.saveDir, player));
    mkdirSync(join(s.saveDir, player));
    writeFileSync(join(s.saveDir, player, 'keep'), 'mine');
    const job = await s.restore();
    const pre = (await s.svc.list()).find((b) => b.trigger === 'pre-restore')!.id;
    const words = `The save folder could not be changed: it is a folder; the world in place was left as it was (the pre-restore backup is ${pre}). palpanel needs write access to the world folder and its Players folder.`;
    expect(job).toMatchObject({ state: 'failed', step: 'swapping', error: words });
    expect(s.audit()).toMatchObject({ outcome: 'refused', reason: 'backup_failed', detail: `failed at swapping: ${words}` });
    expect(s.failures()).toHaveLength(1);
    expect(readFileSync(join(s.saveDir, player, 'keep'), 'utf8')).toBe('mine');
    expect(readFileSync(s.level).toString('latin1').endsWith('changed since the backup')).toBe(true);
  });
});

describe('what a restorer keeps and refuses around its jobs', () => {
  it('refusing a running game is audited with its reason', async () => {
    const s = await setUp();
    s.game.answers = [true];
    await expect(s.restorer.restore(s.id, { confirm: 'RESTORE', shutdown: false }, 'user:ann')).rejects.toThrow(
      'The game server is running: stop it first (or ask for "shutdown": true), then restore.',
    );
    expect(s.audit()).toMatchObject({ outcome: 'refused', reason: 'game_running', detail: 'the game server was running', target: s.id });
  });

  it('keeps the newest restore of the last 20 backups restored; restoring one again makes it the newest', async () => {
    const s = await setUp();
    const ids = [s.id];
    for (let i = 0; i < 20; i++) ids.push(await s.backup());
    // Each job ends at once: the game answers again (refused before anything is touched).
    const restore = async (id: string) => {
      s.game.answers = [false, true];
      await s.restorer.restore(id, { confirm: 'RESTORE', shutdown: false }, 'cli');
      await s.restorer.idle();
    };
    for (const id of ids.slice(0, 20)) await restore(id);
    await restore(ids[0]);
    await restore(ids[20]);
    const kept = ids.filter((id) => s.restorer.job(id) !== null);
    expect(kept).toEqual([ids[0], ...ids.slice(2)]);
  });

  it('a dry run against a world folder without its Level.sav lists every file of the backup as added', async () => {
    const s = await setUp();
    rmSync(s.saveDir, { recursive: true });
    mkdirSync(s.saveDir);
    const files = (await s.ports.contents(s.id)).files.map((f) => f.path).sort();
    expect((await s.restorer.dryRun(s.id)).files).toEqual({ added: files, removed: [], changed: [], kept: [] });
  });

  it('a dry run against a world whose save files cannot be read lists the backup’s files as added, and keeps what it cannot read', async () => {
    const s = await setUp();
    // A folder where Level.sav should be: the world in place cannot be read as a save.
    rmSync(s.level);
    mkdirSync(s.level);
    const files = (await s.ports.contents(s.id)).files.map((f) => f.path).sort();
    expect((await s.restorer.dryRun(s.id)).files).toEqual({ added: files, removed: [], changed: [], kept: ['Level.sav/'] });
  });
});
