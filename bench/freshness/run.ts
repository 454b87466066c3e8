// Freshness benchmark (issue: beside a real Palworld 1.0 server): the time from the simulated
// game finishing an autosave to the Integration API serving it, over N autosaves.
//
// The simulated game writes its world as the real one does (Saved/SaveGames/0/<id>/, Level.sav
// rewritten in place over about a second every AutoSaveSpan); serve runs with palpanel's own
// defaults (no SERVICE_SAVE_CHECK_INTERVAL, no poll interval set) and SERVICE_SAVE_DIR naming the
// `Saved` folder. A client polls `/api/integration/v1/server` every 100 ms; a save counts as
// served at the first answer whose `save.lastParseAt` is not before the save's last byte (a parse
// that started after the save finished read that save or a newer one).
//
// Run: npm run bench:freshness -- [--saves 20] [--span 30] [--write 1] [--pals 2000] [--players 20]
// (span and write in seconds; the game's defaults are 30 and about 1). Real time: 20 saves at the
// default span take about 10 minutes. Game, serve and client share one process, as in the tests.
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { startServe } from '../../src/app/serve.js';
import { loadSettings } from '../../src/config/settings.js';
import { startSimGameServer } from '../../src/demo/sim/index.js';
import { createLogger } from '../../src/lib/logger.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { values } = parseArgs({
  options: {
    saves: { type: 'string', default: '20' },
    span: { type: 'string', default: '30' },
    write: { type: 'string', default: '1' },
    pals: { type: 'string', default: '2000' },
    players: { type: 'string', default: '20' },
  },
});
const saves = Number(values.saves);
const spanMs = Number(values.span) * 1000;
const writeMs = Number(values.write) * 1000;

const root = mkdtempSync(join(tmpdir(), 'palpanel-bench-fresh-'));
const savedDir = join(root, 'Saved');
const world = { seed: 11, players: Number(values.players), pals: Number(values.pals), day: 1 };
const sim = await startSimGameServer({ churnPeriodMs: 0, save: { savedDir, world, autoSaveSpanMs: spanMs, writeMs } });
const settings = loadSettings(
  {
    SERVICE_SAVE_DIR: savedDir,
    SERVICE_GAME_REST_URL: sim.restUrl,
    SERVICE_GAME_ADMIN_PASSWORD: sim.password,
    SERVICE_INTEGRATION_RATE_LIMIT: '100000',
  },
  { dataDir: join(root, 'data'), listen: '127.0.0.1:0' },
);
const server = await startServe({ settings, log: createLogger('text', () => {}), version: 'bench', ready: () => {} });
const { key } = server.store.keys.create('freshness bench', 'cli');

async function lastParseAt(): Promise<number> {
  const res = await fetch(`${server.url}/api/integration/v1/server`, { headers: { authorization: `Bearer ${key}` } });
  const body = (await res.json()) as { data: { save: { lastParseAt: string | null } } };
  return body.data.save.lastParseAt ? Date.parse(body.data.save.lastParseAt) : 0;
}

console.log(
  `freshness: ${saves} autosaves every ${spanMs / 1000} s (written over ${writeMs / 1000} s), ${world.players} players, ${world.pals} pals; palpanel defaults (save check ${settings.saveCheckIntervalMs / 1000} s)`,
);
const lags: number[] = [];
// The first save is written at start; measure the autosaves after it.
let next = sim.control.saves().length;
while (lags.length < saves) {
  const rec = sim.control.saves()[next];
  if (!rec) {
    await new Promise((r) => setTimeout(r, 100));
    continue;
  }
  for (;;) {
    const at = await lastParseAt();
    if (at >= rec.finishedAt) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const lag = Date.now() - rec.finishedAt;
  lags.push(lag);
  console.log(`  save ${lags.length} (day ${rec.day}): served ${(lag / 1000).toFixed(2)} s after it was written`);
  next++;
}
const sorted = [...lags].sort((a, b) => a - b);
const median = sorted[Math.floor((sorted.length - 1) / 2)];
const worst = sorted.at(-1)!;
console.log(
  `median ${(median / 1000).toFixed(2)} s, worst ${(worst / 1000).toFixed(2)} s (aim: worst under ${(spanMs + 10_000) / 1000} s)`,
);
console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await server.stop();
await sim.close();
rmSync(root, { recursive: true, force: true });
