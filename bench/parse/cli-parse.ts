// What `palpanel parse --json <save-folder>` does, in one process and one thread (the command
// runs the same job in a worker): read, parse, make the rows the API would serve and print them
// (to a sink here). bench/parse/run.ts times this whole process beside the decompress-only one.
// Prints one JSON line. Usage: node dist/bench-parse/cli-parse.cjs <save-folder>
import { integrationRowsForParse } from '../../src/app/parse-rows.js';
import { runParseJob } from '../../src/app/parse-job.js';

async function main(): Promise<void> {
  const t0 = performance.now();
  const out = await runParseJob({ target: process.argv[2], now: Date.now() });
  const rows = integrationRowsForParse(out.result, new Date());
  const text = JSON.stringify({ ...rows, formatDrift: out.result.formatDrift, warnings: out.result.warnings });
  console.log(JSON.stringify({ pals: rows.pals.length, jsonBytes: text.length, totalMs: performance.now() - t0, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
}

void main();
