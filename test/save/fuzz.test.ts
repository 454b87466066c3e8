// Fuzzing: mutated and truncated variants of the fixtures (seeded, reproducible). Every variant
// must end in a result or a SaveError: never another exception. A hang fails the case by its
// timeout; how long the slowest variants take is measured by `npm run bench:fuzz`, not here, so a
// loaded machine cannot fail a correct decoder.
// Most variants mutate the decompressed GVAS and call the decode stage directly; the container
// variants mutate the compressed files and their headers.
// PALPANEL_TEST_FUZZ_VARIANTS sets how many variants in all (default 11,750), shared out among
// the cases as below; each case's variants are a prefix of its seeded sequence, so any count
// reproduces the same first variants.
import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { openContainer } from '../../src/save/container/container.js';
import { decodeWorld, parseWorld, SaveError, type GvasFiles } from '../../src/save/index.js';
import { readFixture, type World } from './fixtures.js';
import { sampleWorld } from './synthetic.js';
import { seededRandom } from '../../src/lib/prng.js';
import { countSetting } from '../helpers/counts.js';
import { hotRanges, INTERESTING, mutate } from './fuzz-mutate.js';

const rng = seededRandom;

const DEFAULT_VARIANTS = 11_750;
const SCALE = countSetting('PALPANEL_TEST_FUZZ_VARIANTS', DEFAULT_VARIANTS) / DEFAULT_VARIANTS;
/** This run's share of `n` variants (at least one). */
const share = (base: number): number => Math.max(1, Math.round(base * SCALE));
const shown = (...counts: number[]): string => counts.reduce((a, b) => a + share(b), 0).toLocaleString('en');

function expectNamed(err: unknown, label: string): void {
  if (!(err instanceof SaveError)) {
    throw new Error(`${label}: not a SaveError: ${err instanceof Error ? err.stack : String(err)}`);
  }
}

const stats = { variants: 0, results: 0, errors: 0, drift: 0 };

/** Mutates `which` file of `files` (`level`, `levelMeta`, or a player file's uid) `count` times
 * and decodes every variant. */
function fuzzDecode(label: string, files: GvasFiles, which: string, count: number, seed: number, allowResize: boolean): void {
  const next = rng(seed);
  const original = which === 'level' ? files.level : which === 'levelMeta' ? files.levelMeta! : files.players.get(which)!;
  const hot = hotRanges(original);
  for (let i = 0; i < count; i++) {
    const v = mutate(original, hot, next, allowResize);
    const input: GvasFiles =
      which === 'level'
        ? { ...files, level: v.bytes }
        : which === 'levelMeta'
          ? { ...files, levelMeta: v.bytes }
          : { ...files, players: new Map([...files.players, [which, v.bytes]]) };
    try {
      const r = decodeWorld(input, 'GVAS');
      stats.results++;
      if (r.formatDrift) stats.drift++;
      expect(r.warnings.length).toBeLessThanOrEqual(501);
    } catch (err) {
      stats.errors++;
      expectNamed(err, `${label} seed ${seed} variant ${i}`);
    } finally {
      v.undo();
    }
    stats.variants++;
  }
}

async function gvasOf(world: World, file: string): Promise<Uint8Array> {
  return (await openContainer(readFixture(world, file))).gvas.slice();
}

const inputs = new Map<string, GvasFiles>();

beforeAll(async () => {
  const s = sampleWorld();
  inputs.set('synthetic', {
    level: s.level,
    players: new Map([['00000001000000000000000000000000', s.players.get('00000001000000000000000000000000')!]]),
  });
  inputs.set('v0.6-world2', {
    level: await gvasOf('v0.6-world2', 'Level.sav'),
    levelMeta: await gvasOf('v0.6-world2', 'LevelMeta.sav'),
    players: new Map([['8C2F1930000000000000000000000000', await gvasOf('v0.6-world2', 'Players/8C2F1930000000000000000000000000.sav')]]),
  });
  inputs.set('v0.6-world1', { level: await gvasOf('v0.6-world1', 'Level.sav'), players: new Map() });
  inputs.set('v0.1-coop', {
    level: await gvasOf('v0.1-coop', 'Level.sav'),
    levelMeta: await gvasOf('v0.1-coop', 'LevelMeta.sav'),
    players: new Map([['00000000000000000000000000000001', await gvasOf('v0.1-coop', 'Players/00000000000000000000000000000001.sav')]]),
  });
  inputs.set('v1.0-player', {
    level: s.level,
    players: new Map([['E1530496000000000000000000000000', await gvasOf('v1.0-relics', 'Players/E1530496000000000000000000000000.sav')]]),
  });
}, 30_000);

describe('fuzzing the decode stage', () => {
  it(`synthetic world: ${shown(3000, 1000)} variants`, () => {
    const f = inputs.get('synthetic')!;
    fuzzDecode('synthetic level', f, 'level', share(3000), 1, true);
    fuzzDecode('synthetic player', f, '00000001000000000000000000000000', share(1000), 2, true);
  }, 60_000);

  it(`v0.6-world2 (Level, LevelMeta, player): ${shown(2000, 400, 800)} variants`, () => {
    const f = inputs.get('v0.6-world2')!;
    fuzzDecode('world2 level', f, 'level', share(2000), 3, true);
    fuzzDecode('world2 meta', f, 'levelMeta', share(400), 4, true);
    fuzzDecode('world2 player', f, '8C2F1930000000000000000000000000', share(800), 5, true);
  }, 60_000);

  it(`v0.6-world1 and v0.1-coop Levels, a 1.0 player save: ${shown(1000, 600, 200, 800)} variants`, () => {
    fuzzDecode('world1 level', inputs.get('v0.6-world1')!, 'level', share(1000), 6, false);
    fuzzDecode('coop level', inputs.get('v0.1-coop')!, 'level', share(600), 7, false);
    fuzzDecode('coop player', inputs.get('v0.1-coop')!, '00000000000000000000000000000001', share(200), 8, true);
    fuzzDecode('1.0 player', inputs.get('v1.0-player')!, 'E1530496000000000000000000000000', share(800), 9, true);
  }, 60_000);

  it(`v1.0-relics Level, mutations in the decoded properties: ${shown(150)} variants`, async () => {
    const level = await gvasOf('v1.0-relics', 'Level.sav');
    fuzzDecode('1.0 level', { level, players: new Map() }, 'level', share(150), 12, false);
  }, 60_000);
});

describe('fuzzing the containers', () => {
  it(`mutated headers, payloads and truncations of compressed files: ${shown(1500)} variants`, async () => {
    const next = rng(10);
    const sources = [
      readFixture('v0.1-coop', 'LevelMeta.sav'), // PlZ1
      readFixture('v0.1-unicode', 'Players/00000000000000000000000000000001.sav'), // PlZ1
      readFixture('v0.3.2-level-only', 'Level.sav'), // PlZ2
      readFixture('v0.6-world2', 'LevelMeta.sav'), // PlM1
      readFixture('v0.6-world1', 'Players/43797F87000000000000000000000000.sav'), // PlM1
    ];
    for (let i = 0, count = share(1500); i < count; i++) {
      const src = sources[i % sources.length];
      const isPlm = src[8] === 0x50 && src[10] === 0x4d;
      const b = src.slice();
      const kind = next();
      if (kind < 0.2) {
        // header bytes; an Oodle header keeps a plausible output size (the decoder allocates it)
        const at = Math.floor(next() * 12);
        if (!(isPlm && at < 4 && at >= 2)) b[at] = Math.floor(next() * 256);
      } else if (kind < 0.35) {
        const v = INTERESTING[Math.floor(next() * INTERESTING.length)];
        new DataView(b.buffer).setInt32(isPlm ? 4 : 4 * Math.floor(next() * 2), v, true);
      } else if (kind < 0.7) {
        for (let e = 0; e < 1 + Math.floor(next() * 8); e++) b[12 + Math.floor(next() * (b.length - 12))] = Math.floor(next() * 256);
      }
      const file = kind >= 0.7 ? b.subarray(0, Math.floor(next() * b.length)) : b;
      try {
        await openContainer(file);
        stats.results++;
      } catch (err) {
        stats.errors++;
        expectNamed(err, `container seed 10 variant ${i}`);
      }
      stats.variants++;
    }
  }, 60_000);

  it(`bombs: headers declaring up to 4 GiB over small payloads, in every file of a world: ${shown(120)} variants`, async () => {
    const next = rng(12);
    const level = readFixture('v0.6-world2', 'Level.sav');
    const player = readFixture('v0.6-world2', 'Players/8C2F1930000000000000000000000000.sav');
    const DECLARED = [1024, 1024 * 1024 + 1, 16 * 1024 * 1024, 16 * 1024 * 1024 + 1, 64 * 1024 * 1024, 1024 * 1024 * 1024, 0xffffffff];
    const zeros = new Map<number, Uint8Array>();
    /** zlib of n zero bytes (at most 4 MiB really inflate: the rest is what the header claims). */
    const z = (n: number) => zeros.get(n) ?? zeros.set(n, deflateSync(new Uint8Array(n))).get(n)!;
    for (let i = 0, count = share(120); i < count; i++) {
      const declared = DECLARED[Math.floor(next() * DECLARED.length)];
      const real = Math.min(declared, 4 * 1024 * 1024);
      const twice = next() < 0.5;
      const payload = twice ? deflateSync(z(real)) : z(real);
      const head = Buffer.alloc(12);
      head.writeUInt32LE(declared, 0);
      head.writeUInt32LE(twice ? z(real).length : payload.length, 4);
      head.write(twice ? 'PlZ2' : 'PlZ1', 8, 'latin1');
      const bomb = Buffer.concat([head, payload]);
      const role = Math.floor(next() * 3);
      const files = {
        level: role === 0 ? bomb : level,
        levelMeta: role === 1 ? bomb : undefined,
        players: new Map([['8C2F1930000000000000000000000000', role === 2 ? bomb : player]]),
      };
      try {
        await parseWorld(files);
        stats.results++;
      } catch (err) {
        stats.errors++;
        expectNamed(err, `bomb seed 12 variant ${i}`);
      }
      stats.variants++;
    }
  }, 60_000);

  it(`parseWorld end to end on ${shown(300)} variants of a small world`, async () => {
    const next = rng(11);
    const level = readFixture('v0.6-world2', 'Level.sav');
    const player = readFixture('v0.6-world2', 'Players/8C2F1930000000000000000000000000.sav');
    for (let i = 0, count = share(300); i < count; i++) {
      const l = level.slice();
      const p = player.slice();
      const target = next() < 0.5 ? l : p;
      for (let e = 0; e < 1 + Math.floor(next() * 4); e++) target[Math.floor(next() * target.length)] = Math.floor(next() * 256);
      try {
        await parseWorld({ level: l, players: new Map([['8C2F1930000000000000000000000000', p]]) });
        stats.results++;
      } catch (err) {
        stats.errors++;
        expectNamed(err, `parseWorld seed 11 variant ${i}`);
      }
      stats.variants++;
    }
    console.log(`fuzz: ${stats.variants} variants, ${stats.results} results (${stats.drift} with drift), ${stats.errors} named errors`);
  }, 60_000);
});
