// Builds dist/palpanel once per test run, so the end-to-end tests drive the real executable.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync('./build.sh', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, PALPANEL_SKIP_TYPECHECK: '1' } });
}
