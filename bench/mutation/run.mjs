// `npm run test:mutation [module ...]`: Stryker once per module of modules.mjs (all by default),
// then a table of scores and how long each took. Reports land in reports/mutation/ (not kept in
// git): <module>.html to read the survivors, <module>.json for this table. Runs are incremental:
// a second run re-tests only the mutants whose code or tests changed.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { MODULES } from './modules.mjs';

const asked = process.argv.slice(2);
for (const name of asked) {
  if (!MODULES[name]) {
    console.error(`unknown module "${name}"; the modules are: ${Object.keys(MODULES).join(', ')}`);
    process.exit(2);
  }
}
const names = asked.length > 0 ? asked : Object.keys(MODULES);
mkdirSync('reports/mutation', { recursive: true });

/** Stryker's JSON report → counts by status. */
function counts(name) {
  const report = JSON.parse(readFileSync(`reports/mutation/${name}.json`, 'utf8'));
  const c = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, CompileError: 0, RuntimeError: 0, Ignored: 0 };
  const survivors = [];
  for (const [file, f] of Object.entries(report.files)) {
    for (const m of f.mutants) {
      c[m.status] = (c[m.status] ?? 0) + 1;
      if (m.status === 'Survived' || m.status === 'NoCoverage') {
        survivors.push(
          `${file}:${m.location.start.line} ${m.mutatorName}${m.replacement ? ` -> ${m.replacement.replace(/\s+/g, ' ').slice(0, 60)}` : ''}`,
        );
      }
    }
  }
  const detected = c.Killed + c.Timeout;
  const valid = detected + c.Survived + c.NoCoverage;
  return { ...c, score: valid === 0 ? 100 : (100 * detected) / valid, survivors };
}

const rows = [];
for (const name of names) {
  const started = Date.now();
  const load = loadavg()[0];
  console.log(`== ${name}: ${MODULES[name].what}`);
  const r = spawnSync('npx', ['stryker', 'run'], { stdio: 'inherit', env: { ...process.env, PALPANEL_MUTATION_MODULE: name } });
  const minutes = (Date.now() - started) / 60_000;
  if (r.status !== 0) {
    rows.push({ name, failed: true, minutes, load });
    continue;
  }
  rows.push({ name, minutes, load, ...counts(name) });
}

console.log('\nmodule                  score  killed  timeout  survived  no-cover  minutes  load at start');
for (const r of rows) {
  if (r.failed) {
    console.log(`${r.name.padEnd(22)}  stryker failed after ${r.minutes.toFixed(1)} min`);
    continue;
  }
  const cols = [
    r.score.toFixed(1).padStart(5),
    String(r.Killed).padStart(6),
    String(r.Timeout).padStart(8),
    String(r.Survived).padStart(9),
    String(r.NoCoverage).padStart(9),
    r.minutes.toFixed(1).padStart(8),
    r.load.toFixed(1).padStart(14),
  ];
  console.log(`${r.name.padEnd(22)}  ${cols.join(' ')}`);
}
writeFileSync('reports/mutation/summary.json', JSON.stringify(rows, null, 2));
process.exit(rows.some((r) => r.failed) ? 1 : 0);
