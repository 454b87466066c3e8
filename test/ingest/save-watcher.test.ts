// The save watcher with the real parse worker and a real store on a temp dir.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../src/store/sqljs.js';
import { createLogger } from '../../src/lib/logger.js';
import { parseForStoreInWorker } from '../../src/ingest/parse-worker-host.js';
import { SaveWatcher } from '../../src/ingest/save-watcher.js';
import { stampOf } from '../../src/ingest/save-files.js';
import type { StoreParseResult } from '../../src/ingest/parse-job.js';
import { applyParse } from '../../src/ingest/world-apply.js';
import { DRIFT_DETECTED } from '../../src/domain/event-texts.js';
import { openStore, type Store } from '../../src/store/index.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';

const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

async function setup(fixture: string) {
  const saveDir = tempDir('palpanel-save-');
  cpSync(join(FIXTURES, fixture), saveDir, { recursive: true });
  const store = await openStore(tempDir());
  stores.push(store);
  const logs: string[] = [];
  const log = createLogger('text', (l) => logs.push(l));
  // The wall clock the watcher compares file mtimes with, moved by the test.
  const clock = { ms: Date.now() };
  const watcher = new SaveWatcher({
    world: saveDir,
    intervalMs: 1000,
    parse: (dir) => parseForStoreInWorker({ target: dir }),
    apply: (out: StoreParseResult) => applyParse(store, out, log),
    log,
    fileNow: () => clock.ms,
    notify: false,
  });
  return { saveDir, store, watcher, logs, clock };
}

/** Writes bytes and gives the file a distinct mtime, as a real rewrite would. */
function rewrite(path: string, bytes: Uint8Array, mtimeSec: number): void {
  writeFileSync(path, bytes);
  utimesSync(path, mtimeSec, mtimeSec);
}

/** The same world database with its parse_info drift flag set as given. */
function withDrift(bytes: Uint8Array, drift: boolean): Uint8Array {
  const db = new SQL!.Database(bytes);
  db.run('UPDATE parse_info SET format_drift = ?', [drift ? 1 : 0]);
  const out = db.export();
  db.close();
  return out;
}

let SQL: SqlJsStatic | undefined;
beforeAll(async () => {
  SQL = await loadSqlJs();
});

describe('save watcher', () => {
  it('parses once Level.sav has been quiet for 2 s, once per version', async () => {
    const { saveDir, store, watcher, clock } = await setup('v0.1-coop');
    const written = Date.now() / 1000;
    utimesSync(join(saveDir, 'Level.sav'), written, written);
    clock.ms = written * 1000 + 500;
    expect(await watcher.check()).toBe('waiting');
    expect(store.world.parseInfo().lastParseAt).toBeNull();
    clock.ms += 1_000;
    expect(await watcher.check()).toBe('waiting');
    clock.ms += 1_000;
    expect(await watcher.check()).toBe('parsed');
    expect(store.world.parseInfo()).toMatchObject({ players: 1, formatDrift: false });
    expect(await watcher.check()).toBe('unchanged');
  });

  it('never parses a save being rewritten, and picks up the new one once it is quiet', async () => {
    const { saveDir, store, watcher, clock } = await setup('v0.1-coop');
    clock.ms = Date.now() + 60_000;
    expect(await watcher.check()).toBe('parsed');
    const first = store.world.parseInfo().lastParseAt;
    const level = join(saveDir, 'Level.sav');
    const next = readFileSync(join(FIXTURES, 'v1.0-relics', 'Level.sav'));
    // The game writes the new save in pieces over about a second.
    const T = 2_000_000_000;
    rewrite(level, next.subarray(0, 1000), T);
    clock.ms = T * 1000 + 300;
    expect(await watcher.check()).toBe('waiting');
    rewrite(level, next.subarray(0, 500_000), T + 0.5);
    clock.ms = T * 1000 + 800;
    expect(await watcher.check()).toBe('waiting');
    rewrite(level, next, T + 1);
    clock.ms = T * 1000 + 1_500;
    expect(await watcher.check()).toBe('waiting');
    expect(store.world.parseInfo().lastParseAt).toBe(first);
    clock.ms = T * 1000 + 3_100;
    expect(await watcher.check()).toBe('parsed');
    expect(store.world.parseInfo().pals).toBe(2150);
  });

  it('the autosave cadence never keeps the world from being re-read: each check that falls after a save is complete parses it', async () => {
    // The game saves every 30 s and palpanel checks every 30 s: a check may always land while
    // the game writes, so each one sees a stamp the one before did not. The old rule (the same
    // stamp at two checks) never parsed here.
    const { saveDir, store, watcher, clock } = await setup('v0.1-coop');
    const level = join(saveDir, 'Level.sav');
    const bytes = [readFileSync(level), readFileSync(join(FIXTURES, 'v1.0-relics', 'Level.sav'))];
    const T = 2_000_000_000;
    const outcomes: string[] = [];
    const pals: number[] = [];
    for (let save = 0; save < 6; save++) {
      const at = T + save * 30;
      rewrite(level, bytes[save % 2], at);
      // A check 25 s after each save (the check and the autosave drift against each other).
      clock.ms = (at + 25) * 1000;
      outcomes.push(await watcher.check());
      pals.push(store.world.parseInfo().pals);
    }
    expect(outcomes).toEqual(Array(6).fill('parsed'));
    // The served world is each new save in turn.
    expect(pals.map((n) => n === 2150)).toEqual([false, true, false, true, false, true]);
  });

  it('a save rewritten with the same length is a new save: its stamp is size and time', async () => {
    const { saveDir, store, watcher, clock } = await setup('v0.1-coop');
    const level = join(saveDir, 'Level.sav');
    const bytes = readFileSync(level);
    rewrite(level, bytes, 2_000_000_000);
    clock.ms = 2_000_000_010_000;
    expect(await watcher.check()).toBe('parsed');
    const first = store.world.parseInfo().lastParseAt;
    // The next autosave: the same size (a world that did not grow), written later.
    rewrite(level, bytes, 2_000_000_030);
    clock.ms = 2_000_000_040_000;
    expect(await watcher.check()).toBe('parsed');
    expect(store.world.parseInfo().lastParseAt).not.toBe(first);
  });

  it('a read during which Level.sav changed is thrown away and tried again soon', async () => {
    const { saveDir, store, clock } = await setup('v0.1-coop');
    const level = join(saveDir, 'Level.sav');
    const good = readFileSync(level);
    const log = createLogger('text', () => {});
    let reads = 0;
    const watcher = new SaveWatcher({
      world: saveDir,
      intervalMs: 1000,
      // The game starts its next save during the first read.
      parse: async (dir) => {
        if (++reads === 1) rewrite(level, good, 2_000_000_050);
        return parseForStoreInWorker({ target: dir });
      },
      apply: (out: StoreParseResult) => applyParse(store, out, log),
      log,
      fileNow: () => clock.ms,
      notify: false,
    });
    rewrite(level, good, 2_000_000_000);
    clock.ms = 2_000_000_010_000;
    expect(await watcher.check()).toBe('waiting');
    expect(store.world.parseInfo().lastParseAt).toBeNull();
    clock.ms = 2_000_000_060_000;
    expect(await watcher.check()).toBe('parsed');
    expect(reads).toBe(2);
  });

  it('a corrupt save keeps the last good world served and is not re-read on every check', async () => {
    const { saveDir, store, watcher, logs, clock } = await setup('v0.1-coop');
    clock.ms = Date.now() + 60_000;
    expect(await watcher.check()).toBe('parsed');
    const good = store.world.parseInfo();
    rewrite(join(saveDir, 'Level.sav'), Buffer.from('PlZ2 this is not a save at all'), 2_000_000_100);
    clock.ms = 2_000_000_100_500;
    expect(await watcher.check()).toBe('waiting');
    clock.ms += 2_000;
    expect(await watcher.check()).toBe('failed');
    expect(await watcher.check()).toBe('unchanged');
    expect(store.world.parseInfo()).toEqual(good);
    expect(store.world.allPlayers()).toHaveLength(1);
    expect(logs.join('')).toMatch(/could not be parsed/);
  });

  it('drift events are emitted once on each transition', async () => {
    const store = await openStore(tempDir());
    stores.push(store);
    const log = createLogger('text', () => {});
    // Each swap takes the world database's bytes, so every application gets its own parse.
    const parse = async (formatDrift: boolean) => ({
      ...(await parseForStoreInWorker({ target: join(FIXTURES, 'v0.1-coop') })),
      formatDrift,
    });
    for (const drift of [false, true, true, false, false]) {
      const out = await parse(drift);
      // The flag the event follows is the one stored with the world, so build it that way.
      applyParse(store, { ...out, world: withDrift(out.world, drift) }, log);
    }
    expect(store.events.listPublic(10).map((e) => e.message)).toEqual(['world save format drift resolved', DRIFT_DETECTED]);
  });
});

describe('save watcher: what keeps a save from being parsed, said loudly and once', () => {
  it('parses at the first check when Level.sav was last written a while ago (the first parse at start-up)', async () => {
    const { saveDir, store, watcher } = await setup('v0.1-coop');
    const old = Date.now() / 1000 - 60;
    utimesSync(join(saveDir, 'Level.sav'), old, old);
    expect(await watcher.check()).toBe('parsed');
    expect(store.world.parseInfo().players).toBeGreaterThan(0);
    expect(watcher.problem()).toBeNull();
  });

  it('a folder that does not exist: the problem in words (no path), one log line naming the path', async () => {
    const { saveDir, logs } = await setup('v0.1-coop');
    const missing = join(saveDir, 'nope');
    const w = new SaveWatcher({
      world: missing,
      intervalMs: 1000,
      parse: () => Promise.reject(new Error('not called')),
      apply: () => undefined,
      log: createLogger('text', (l) => logs.push(l)),
    });
    expect(await w.check()).toBe('missing');
    expect(await w.check()).toBe('missing');
    expect(w.problem()).toBe('the save folder (SERVICE_SAVE_DIR) does not exist.');
    expect(logs.filter((l) => l.includes('does not exist'))).toEqual([expect.stringContaining(`save folder ${missing} does not exist`)]);
  });

  it('a folder above the world (Pal/Saved): the only world below it is followed, and the log says which', async () => {
    const root = tempDir('palpanel-saved-');
    const world = join(root, 'SaveGames', '0', '0123456789ABCDEF0123456789ABCDEF');
    cpSync(join(FIXTURES, 'v0.1-coop'), world, { recursive: true });
    const old = Date.now() / 1000 - 60;
    utimesSync(join(world, 'Level.sav'), old, old);
    const logs: string[] = [];
    const parsed: string[] = [];
    const w = new SaveWatcher({
      world: root,
      intervalMs: 1000,
      parse: (dir) => {
        parsed.push(dir);
        return Promise.resolve({ stamp: stampOf(join(dir, 'Level.sav'))! });
      },
      apply: () => undefined,
      log: createLogger('text', (l) => logs.push(l)),
      notify: false,
    });
    expect(await w.check()).toBe('parsed');
    expect(parsed).toEqual([world]);
    expect(w.world()).toMatchObject({ id: '0123456789ABCDEF0123456789ABCDEF', how: 'only', worlds: 1 });
    expect(logs.join('\n')).toContain(
      'following world 0123456789ABCDEF0123456789ABCDEF (SaveGames/0/0123456789ABCDEF0123456789ABCDEF below',
    );
  });

  it('Level.sav that is a named pipe is named as such', async () => {
    const { saveDir, watcher } = await setup('v0.1-coop');
    rmSync(join(saveDir, 'Level.sav'));
    expect(spawnSync('mkfifo', [join(saveDir, 'Level.sav')]).status).toBe(0);
    expect(await watcher.check()).toBe('missing');
    expect(watcher.problem()).toBe('Level.sav is a named pipe, not a save file; only regular files are read.');
  });

  it('a truncated Level.sav and a folder removed while running are reported; the last good world stays; both clear when put right', async () => {
    const { saveDir, store, watcher, logs } = await setup('v0.1-coop');
    const good = readFileSync(join(saveDir, 'Level.sav'));
    rewrite(join(saveDir, 'Level.sav'), good, 1_700_000_000);
    expect(await watcher.check()).toBe('parsed');
    const players = store.world.parseInfo().players;
    rewrite(join(saveDir, 'Level.sav'), good.subarray(0, good.length >> 1), 1_700_000_100);
    expect(await watcher.check()).toBe('failed');
    expect(await watcher.check()).toBe('unchanged');
    expect(watcher.problem()).toMatch(/zlib|truncated|could not be read|shorter|header says/);
    expect(store.world.parseInfo().players).toBe(players);
    // The whole folder goes away.
    const aside = `${saveDir}-aside`;
    renameSync(saveDir, aside);
    expect(await watcher.check()).toBe('missing');
    expect(watcher.problem()).toBe('the save folder (SERVICE_SAVE_DIR) does not exist.');
    renameSync(aside, saveDir);
    rewrite(join(saveDir, 'Level.sav'), good, 1_700_000_200);
    expect(await watcher.check()).toBe('parsed'); // written long ago: parsed at once
    expect(watcher.problem()).toBeNull();
    expect(logs.filter((l) => l.includes('readable again'))).toHaveLength(1);
  });
});
