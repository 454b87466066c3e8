// How long the fuzz suite's slowest variants take to decode (`npm run bench:fuzz`): the timing
// half of test/save/fuzz.test.ts, which checks the same seeded variants' outcomes without a clock.
// Aim: every variant ends within 3 s (a variant that makes the decoder loop or allocate per
// declared byte would show here first).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { openContainer } from '../../src/save/container/container.js';
import { decodeWorld, type GvasFiles } from '../../src/save/index.js';
import { seededRandom } from '../../src/lib/prng.js';
import { hotRanges, mutate } from '../../test/save/fuzz-mutate.js';
import { readFixture, type World } from '../../test/save/fixtures.js';
import { sampleWorld } from '../../test/save/synthetic.js';

const AIM_MS = 3000;
const variants = Number(process.argv[2] ?? 1000);

async function gvasOf(world: World, file: string): Promise<Uint8Array> {
  return (await openContainer(readFixture(world, file))).gvas.slice();
}

/** Decode times (ms) of `count` variants of one file of `files`. */
function timeVariants(files: GvasFiles, which: string, count: number, seed: number): number[] {
  const next = seededRandom(seed);
  const original = which === 'level' ? files.level : files.players.get(which)!;
  const hot = hotRanges(original);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const v = mutate(original, hot, next, true);
    const input: GvasFiles =
      which === 'level' ? { ...files, level: v.bytes } : { ...files, players: new Map([...files.players, [which, v.bytes]]) };
    const t = performance.now();
    try {
      decodeWorld(input, 'GVAS');
    } catch {
      // the test checks what a variant ends in; here only how long it takes
    } finally {
      v.undo();
    }
    out.push(performance.now() - t);
  }
  return out;
}

function summary(label: string, ms: number[]): void {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(1);
  const worst = s[s.length - 1];
  const verdict = worst <= AIM_MS ? 'within the aim' : `OVER the ${AIM_MS} ms aim`;
  console.log(
    `${label.padEnd(22)} ${String(s.length).padStart(5)} variants  median ${at(0.5)} ms  p99 ${at(0.99)} ms  worst ${worst.toFixed(1)} ms  (${verdict})`,
  );
}

async function main(): Promise<void> {
  const s = sampleWorld();
  const synthetic: GvasFiles = {
    level: s.level,
    players: new Map([['00000001000000000000000000000000', s.players.get('00000001000000000000000000000000')!]]),
  };
  const world2: GvasFiles = {
    level: await gvasOf('v0.6-world2', 'Level.sav'),
    levelMeta: await gvasOf('v0.6-world2', 'LevelMeta.sav'),
    players: new Map([['8C2F1930000000000000000000000000', await gvasOf('v0.6-world2', 'Players/8C2F1930000000000000000000000000.sav')]]),
  };
  const relics: GvasFiles = { level: await gvasOf('v1.0-relics', 'Level.sav'), players: new Map() };

  console.log(`fuzz decode timing, seeded as the test; load average ${loadavg()[0].toFixed(1)}`);
  summary('synthetic level', timeVariants(synthetic, 'level', variants, 1));
  summary('world2 level', timeVariants(world2, 'level', variants, 3));
  summary('world2 player', timeVariants(world2, '8C2F1930000000000000000000000000', variants, 5));
  summary('1.0 level', timeVariants(relics, 'level', Math.max(1, Math.round(variants / 10)), 12));
}

void main();
