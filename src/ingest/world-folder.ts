// Which world folder palpanel follows. SERVICE_SAVE_DIR may name the world folder itself
// (`…/SaveGames/0/<world id>`) or any folder above it up to the game's `Saved` folder
// (interface.md, "Beside a real server"): a host need not know the world id, which exists only
// after the game's first save. With several worlds below, the one the game reports running (REST
// `/v1/api/info` worldguid) is followed, else the only one, else none, said in words. Backups
// and restores ask this object too, so they never touch another world than the one the game runs.
import { readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { ConflictError } from '../domain/errors.js';
import type { Logger } from '../lib/logger.js';
import { folderProblem, stampOf, type SaveDirProblem } from './save-files.js';

/** How the followed world was chosen. */
export type WorldChoice = 'configured' | 'game' | 'only';

export interface WorldFolderState {
  /** The world folder followed now, or null (none yet, or not one to choose). */
  dir: string | null;
  /** Its folder name: the world id the game uses (never a path). */
  id: string | null;
  how: WorldChoice | null;
  /** How many worlds were found below the save folder. */
  worlds: number;
  /** Why no world is followed, in words safe to show (`words`) and for the log (`log`). */
  problem: SaveDirProblem | null;
}

/** How deep below SERVICE_SAVE_DIR a world is looked for: `Saved/SaveGames/0/<id>` is 3. */
const MAX_DEPTH = 4;

/** World ids compare without case and dashes (the REST API and the folder name differ). */
export const sameWorldId = (a: string, b: string): boolean => a.replace(/-/g, '').toUpperCase() === b.replace(/-/g, '').toUpperCase();

/** A folder holding Level.sav as a regular file. */
const hasLevelSav = (dir: string): boolean => stampOf(join(dir, 'Level.sav')) !== null;

/**
 * The world folders below `dir`: folders holding Level.sav. Not looked into: a world folder (its
 * own `backup/` copies are not worlds), the game's `backup` folders, and names with a dot
 * (palpanel's restore staging `<world>.restore-<id>`, hidden folders; world ids have none).
 */
export function worldsBelow(dir: string, depth = MAX_DEPTH): string[] {
  if (depth === 0) return [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const name of names.sort()) {
    if (name.includes('.') || name.toLowerCase() === 'backup') continue;
    const sub = join(dir, name);
    try {
      if (!statSync(sub).isDirectory()) continue;
    } catch {
      continue;
    }
    if (hasLevelSav(sub)) found.push(sub);
    else found.push(...worldsBelow(sub, depth - 1));
  }
  return found;
}

const SETTING = 'the save folder (SERVICE_SAVE_DIR)';

export class WorldFolder {
  private state: WorldFolderState = { dir: null, id: null, how: null, worlds: 0, problem: null };
  /** The last world id the game reported: kept while the game is down, so a restart of the
   * game does not make palpanel guess among several worlds. */
  private gameId: string | null = null;

  /**
   * `root` is SERVICE_SAVE_DIR; `gameWorldId` gives the world id the game reports now (null
   * while unknown).
   */
  constructor(
    readonly root: string,
    private readonly gameWorldId: () => string | null,
    private readonly log: Logger,
  ) {}

  /** The state of the last resolve(), without looking at the disk again. */
  current(): WorldFolderState {
    return this.state;
  }

  /** The world folder to back up or restore now (looked at again), or a ConflictError saying
   * why there is none (no world yet, several and the game silent, the game's not saved yet). */
  dirNow(): string {
    const w = this.resolve();
    if (!w.dir) throw new ConflictError('conflict', w.problem?.words ?? 'No world save to work on yet.');
    return w.dir;
  }

  /** The ids (folder names) of every world below the save folder, the followed one included. */
  ids(): string[] {
    return hasLevelSav(this.root) ? [basename(this.root)] : worldsBelow(this.root).map((w) => basename(w));
  }

  /** Looks at the disk and the game again; logs when the followed world changes. */
  resolve(): WorldFolderState {
    const reported = this.gameWorldId();
    if (reported) this.gameId = reported;
    const next = this.choose();
    const before = this.state;
    if (next.dir !== before.dir && next.dir) {
      const why =
        next.how === 'game' ? 'the world the game runs' : next.how === 'only' ? 'the only world below the save folder' : 'the save folder';
      const where = next.dir === this.root ? '' : ` (${relative(this.root, next.dir)} below ${this.root})`;
      this.log('info', `world save: following world ${next.id}${where}, ${why}${before.dir ? '; it was ' + before.id : ''}`);
    }
    this.state = next;
    return next;
  }

  private choose(): WorldFolderState {
    const root = this.root;
    if (hasLevelSav(root)) return { dir: root, id: basename(root), how: 'configured', worlds: 1, problem: null };
    // The folder itself is missing, unreadable, or holds a Level.sav that is no file.
    const rootProblem = folderProblem(root);
    if (rootProblem) return { ...none(0), problem: rootProblem };
    const worlds = worldsBelow(root);
    const pick = (dir: string, how: WorldChoice): WorldFolderState => ({
      dir,
      id: basename(dir),
      how,
      worlds: worlds.length,
      problem: null,
    });
    if (this.gameId) {
      const runs = worlds.find((w) => sameWorldId(basename(w), this.gameId!));
      if (runs) return pick(runs, 'game');
      return {
        ...none(worlds.length),
        problem: {
          words: `The game runs world ${this.gameId}, which has no save below ${SETTING} yet: waiting for the game's first save of it.`,
          log: `save folder ${root}: no folder of world ${this.gameId} (the one the game runs) below it yet; ${worlds.length} other world(s) left alone`,
        },
      };
    }
    if (worlds.length === 1) return pick(worlds[0], 'only');
    if (worlds.length === 0) {
      return {
        ...none(0),
        problem: {
          words: `No world save below ${SETTING} yet: waiting for the game's first save (…/SaveGames/0/<world id>/Level.sav).`,
          log: `save folder ${root}: no world save below it yet (…/SaveGames/0/<world id>/Level.sav); waiting for the game's first save`,
        },
      };
    }
    const ids = worlds.map((w) => basename(w)).join(', ');
    return {
      ...none(worlds.length),
      problem: {
        words: `${worlds.length} worlds are below ${SETTING} (${ids}) and the game does not say which one runs: palpanel follows the one the game's REST API reports, or set SERVICE_SAVE_DIR to one world's folder.`,
        log: `save folder ${root}: ${worlds.length} worlds below it (${worlds.map((w) => relative(root, w)).join(', ')}) and no world id from the game; set SERVICE_SAVE_DIR to one of them or the game's REST URL`,
      },
    };
  }
}

const none = (worlds: number): Omit<WorldFolderState, 'problem'> => ({ dir: null, id: null, how: null, worlds });
