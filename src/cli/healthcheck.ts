// `palpanel healthcheck`: asks the serve of this environment whether it is healthy, for a
// container's HEALTHCHECK (or a supervisor's probe) with no shell or curl in the image. It reads
// SERVICE_LISTEN as serve does, so the check follows the address serve listens on; an address
// that listens on every interface is asked on the loopback one. Exit 0: `/healthz` answered 200
// `{"status":"ok"}`; exit 1 with the reason in one line otherwise.
import { loadListen } from '../config/settings.js';
import type { CliIo } from './io.js';
import { UsageError } from './exit.js';

const TIMEOUT_MS = 5_000;

/** The URL of /healthz for a listen address. */
export function healthzUrl(host: string, port: number): string {
  if (port === 0)
    throw new UsageError('SERVICE_LISTEN has port 0 (a free port picked at start): healthcheck cannot know it; give a fixed port.');
  const h = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${h.includes(':') ? `[${h}]` : h}:${port}/healthz`;
}

export async function healthcheck(io: CliIo, opts: { listen?: string }): Promise<void> {
  const { host, port } = loadListen(io.env, opts.listen);
  const url = healthzUrl(host, port);
  let status: number;
  let body: unknown;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    status = res.status;
    body = await res.json().catch(() => null);
  } catch (err) {
    const why = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS / 1000} s` : 'nothing answers there';
    throw new Error(`The healthcheck of ${url} failed: ${why}.`, { cause: err });
  }
  if (status !== 200 || (body as { status?: unknown } | null)?.status !== 'ok')
    throw new Error(`The healthcheck of ${url} failed: it answered ${status}${status === 503 ? ' (failing)' : ''}.`);
  io.out(`ok ${url}\n`);
}
