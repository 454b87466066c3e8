// What `palpanel parse --json <save-folder>` does, in one process and one thread (the command
// runs the same job in a worker, which hands the text over without a copy): read, parse, write
// the rows the API would serve as JSON text (kept here, not printed). bench/parse/run.ts times
// this whole process beside the decompress-only one.
// Prints one JSON line. Usage: node dist/bench-parse/cli-parse.cjs <save-folder> [--no-items]
import { runJsonParseJob } from '../../src/ingest/parse-job.js';

async function main(): Promise<void> {
  const t0 = performance.now();
  // Default: the items read in the walk (what the command does).
  const items = process.argv.includes('--no-items') ? { items: false } : {};
  const out = await runJsonParseJob({ target: process.argv[2], now: Date.now(), ...items });
  const jsonBytes = out.json.reduce((n, c) => n + c.length, 0);
  console.log(JSON.stringify({ jsonBytes, totalMs: performance.now() - t0, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
}

void main();
