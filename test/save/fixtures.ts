// Loads the shared fixture worlds (never copied into the project): /work/shared/fixtures/saves.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { SaveFiles } from '../../src/save/index.js';
import { FIXTURES } from '../helpers/paths.js';

export { FIXTURES };
export const WORLDS = ['v0.1-coop', 'v0.1-unicode', 'v0.3.2-level-only', 'v0.6-world1', 'v0.6-world2', 'v1.0-relics'] as const;
export type World = (typeof WORLDS)[number];

export function readFixture(world: World, file: string): Uint8Array {
  return new Uint8Array(readFileSync(`${FIXTURES}${world}/${file}`));
}

/** The files of one world as the service would pass them (player stems upper-case, `_dps` too). */
export function loadWorld(world: World): SaveFiles {
  const dir = `${FIXTURES}${world}/`;
  const players = new Map<string, Uint8Array>();
  if (existsSync(`${dir}Players`)) {
    for (const f of readdirSync(`${dir}Players`)) {
      if (f.endsWith('.sav')) players.set(f.slice(0, -4).toUpperCase(), new Uint8Array(readFileSync(`${dir}Players/${f}`)));
    }
  }
  return {
    level: new Uint8Array(readFileSync(`${dir}Level.sav`)),
    levelMeta: existsSync(`${dir}LevelMeta.sav`) ? new Uint8Array(readFileSync(`${dir}LevelMeta.sav`)) : undefined,
    players,
  };
}
