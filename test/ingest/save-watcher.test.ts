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
import { applyParse } from '../../src/ingest/world-apply.js';
import { DRIFT_DETECTED } from '../../src/lib/event-texts.js';
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
  const watcher = new SaveWatcher({
    saveDir,
    intervalMs: 1000,
    parse: (dir) => parseForStoreInWorker({ target: dir }),
    apply: (out) => applyParse(store, out, log),
    log,
  });
  return { saveDir, store, watcher, logs };
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
  it('parses only after Level.sav stayed the same across two checks, once per version', async () => {
    const { store, watcher } = await setup('v0.1-coop');
    expect(await watcher.check()).toBe('waiting');
    expect(store.world.parseInfo().lastParseAt).toBeNull();
    expect(await watcher.check()).toBe('parsed');
    expect(store.world.parseInfo()).toMatchObject({ players: 1, formatDrift: false });
    expect(await watcher.check()).toBe('unchanged');
  });

  it('never parses a save being rewritten, and picks up the new one once it settles', async () => {
    const { saveDir, store, watcher } = await setup('v0.1-coop');
    await watcher.check();
    await watcher.check();
    const first = store.world.parseInfo().lastParseAt;
    const level = join(saveDir, 'Level.sav');
    const next = readFileSync(join(FIXTURES, 'v1.0-relics', 'Level.sav'));
    // The game writes the new save in pieces: each check sees a different size or mtime.
    rewrite(level, next.subarray(0, 1000), 2_000_000_000);
    expect(await watcher.check()).toBe('waiting');
    rewrite(level, next.subarray(0, 500_000), 2_000_000_001);
    expect(await watcher.check()).toBe('waiting');
    rewrite(level, next, 2_000_000_002);
    expect(await watcher.check()).toBe('waiting');
    expect(store.world.parseInfo().lastParseAt).toBe(first);
    expect(await watcher.check()).toBe('parsed');
    expect(store.world.parseInfo().pals).toBe(2150);
  });

  it('a corrupt save keeps the last good world served and is not re-read on every check', async () => {
    const { saveDir, store, watcher, logs } = await setup('v0.1-coop');
    await watcher.check();
    await watcher.check();
    const good = store.world.parseInfo();
    rewrite(join(saveDir, 'Level.sav'), Buffer.from('PlZ2 this is not a save at all'), 2_000_000_100);
    expect(await watcher.check()).toBe('waiting');
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
      saveDir: missing,
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

  it('a folder one level too high (Pal/Saved): the world below it is named in the log', async () => {
    const root = tempDir('palpanel-saved-');
    const world = join(root, 'SaveGames', '0', '0123456789ABCDEF0123456789ABCDEF');
    cpSync(join(FIXTURES, 'v0.1-coop'), world, { recursive: true });
    const logs: string[] = [];
    const w = new SaveWatcher({
      saveDir: root,
      intervalMs: 1000,
      parse: () => Promise.reject(new Error('not called')),
      apply: () => undefined,
      log: createLogger('text', (l) => logs.push(l)),
    });
    expect(await w.check()).toBe('missing');
    expect(w.problem()).toMatch(/^the save folder \(SERVICE_SAVE_DIR\) has no Level\.sav, but a world save is in a folder below it/);
    expect(w.problem()).not.toContain(root);
    expect(logs.join('\n')).toContain(
      `a world save is at ${world} (SaveGames/0/0123456789ABCDEF0123456789ABCDEF): set SERVICE_SAVE_DIR to it`,
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
    await watcher.check();
    expect(await watcher.check()).toBe('failed');
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
