// Builds dist/palpanel once per run, so the end-to-end tests drive the real executable. Only the
// e2e project lists this setup: `npm run test:unit` never builds.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync('./build.sh', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PALPANEL_SKIP_TYPECHECK: '1' } });
}
