// The floor of a parse: a fresh process that reads Level.sav and only decompresses it (PlZ or
// PlM), doing nothing with the bytes. bench/parse/run.ts times this whole process beside the whole
// process of a parse. Prints one JSON line. Usage: node dist/bench-parse/decompress-only.cjs <save-folder>
// (bench/parse/run.ts bundles it as the executable is bundled: scripts/bundle.mjs)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { needsOodle, readContainer } from '../../src/save/container/container.js';
import { ensureOodle } from '../../src/save/container/oodle.js';

async function main(): Promise<void> {
  const t0 = performance.now();
  const file = new Uint8Array(readFileSync(join(process.argv[2], 'Level.sav')));
  if (needsOodle(file)) await ensureOodle();
  // The cheapest decompression there is: an Oodle world is left in the decoder's memory (a view).
  const { gvas } = readContainer(file, { limit: 'maxDecompressedBytes' }, true);
  console.log(
    JSON.stringify({ gvasBytes: gvas.length, decompressMs: performance.now() - t0, peakRssMb: process.resourceUsage().maxRSS / 1024 }),
  );
}

void main();
