// Named limits. Every length or count read from a file passes one of these checks before the
// parser allocates, loops or skips, so no file can make it allocate without bound or spin.
// Counts are additionally checked against the bytes that remain (an element takes at least one
// byte), which bounds every allocation by the size of the input itself.

import { LimitExceededError } from './errors.js';

export const LIMITS = {
  /** Size of a decompressed GVAS blob. Real worlds: ~37 MB for a busy 1.0 world, 73 MB for a
   * `_dps.sav`; a GiB leaves ample room while refusing absurd headers. */
  maxDecompressedBytes: 1024 * 1024 * 1024,
  /** Decompressed LevelMeta.sav (real: about 2 KB in every fixture). */
  maxLevelMetaBytes: 1024 * 1024,
  /** Decompressed WorldOption.sav (one settings struct: a few KB). */
  maxWorldOptionBytes: 1024 * 1024,
  /** Decompressed Players/<uid>.sav (real: 5 to 21 KB in the fixtures; `_dps` files, up to
   * 73 MB, are not read). */
  maxPlayerSaveBytes: 16 * 1024 * 1024,
  /** All files of one parse together, decompressed (and PlZ2's intermediate pass): Level.sav's
   * own bound and 256 MiB for the rest. The 1.0 fixture needs 37 MB. */
  maxParseDecompressedBytes: 1280 * 1024 * 1024,
  /** Compressed payload of one container (the file as given). */
  maxCompressedBytes: 1024 * 1024 * 1024,
  /** Bytes of one FString (UTF-16 strings count two bytes per code unit). Names are short; the
   * longest real strings are class paths of a few hundred bytes. */
  maxStringBytes: 64 * 1024,
  /** Elements of one ArrayProperty / SetProperty, or of a count inside a raw-data blob. */
  maxArrayCount: 64 * 1024 * 1024,
  /** Entries of one MapProperty. */
  maxMapEntries: 4 * 1024 * 1024,
  /** Properties in one property list (a struct). */
  maxPropertiesPerStruct: 64 * 1024,
  /** Nesting of structs, arrays and maps. Real saves nest about 8 deep. */
  maxDepth: 48,
  /** Custom-version entries in a GVAS header (real: 69–85). */
  maxCustomVersions: 4096,
  /** Warnings kept per parse; beyond this they are counted but not stored. */
  maxWarnings: 500,
} as const;

export type LimitName = keyof typeof LIMITS;

/** What each limit bounds, in words for the error a host reads ("a string of 83886080 bytes"). */
const LIMIT_WORDS: Record<LimitName, (v: number) => string> = {
  maxDecompressedBytes: (v) => `a declared decompressed size of ${v} bytes`,
  maxLevelMetaBytes: (v) => `a declared decompressed size of ${v} bytes for LevelMeta.sav`,
  maxWorldOptionBytes: (v) => `a declared decompressed size of ${v} bytes for WorldOption.sav`,
  maxPlayerSaveBytes: (v) => `a declared decompressed size of ${v} bytes for a player save`,
  maxParseDecompressedBytes: (v) => `${v} bytes decompressed in all (this file with those before it)`,
  maxCompressedBytes: (v) => `a declared compressed size of ${v} bytes`,
  maxStringBytes: (v) => `a string of ${v} bytes`,
  maxArrayCount: (v) => `an array of ${v} elements`,
  maxMapEntries: (v) => `a map of ${v} entries`,
  maxPropertiesPerStruct: (v) => `a struct of more than ${v} properties`,
  maxDepth: (v) => `nesting ${v} levels deep`,
  maxCustomVersions: (v) => `${v} custom versions in the header`,
  maxWarnings: (v) => `${v} warnings`,
};

/** Throws LimitExceededError when `value` is negative or above the named limit. */
export function checkLimit(name: LimitName, value: number, offset?: number): void {
  const max = LIMITS[name];
  if (!(value >= 0 && value <= max)) throw new LimitExceededError(name, value, max, offset, LIMIT_WORDS[name](value));
}
