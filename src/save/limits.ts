// Named limits. Every length or count read from a file passes one of these checks before the
// parser allocates, loops or skips, so no file can make it allocate without bound or spin.
// Counts are additionally checked against the bytes that remain (an element takes at least one
// byte), which bounds every allocation by the size of the input itself.

import { LimitExceededError } from './errors.js';

export const LIMITS = {
  /** Size of a decompressed GVAS blob. Real worlds: ~37 MB for a busy 1.0 world, 73 MB for a
   * `_dps.sav`; a GiB leaves ample room while refusing absurd headers. */
  maxDecompressedBytes: 1024 * 1024 * 1024,
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
