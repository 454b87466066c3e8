// Runs the built executable (dist/palpanel, built by the global setup) as a user would.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'dist', 'palpanel');
export const FIXTURES = fileURLToPath(new URL('../../../shared/fixtures/saves/', import.meta.url));

export const tempDir = (prefix = 'palpanel-test-'): string => mkdtempSync(join(tmpdir(), prefix));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], opts: { env?: Record<string, string>; input?: string; cwd?: string; cleanEnv?: boolean } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env = opts.cleanEnv ? { ...opts.env } : { ...process.env, ...opts.env };
    const child = spawn(BIN, args, { env, cwd: opts.cwd ?? ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
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

/** Starts `dist/palpanel serve` and resolves once it printed its ready line. */
export function startServeProcess(args: string[], env: Record<string, string> = {}, timeoutMs = 15_000): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN, ['serve', '--listen', '127.0.0.1:0', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
