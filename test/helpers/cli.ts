// Runs the built executable (dist/palpanel, built by the e2e project's global setup) as a user
// would. Only the e2e project's files (`*-e2e.test.ts`) may: the unit project never builds it.
import { spawn, type ChildProcess } from 'node:child_process';
import { BIN, ROOT } from './paths.js';

export { BIN, FIXTURES, ROOT } from './paths.js';
export { tempDir } from './temp.js';

/** The executable's path; refuses in the unit project, where dist/palpanel is not built (it may be stale or absent). */
export function builtExecutable(): string {
  if (process.env.PALPANEL_TEST_PROJECT === 'unit') {
    throw new Error(
      'this test runs dist/palpanel, which the unit project does not build: put it in a *-e2e.test.ts file (the e2e project)',
    );
  }
  return BIN;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  opts: { env?: Record<string, string>; input?: string; cwd?: string; cleanEnv?: boolean } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env = opts.cleanEnv ? { ...opts.env } : { ...process.env, ...opts.env };
    const child = spawn(builtExecutable(), args, { env, cwd: opts.cwd ?? ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(opts.input ?? '');
  });
}

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  stderr: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** serve processes not yet exited: a test that failed before stopping its own leaves them here. */
const serving = new Set<ChildProcess>();

/** Kills (SIGKILL) every serve process still running and waits for each to exit. */
export async function stopServeProcesses(): Promise<void> {
  await Promise.all(
    [...serving].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

/** Starts `dist/palpanel serve` and resolves once it printed its ready line. */
export function startServeProcess(args: string[], env: Record<string, string> = {}, timeoutMs = 15_000): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(builtExecutable(), ['serve', '--listen', '127.0.0.1:0', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    serving.add(child);
    child.once('exit', () => serving.delete(child));
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not become ready: ${err}`));
    }, timeoutMs);
    child.stderr.on('data', (c) => (err += c));
    child.stdout.on('data', (c) => {
      out += c;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({
          child,
          url: m[1],
          stderr: () => err,
          stop: (signal = 'SIGTERM') =>
            new Promise((res) => {
              if (child.exitCode !== null || child.signalCode !== null) return res(child.exitCode);
              child.once('exit', (code) => res(code));
              child.kill(signal);
            }),
        });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before ready: ${err}`));
    });
  });
}
