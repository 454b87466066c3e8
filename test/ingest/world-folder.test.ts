// Which world palpanel follows below SERVICE_SAVE_DIR (interface.md, "Beside a real server"),
// on real fixture saves laid out as the game lays them out: Saved/SaveGames/0/<world id>/ with
// the game's own backup/ folder inside each world.
import { cpSync, mkdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { stampOf } from '../../src/ingest/save-files.js';
import { SaveWatcher } from '../../src/ingest/save-watcher.js';
import { WorldFolder, worldsBelow } from '../../src/ingest/world-folder.js';
import { ConflictError } from '../../src/domain/errors.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';

const A = '0123456789ABCDEF0123456789ABCDEF';
const B = 'FEDCBA9876543210FEDCBA9876543210';

/** A `Saved` folder with the given worlds, each with the game's own backup copy inside. */
function savedFolder(...ids: string[]): string {
  const saved = tempDir('palpanel-saved-');
  for (const id of ids) addWorld(saved, id);
  return saved;
}

function addWorld(saved: string, id: string, fixture = 'v0.1-coop'): string {
  const world = join(saved, 'SaveGames', '0', id);
  cpSync(join(FIXTURES, fixture), world, { recursive: true });
  // The game keeps timestamped copies in the world's backup/ folder: never a world of its own.
  cpSync(join(FIXTURES, fixture), join(world, 'backup', 'world', '2026.11.26-10.00.00'), { recursive: true });
  const old = Date.now() / 1000 - 120;
  utimesSync(join(world, 'Level.sav'), old, old);
  return world;
}

const quiet = () => createLogger('text', () => undefined);

/** A watcher over `world` whose parse only records the folder it was asked to read. */
function recordingWatcher(world: string | WorldFolder) {
  const parsed: string[] = [];
  const watcher = new SaveWatcher({
    world,
    intervalMs: 60_000,
    parse: (dir) => {
      parsed.push(dir);
      return Promise.resolve({ stamp: stampOf(join(dir, 'Level.sav'))! });
    },
    apply: () => undefined,
    log: quiet(),
    notify: false,
  });
  return { watcher, parsed };
}

describe('the world folder followed', () => {
  it('finds worlds in the game layout, not the backup copies inside them', () => {
    const saved = savedFolder(A, B);
    expect(worldsBelow(saved)).toEqual([join(saved, 'SaveGames', '0', A), join(saved, 'SaveGames', '0', B)]);
  });

  it('the world folder itself is used as given', () => {
    const saved = savedFolder(A);
    const dir = join(saved, 'SaveGames', '0', A);
    expect(new WorldFolder(dir, () => B, quiet()).resolve()).toMatchObject({ dir, id: A, how: 'configured' });
  });

  it('two worlds: the one the game reports (case and dashes aside), and a switch of world followed', () => {
    const saved = savedFolder(A, B);
    let gameId: string | null = null;
    const logs: string[] = [];
    const folder = new WorldFolder(
      saved,
      () => gameId,
      createLogger('text', (l) => logs.push(l)),
    );
    // The game silent: no guess among two.
    const silent = folder.resolve();
    expect(silent).toMatchObject({ dir: null, worlds: 2 });
    expect(silent.problem?.words).toMatch(
      /^2 worlds are below the save folder \(SERVICE_SAVE_DIR\) \(0123.*, FEDC.*\) and the game does not say/,
    );
    expect(silent.problem?.words).not.toContain(saved);
    expect(() => folder.dirNow()).toThrow(ConflictError);
    gameId = '01234567-89ab-cdef-0123-456789abcdef';
    expect(folder.resolve()).toMatchObject({ dir: join(saved, 'SaveGames', '0', A), id: A, how: 'game' });
    gameId = B.toLowerCase();
    expect(folder.dirNow()).toBe(join(saved, 'SaveGames', '0', B));
    expect(logs.join('\n')).toContain(`following world ${B} (SaveGames/0/${B} below ${saved}), the world the game runs; it was ${A}`);
    // The game goes down: the world it last reported stays followed.
    gameId = null;
    expect(folder.resolve().id).toBe(B);
  });

  it('the game runs a world with no save yet: nothing else is touched, and it is said', () => {
    const saved = savedFolder(A);
    const folder = new WorldFolder(saved, () => B, quiet());
    const state = folder.resolve();
    expect(state.dir).toBeNull();
    expect(state.problem?.words).toBe(
      `The game runs world ${B}, which has no save below the save folder (SERVICE_SAVE_DIR) yet: waiting for the game's first save of it.`,
    );
    expect(() => folder.dirNow()).toThrow(/waiting for the game's first save/);
  });

  it('a world that appears only after start is found and parsed', async () => {
    const saved = tempDir('palpanel-saved-');
    mkdirSync(join(saved, 'SaveGames', '0'), { recursive: true });
    const { watcher, parsed } = recordingWatcher(saved);
    expect(await watcher.check()).toBe('missing');
    expect(watcher.problem()).toBe(
      "No world save below the save folder (SERVICE_SAVE_DIR) yet: waiting for the game's first save (…/SaveGames/0/<world id>/Level.sav).",
    );
    const world = addWorld(saved, A);
    expect(await watcher.check()).toBe('parsed');
    expect(parsed).toEqual([world]);
    expect(watcher.problem()).toBeNull();
    expect(watcher.world()).toMatchObject({ id: A, how: 'only' });
  });

  it("the watcher follows the game's switch of world and parses the new one", async () => {
    const saved = savedFolder(A, B);
    let gameId = A;
    const { watcher, parsed } = recordingWatcher(new WorldFolder(saved, () => gameId, quiet()));
    expect(await watcher.check()).toBe('parsed');
    expect(await watcher.check()).toBe('unchanged');
    gameId = B;
    expect(await watcher.check()).toBe('parsed');
    expect(parsed.map((d) => d.slice(-32))).toEqual([A, B]);
  });
});
