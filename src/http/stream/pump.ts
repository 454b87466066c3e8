// The loop under every server-sent-events stream: subscribe first, then replay what the client
// missed, then deliver what arrives in order until the client leaves or a write is refused (the
// socket's buffer is full: the stream ends rather than buffer without bound). Subscribing before
// the replay means a message that arrives meanwhile is in the replay, the queue or both; the
// stream's `deliver` drops the second copy by its id. Comment lines keep proxies from closing an
// idle stream; `retry` tells the browser how long to wait before it reconnects.
import type { HttpResponse } from '../types.js';

export const HEARTBEAT_MS = 15_000;
const RETRY_MS = 2_000;

const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // nginx buffers proxied answers unless told not to.
  'x-accel-buffering': 'no',
});

export type Write = (chunk: string) => boolean;

export interface Pump<T> {
  subscribe(push: (m: T) => void): () => void;
  heartbeatMs: number;
  /** Writes what the client missed; false when a write was refused. */
  replay(write: Write): boolean;
  /** Writes one message that arrived (or skips it); false when a write was refused. */
  deliver(m: T, write: Write): boolean;
}

/** The 200 answer of a stream over `pump`; `done` runs when it ends (the slot given back). */
export function sseAnswer<T>(pump: Pump<T>, done: () => void): HttpResponse {
  return {
    status: 200,
    headers: { ...SSE_HEADERS },
    stream: (write, signal) => run(pump, write, signal).finally(done),
  };
}

async function run<T>(p: Pump<T>, write: Write, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  const queue: T[] = [];
  let wake: (() => void) | null = null;
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort, { once: true });
  const unsubscribe = p.subscribe((m) => {
    queue.push(m);
    wake?.();
  });
  const heartbeat = setInterval(() => write(': heartbeat\n\n'), p.heartbeatMs);
  try {
    if (!write(`retry: ${RETRY_MS}\n\n`)) return;
    if (!p.replay(write)) return;
    while (!signal.aborted) {
      while (queue.length > 0) if (!p.deliver(queue.shift() as T, write)) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
        if (signal.aborted || queue.length > 0) resolve();
      });
      wake = null;
    }
  } finally {
    clearInterval(heartbeat);
    unsubscribe();
    signal.removeEventListener('abort', onAbort);
  }
}
