// `palpanel parse <save-folder|file.sav> [--json]`: parses a world save and prints a summary,
// or with --json the rows the API would serve (interface.md, Decisions).
import { parseInWorker, parseJsonInWorker, SaveFileError } from '../ingest/parse-worker-host.js';
import { ValidationError } from '../domain/errors.js';
import type { JsonParseResult, ParseJobResult } from '../ingest/parse-job.js';
import { loadDataDir } from '../config/settings.js';
import type { CliIo } from './io.js';
import { terminalLines } from '../lib/terminal-text.js';
import type { WorldItems } from '../domain/world-items.js';
import { itemName } from '../save/index.js';

export interface ParseOpts {
  json?: boolean;
  dataDir?: string;
}

/** A spinner with elapsed time on stderr, only when stderr is a terminal. */
function progress(io: CliIo, label: string): () => void {
  if (!process.stderr.isTTY) return () => {};
  const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
  const t0 = Date.now();
  let i = 0;
  const draw = () => io.err(`\r${frames[i++ % frames.length]} ${label} ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  draw();
  const timer = setInterval(draw, 80);
  return () => {
    clearInterval(timer);
    io.err('\r\x1b[K');
  };
}

/** The items in a few lines: containers by owner, slots, item count, the most held items. */
function itemLines(items: WorldItems | undefined): string[] {
  if (!items) return ['items      not read'];
  const c = items.containers;
  const by = { player: 0, base: 0, guild: 0, unassigned: 0 };
  const totals = new Map<string, number>();
  let slots = 0;
  let count = 0;
  for (const x of c) {
    by[x.owner.kind]++;
    for (const s of x.slots) {
      slots++;
      count += s.count;
      totals.set(s.itemId, (totals.get(s.itemId) ?? 0) + s.count);
    }
  }
  const top = [...totals]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 5)
    .map(([id, n]) => `${n} ${itemName(id)}`);
  return [
    `items      ${count} in ${slots} slots of ${c.length} containers (${by.player} players', ${by.base} bases', ${by.guild} guilds', ${by.unassigned} unassigned)`,
    ...(top.length > 0 ? [`most held  ${top.join(', ')}`] : []),
  ];
}

export function summary(out: ParseJobResult, totalMs: number): string {
  const r = out.result;
  const placements = new Map<string, number>();
  for (const p of r.pals) placements.set(p.placement, (placements.get(p.placement) ?? 0) + 1);
  const bases = r.guilds.reduce((n, g) => n + g.bases.length, 0);
  const lines = [
    `world      ${r.meta.worldName ?? '(unnamed)'}${r.meta.day !== undefined ? `, day ${r.meta.day}` : ''}`,
    `format     ${r.meta.container}, game version ${r.meta.gameVersion}`,
    `players    ${r.players.length}`,
    `pals       ${r.pals.length} (${[...placements].map(([k, v]) => `${v} ${k}`).join(', ') || 'none'})`,
    `guilds     ${r.guilds.length}`,
    `bases      ${bases}`,
    ...itemLines(r.items),
    `drift      ${r.formatDrift ? `yes, ${r.warnings.length} warning(s)` : 'no'}`,
    `time       ${totalMs.toFixed(0)} ms (read ${out.readMs.toFixed(0)}, decompress ${r.timings.decompressMs.toFixed(0)}, decode ${r.timings.decodeMs.toFixed(0)}, map ${r.timings.mapMs.toFixed(0)})`,
  ];
  for (const w of r.warnings.slice(0, 20)) lines.push(`warning    ${w.file ?? 'Level.sav'} @${w.offset} ${w.path}: ${w.message}`);
  if (r.warnings.length > 20) lines.push(`warning    … and ${r.warnings.length - 20} more (see --json)`);
  // The world's name and the warnings' paths come from the save: shown with control characters escaped.
  return terminalLines(lines.join('\n')) + '\n';
}

/**
 * Errors about the input name it (interface.md: exit 2, "the message names the bad input"): a
 * missing path, a folder without Level.sav, and a file that cannot be read as a world save. A
 * decoder that cannot load is palpanel's own failure (exit 1).
 */
function namingTheInput(err: unknown, target: string): unknown {
  const shown = JSON.stringify(target.length > 300 ? `${target.slice(0, 300)}…` : target);
  if (err instanceof SaveFileError && err.code !== 'oodle_unavailable') {
    return new ValidationError(`${shown} is not a readable Palworld world save: ${err.message.replace(/\.$/, '')}.`);
  }
  if (err instanceof ValidationError) return new ValidationError(`${err.message.replace(/\.$/, '')}: ${shown}.`);
  return err;
}

export async function parseCommand(io: CliIo, target: string, opts: ParseOpts): Promise<void> {
  // A data dir only matters for its names.json; without one, the built-in names serve.
  const dataDir = opts.dataDir !== undefined || io.env.SERVICE_DATA_DIR ? loadDataDir(io.env, opts.dataDir) : undefined;
  const t0 = performance.now();
  const done = progress(io, `parsing ${target}`);
  let out: ParseJobResult | JsonParseResult;
  try {
    // --json: the worker writes the text as the rows stream out of the parse and hands it over
    // (parse-rows.ts); no row object crosses to this thread.
    const job = { target, dataDir, now: Date.now() };
    out = opts.json ? await parseJsonInWorker(job) : await parseInWorker(job);
  } catch (err) {
    throw namingTheInput(err, target);
  } finally {
    done();
  }
  if ('json' in out) {
    for (const chunk of out.json) io.out(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8'));
    return;
  }
  io.out(summary(out, performance.now() - t0));
}
