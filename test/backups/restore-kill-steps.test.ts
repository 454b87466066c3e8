// A restore's swap killed before each of its steps, one kill a run (issue 26: a planted bug that
// left the commit point out of the journal survived the random kills of backup-crash.test.ts,
// which rarely land inside the few renames of the swap). A child process puts world B's save
// files in place of world A's with swapWorld, and SIGKILLs itself just before its k-th rename or
// removal (Node's own fs functions wrapped in the child; palpanel's code runs unchanged), for every
// k up to the number of steps a whole swap takes. Then the next start's recovery runs, and the
// folder must hold A or B byte for byte, never a mix, with the host's files kept and nothing of
// the restore left. Kills after the first file went in must end in B: the journal said so.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recoverRestore, RESTORE_MARKER } from '../../src/backups/restore.js';
import { FIXTURES, ROOT } from '../helpers/paths.js';
import { tempDir } from '../helpers/cli.js';
import { fileTree } from '../helpers/tree.js';

const OWNED = /^(Level\.sav|LevelMeta\.sav|WorldOption\.sav|Players\/[0-9A-Fa-f]{32}(_dps)?\.sav)$/;
const owned = (tree: Map<string, string>) => JSON.stringify([...tree].filter(([p]) => OWNED.test(p)).sort());
const foreign = (tree: Map<string, string>) => JSON.stringify([...tree].filter(([p]) => !OWNED.test(p)).sort());

// The child: counts the calls that change a folder (rename, remove) and dies just before the
// KILL_AT-th; KILL_AT=0 runs the whole swap and prints how many steps it took.
const CHILD = `
  import fs from 'node:fs';
  import { syncBuiltinESMExports } from 'node:module';
  const killAt = Number(process.env.KILL_AT);
  let steps = 0;
  for (const name of ['renameSync', 'rmSync', 'rmdirSync', 'unlinkSync']) {
    const real = fs[name];
    fs[name] = function (...args) {
      steps++;
      if (steps === killAt) process.kill(process.pid, 'SIGKILL');
      return real.apply(this, args);
    };
  }
  syncBuiltinESMExports();
  const { swapWorld } = await import(${JSON.stringify(join(ROOT, 'src/backups/world-swap.ts'))});
  const [dataDir, world, from] = process.argv.slice(-3);
  const files = JSON.parse(fs.readFileSync(from, 'utf8')).map(([path, b64]) => ({ path, data: Buffer.from(b64, 'base64') }));
  steps = 0;
  await swapWorld(dataDir, world, files);
  process.stdout.write('steps ' + steps + '\\n');
`;

describe('a restore killed before each step of its swap', () => {
  it('leaves world A or world B whole after the next start, B once a file went in, never a mix', () => {
    const root = tempDir('palpanel-kill-steps-');
    const worldB = new Map([...fileTree(join(FIXTURES, 'v0.6-world2'))].filter(([p]) => OWNED.test(p)));
    const filesOfB = join(root, 'b.json');
    writeFileSync(filesOfB, JSON.stringify([...worldB]));

    /** A fresh world A with the host's own files, and an empty data dir. */
    const lay = (k: number) => {
      const world = join(root, `world-${k}`);
      const dataDir = join(root, `data-${k}`);
      cpSync(join(FIXTURES, 'v0.6-world1'), world, { recursive: true });
      writeFileSync(join(world, 'notes.txt'), 'restart on Sundays');
      mkdirSync(join(world, 'backup', 'world'), { recursive: true });
      writeFileSync(join(world, 'backup', 'world', 'Level.sav'), 'the game keeps its own backups');
      mkdirSync(dataDir);
      return { world, dataDir };
    };
    const run = (k: number, world: string, dataDir: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD, dataDir, world, filesOfB], {
        cwd: ROOT,
        env: { ...process.env, KILL_AT: String(k) },
        encoding: 'utf8',
      });

    const dry = lay(0);
    const treeA = fileTree(dry.world);
    const [a, b, kept] = [owned(treeA), owned(new Map([...worldB])), foreign(treeA)];
    const whole = run(0, dry.world, dry.dataDir);
    expect(whole.stderr).toBe('');
    const steps = Number(/steps (\d+)/.exec(whole.stdout)?.[1]);
    expect(owned(fileTree(dry.world))).toBe(b);
    // The journal's two writes (staging, swapping), one rename for each file put in, and the
    // journal's removal at the end, at the least.
    expect(steps).toBeGreaterThanOrEqual(worldB.size + 3);

    const outcomes: string[] = [];
    let firstB = 0;
    for (let k = 1; k <= steps; k++) {
      const { world, dataDir } = lay(k);
      const r = run(k, world, dataDir);
      expect(r.signal, `kill ${k} of ${steps}: ${r.stderr}`).toBe('SIGKILL');
      recoverRestore(dataDir, () => undefined, world);
      const tree = fileTree(world);
      const now = owned(tree);
      const outcome = now === a ? 'A' : now === b ? 'B' : 'mixed';
      outcomes.push(outcome);
      if (outcome === 'B' && firstB === 0) firstB = k;
      expect(outcome, `kill before step ${k} of ${steps}`).not.toBe('mixed');
      expect(foreign(tree), `kill ${k}: the host's files`).toBe(kept);
      expect(readdirSync(world).filter((n) => n.startsWith('.palpanel-restore-'))).toEqual([]);
      expect(existsSync(join(dataDir, RESTORE_MARKER))).toBe(false);
    }
    // Up to the commit point the old world stays; from it on, the new one: once B, always B.
    expect(firstB).toBeGreaterThan(1);
    expect(outcomes.slice(firstB - 1).every((o) => o === 'B')).toBe(true);
    expect(outcomes.slice(0, firstB - 1).every((o) => o === 'A')).toBe(true);
  }, 240_000);
});
