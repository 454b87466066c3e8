// The world save folder as a backup takes it: Level.sav, LevelMeta.sav, WorldOption.sav where
// present, and the game's player saves in Players/ (owned.ts); regular files only (opened non-blocking), and only once the
// files have stopped changing, so a backup never holds a half-written file.
import { constants } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SaveFolderError } from '../ingest/save-files.js';
import type { SaveFile } from './archive.js';
import { isPlayerFileName, PLAYERS, TOP_FILES } from './owned.js';
import { memberRole, sizeWords } from './member-bounds.js';

/** The save files present now (relative paths). */
export async function present(saveDir: string): Promise<string[]> {
  const out: string[] = [];
  for (const name of TOP_FILES) {
    const s = await stat(join(saveDir, name)).catch(() => null);
    if (s?.isFile()) out.push(name);
  }
  const players = await readdir(join(saveDir, PLAYERS)).catch(() => [] as string[]);
  for (const name of players.sort()) {
    if (!isPlayerFileName(name)) continue;
    const s = await stat(join(saveDir, PLAYERS, name)).catch(() => null);
    if (s?.isFile()) out.push(`${PLAYERS}/${name}`);
  }
  return out;
}

/** Size and mtime of every save file: equal twice in a row means the game is not writing. */
export async function saveStamps(saveDir: string): Promise<string> {
  const parts: string[] = [];
  for (const p of await present(saveDir)) {
    const s = await stat(join(saveDir, p)).catch(() => null);
    parts.push(`${p}:${s?.size}:${s?.mtimeMs}`);
  }
  return parts.join('|');
}

async function readRegular(path: string, name: string): Promise<Uint8Array> {
  const fh = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    const s = await fh.stat();
    if (!s.isFile()) throw new SaveFolderError(`${name} is not a regular file; only regular files are backed up.`);
    // The bound its backup will be read back with: a file past it is refused now, in words.
    const role = memberRole(name);
    if (!role) throw new SaveFolderError(`${name} is not a world save file.`);
    if (s.size > role.max)
      throw new SaveFolderError(`${name} is ${sizeWords(s.size)}, more than ${role.what} can be (at most ${sizeWords(role.max)}).`);
    const buf = new Uint8Array(s.size);
    let got = 0;
    while (got < s.size) {
      const { bytesRead } = await fh.read(buf, got, s.size - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    return got === s.size ? buf : buf.subarray(0, got);
  } finally {
    await fh.close();
  }
}

export interface StableReadOptions {
  /** Time between the two looks that must agree. */
  settleMs: number;
  /** Give up after this long of changing files. */
  maxWaitMs: number;
  sleep?: (ms: number) => Promise<void>;
}

/** The save's files once they have stopped changing, read whole and unchanged while read. */
export async function readStableSave(saveDir: string, o: StableReadOptions): Promise<SaveFile[]> {
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const deadline = Date.now() + o.maxWaitMs;
  for (;;) {
    const before = await saveStamps(saveDir);
    if (!before.includes('Level.sav:')) throw new SaveFolderError('The save folder has no Level.sav to back up.');
    await sleep(o.settleMs);
    if ((await saveStamps(saveDir)) === before) {
      const files: SaveFile[] = [];
      for (const p of await present(saveDir)) files.push({ path: p, data: await readRegular(join(saveDir, p), p) });
      if ((await saveStamps(saveDir)) === before) return files;
    }
    if (Date.now() > deadline)
      throw new SaveFolderError('The save files kept changing; the backup was not taken. Try again once the game has saved.');
  }
}
