// The floor of a parse: a fresh process that reads Level.sav and only decompresses it (PlZ or
// PlM), doing nothing with the bytes. bench/parse/run.ts times this whole process beside the whole
// process of a parse. Prints one JSON line. Usage: node --import tsx bench/parse/decompress-only.ts <save-folder>
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openContainer } from '../../src/save/container.js';

const t0 = performance.now();
const file = new Uint8Array(readFileSync(join(process.argv[2], 'Level.sav')));
const { gvas } = await openContainer(file, { limit: 'maxDecompressedBytes' });
console.log(JSON.stringify({ gvasBytes: gvas.length, decompressMs: performance.now() - t0, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
