// Whether the world folder holds a WorldOption.sav, and which settings it holds: the game then
// takes those settings from it, not from PalWorldSettings.ini (palworld-server-docker issue
// #933: a common reason why edited settings "do nothing"). The world folder comes from a
// function (the followed world of world-folder.ts), so a switch of world is followed. The file is
// read again only when its size or modification time changed.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { decodeWorldOption } from '../save/index.js';

export const WORLD_OPTION_FILE = 'WorldOption.sav';

export interface WorldOptionReport {
  /** The world folder holds a WorldOption.sav. */
  present: boolean;
  /** The settings it holds (the settings file's names); null when it could not be read, so any
   * setting may be overridden; empty when there is no such file. */
  settings: string[] | null;
  /** What this means for the host, in words (never a path). */
  words: string;
}

const ABSENT: WorldOptionReport = {
  present: false,
  settings: [],
  words: 'The world folder has no WorldOption.sav: the game takes its settings from PalWorldSettings.ini.',
};

function readable(keys: string[], drift: boolean): WorldOptionReport {
  const n = keys.length;
  return {
    present: true,
    settings: keys,
    words:
      `The world folder has a WorldOption.sav, which overrides PalWorldSettings.ini: the game takes the ${n} setting${n === 1 ? '' : 's'} it holds from it, whatever the settings file says` +
      `${drift ? ' (it holds more that palpanel cannot read)' : ''}. Remove it (with the game stopped) to go by the settings file.`,
  };
}

const UNREADABLE: WorldOptionReport = {
  present: true,
  settings: null,
  words:
    'The world folder has a WorldOption.sav, which overrides PalWorldSettings.ini, and palpanel cannot read which settings it holds: any setting may be taken from it instead of the settings file. Remove it (with the game stopped) to go by the settings file.',
};

export class WorldOptionWatch {
  private cached: { path: string; stamp: string; report: WorldOptionReport } | null = null;

  /** `worldDir`: the world folder followed now, null while there is none. */
  constructor(private readonly worldDir: () => string | null) {}

  /** What the followed world's WorldOption.sav means; null while no world folder is known. */
  async report(): Promise<WorldOptionReport | null> {
    const dir = this.worldDir();
    if (!dir) return null;
    const path = join(dir, WORLD_OPTION_FILE);
    let stamp: string;
    try {
      const st = statSync(path);
      if (!st.isFile()) return UNREADABLE;
      stamp = `${st.size}:${st.mtimeMs}`;
    } catch {
      return ABSENT;
    }
    if (this.cached?.path === path && this.cached.stamp === stamp) return this.cached.report;
    let report: WorldOptionReport;
    try {
      const w = await decodeWorldOption(readFileSync(path));
      report = readable(w.keys, w.drift);
    } catch {
      // Unreadable, half-written, or no save at all: the game may still read it.
      report = UNREADABLE;
    }
    this.cached = { path, stamp, report };
    return report;
  }
}
