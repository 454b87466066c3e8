// The bound of each file a backup holds, by what the file is, taken from the save reader and the
// parser (src/ingest/save-files.ts, src/save/limits.ts): a file the parse would refuse for its
// size is refused in an archive too, from the manifest and the tar header, before a byte of it
// is inflated. A file that is not part of a world save (owned.ts) has no role, and is refused.
import { MAX_FILE_BYTES } from '../ingest/save-files.js';
import { LIMITS } from '../save/limits.js';
import { isOwnedSavePath } from './owned.js';

const MiB = 1024 * 1024;

/** The largest container file for `decompressed` bytes of save data: its header (two for CNK)
 * and zlib's or Oodle's worst-case growth (a few bytes per 16 KiB, twice for PlZ2), with room. */
const containerOf = (decompressed: number) => decompressed + Math.ceil(decompressed / 256) + 4096;

export interface MemberRole {
  /** What the file is, in words ("a player save"). */
  what: string;
  /** Its largest size, bytes. */
  max: number;
}

const ROLES: [(path: string) => boolean, MemberRole][] = [
  [(p) => p === 'Level.sav', { what: 'Level.sav', max: MAX_FILE_BYTES }],
  [(p) => p === 'LevelMeta.sav', { what: 'LevelMeta.sav', max: containerOf(LIMITS.maxLevelMetaBytes) }],
  // The world's settings: a few KB, like LevelMeta.sav (the parse does not read it).
  [(p) => p === 'WorldOption.sav', { what: 'WorldOption.sav', max: containerOf(LIMITS.maxLevelMetaBytes) }],
  // A player's pal storage (1.0): 37 KB for 73 MB of mostly empty slots in the fixtures; the
  // parse does not read it, so its bound is its own, a few times the real file's inflated size.
  [(p) => p.endsWith('_dps.sav'), { what: "a player's pal storage", max: 256 * MiB }],
  [() => true, { what: 'a player save', max: containerOf(LIMITS.maxPlayerSaveBytes) }],
];

/** What a save file is and its bound, by its path in the save folder; null for a file that is
 * not part of a world save (owned.ts). */
export function memberRole(path: string): MemberRole | null {
  if (!isOwnedSavePath(path)) return null;
  for (const [is, role] of ROLES) if (is(path)) return role;
  return null;
}

/** All of a world's files together, as a parse may inflate them (Level.sav's bound and 256 MiB
 * for the rest). */
export const MAX_WORLD_BYTES = LIMITS.maxParseDecompressedBytes;
/** Files in one backup at most (a world of thousands of players has two files each). */
export const MAX_WORLD_FILES = 10_000;
/** A manifest: about 150 bytes a file. */
export const MAX_MANIFEST_BYTES = 4 * MiB;

/** A size in words: bytes below a MiB, else MiB with one decimal. */
export const sizeWords = (n: number) => (n < MiB ? `${n} bytes` : `${(n / MiB).toFixed(1)} MiB`);
