// How the recorder sends a request and reads the whole answer, in-process (through the
// handler, as test/helpers/fixture.ts inProcessSend does) and over a real socket. Unlike the
// fixture's senders these read every kind of body the core answers: a string or buffer, a
// server-sent-events stream (its opening, read until it goes quiet, then the client leaves)
// and a file (a backup download). Bodies come back as bytes; the recorder decides how to show them.
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import type { Handler } from '../../src/http/types.js';
import { browserHeaders, toHttpRequest } from '../helpers/fixture.js';

export interface RawRequest {
  method: string;
  /** Path and query. */
  path: string;
  /** The headers this request sets (lower-case names); nothing else is sent but what the
   * transport adds itself (host, content-length, connection) and, on a mutating request, the
   * Origin a browser on the panel's page sends. */
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: Buffer;
  /** True when the body is the opening of an event stream the client then closed. */
  stream: boolean;
}

export type RawSend = (req: RawRequest) => Promise<RawResponse>;

/** How long a stream must stay quiet before the client leaves it. */
const STREAM_QUIET_MS = 150;

/** Calls the handler directly: no socket. */
export function inProcessRaw(handle: Handler): RawSend {
  return async (r) => {
    const wire = toHttpRequest({ method: r.method, path: r.path, headers: r.headers });
    const res = await handle({ ...wire, body: r.body === undefined ? undefined : Buffer.from(r.body) });
    const headers = { ...res.headers };
    if (res.stream) {
      const chunks: string[] = [];
      const ac = new AbortController();
      let quiet: () => void = () => undefined;
      const done = res.stream((c) => {
        chunks.push(c);
        quiet();
        return true;
      }, ac.signal);
      await new Promise<void>((resolve) => {
        let timer = setTimeout(resolve, STREAM_QUIET_MS);
        quiet = () => {
          clearTimeout(timer);
          timer = setTimeout(resolve, STREAM_QUIET_MS);
        };
      });
      ac.abort();
      await done;
      return { status: res.status, headers, body: Buffer.from(chunks.join(''), 'utf8'), stream: true };
    }
    if (res.file) return { status: res.status, headers, body: readFileSync(res.file.path), stream: false };
    const body = res.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(res.body) ? res.body : Buffer.from(res.body, 'utf8');
    return { status: res.status, headers, body, stream: false };
  };
}

/** Sends over a real socket (node:http, keep-alive, one request at a time). */
export function socketRaw(baseUrl: string): RawSend & { close(): void } {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (r: RawRequest) =>
    new Promise<RawResponse>((resolve, reject) => {
      // What a browser on the panel's page adds (Origin on a mutating request), as in-process.
      const headers: Record<string, string> = browserHeaders({ method: r.method, path: r.path, headers: r.headers }, url.origin);
      if (r.body !== undefined) headers['content-length'] = String(Buffer.byteLength(r.body));
      const isStream = r.path.split('?')[0].endsWith('/events/stream');
      const req = httpRequest(
        { host: url.hostname, port: url.port, method: r.method, path: r.path, headers, agent: isStream ? false : agent },
        (res) => {
          const chunks: Buffer[] = [];
          const out: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
          const finish = (stream: boolean) => resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks), stream });
          if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
            let timer = setTimeout(leave, STREAM_QUIET_MS);
            function leave() {
              res.removeAllListeners('data');
              req.destroy();
              finish(true);
            }
            res.on('data', (c: Buffer) => {
              chunks.push(c);
              clearTimeout(timer);
              timer = setTimeout(leave, STREAM_QUIET_MS);
            });
            res.on('error', () => undefined);
            return;
          }
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => finish(false));
          res.on('error', reject);
        },
      );
      // After a stream is left, the socket's end is no news (the promise is settled already).
      req.on('error', reject);
      req.end(r.body);
    });
  return Object.assign(send, { close: () => agent.destroy() });
}
