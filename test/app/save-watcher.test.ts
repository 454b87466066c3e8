// The save watcher with the real parse worker and a real store on a temp dir.
import { cpSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadSqlJs } from '../../src/store/sqljs.js';
import { createLogger } from '../../src/app/logger.js';
import { parseForStoreInWorker } from '../../src/app/parse-worker-host.js';
import { SaveWatcher } from '../../src/app/save-watcher.js';
import { applyParse } from '../../src/app/world-apply.js';
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
    const parse = async (formatDrift: boolean) => ({ ...(await parseForStoreInWorker({ target: join(FIXTURES, 'v0.1-coop') })), formatDrift });
    for (const drift of [false, true, true, false, false]) {
      const out = await parse(drift);
      // The flag the event follows is the one stored with the world, so build it that way.
      applyParse(store, { ...out, world: withDrift(out.world, drift) }, log);
    }
    expect(store.events.listPublic(10).map((e) => e.message)).toEqual(['world save format drift resolved', DRIFT_DETECTED]);
  });
});
