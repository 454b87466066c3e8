// Crash safety (issue: Store, Durability): keys created through the CLI while `serve` runs
// survive a SIGKILL of the server at a random moment, 20 times over (PALPANEL_TEST_CRASH_ROUNDS),
// and the store opens cleanly every time.
import { describe, expect, it } from 'vitest';
import { runCli, startServeProcess, tempDir } from '../helpers/cli.js';
import { countSetting } from '../helpers/counts.js';
import { seededRandom } from '../../src/lib/prng.js';

const ROUNDS = countSetting('PALPANEL_TEST_CRASH_ROUNDS', 20);

describe('crash safety', () => {
  it(
    `every key whose creation the CLI reported survives kill -9 of serve (${ROUNDS} rounds)`,
    async () => {
      const dir = tempDir();
      const random = seededRandom(20261122); // seeded, so a failing run can be repeated
      const reported = new Set<string>();
      for (let round = 0; round < ROUNDS; round++) {
        const server = await startServeProcess(['--data-dir', dir]);
        let killed = false;
        const creator = async () => {
          while (!killed) {
            const r = await runCli(['keys', 'create', '--label', `round ${round}`, '--data-dir', dir, '--json']);
            if (r.code === 0) {
              const rec = JSON.parse(r.stdout) as { id: string; revokedAt: string | null };
              reported.add(rec.id);
              // Stay under the active-key cap so creations keep succeeding.
              await runCli(['keys', 'revoke', rec.id, '--data-dir', dir, '--json']);
            }
          }
        };
        const workers = [creator(), creator()];
        await new Promise((r) => setTimeout(r, 150 + random() * 900));
        await server.stop('SIGKILL');
        killed = true;
        await Promise.all(workers);

        const restarted = await startServeProcess(['--data-dir', dir]);
        const list = await runCli(['keys', 'list', '--data-dir', dir, '--json']);
        expect(list.code).toBe(0);
        const ids = new Set((JSON.parse(list.stdout) as { id: string }[]).map((k) => k.id));
        for (const id of reported) expect(ids.has(id)).toBe(true);
        expect(await restarted.stop('SIGTERM')).toBe(0);
      }
      expect(reported.size).toBeGreaterThan(ROUNDS);
    },
    60_000 + ROUNDS * 9_000,
  );
});
