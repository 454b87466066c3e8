// A short fingerprint of the game version that wrote a save, from the layouts met while parsing.
// Nothing in a save states the version, so this is the newest era whose traits were seen:
//   custom-version count in the GVAS header (69 at 0.1, 70 at 0.3, 77 at 0.5, 83 at 0.6, 85 at 1.0)
//   WorldMetaSaveVersionBitMask (0.3.3+), the guild layouts (0.1 / 0.4 / 0.6 / 1.0),
//   the 4-byte raw-data trailers and the PlM container (0.6+).

const ORDER = ['0.1', '0.3', '0.4', '0.5', '0.6', '1.0'] as const;
export type GameVersion = (typeof ORDER)[number];

function fromCustomVersions(n: number): GameVersion {
  if (n >= 85) return '1.0';
  if (n >= 83) return '0.6';
  if (n >= 77) return '0.5';
  if (n >= 70) return '0.3';
  return '0.1';
}

const TRAIT_VERSION: Record<string, GameVersion> = {
  bitmask: '0.3',
  'guild-0.1': '0.1',
  'guild-0.4': '0.4',
  'guild-0.6': '0.6',
  'guild-1.0': '1.0',
  'character-trailer': '0.6',
  'base-trailer': '0.6',
};

export function fingerprint(customVersionCount: number, traits: Iterable<string>, container: string): GameVersion {
  let best = ORDER.indexOf(fromCustomVersions(customVersionCount));
  const raise = (v: GameVersion | undefined): void => {
    if (v) best = Math.max(best, ORDER.indexOf(v));
  };
  for (const t of traits) raise(TRAIT_VERSION[t]);
  if (container.includes('PlM')) raise('0.6');
  return ORDER[best];
}
