// Trivial recorders standing in for the store behind the poller's output ports (EventSink,
// PresenceSink): they only remember what they were given.
import type { EventSink, LiveEvent, PresencePlayer, PresenceSink } from '../../src/poller/ports.js';

export interface Recorded {
  events: LiveEvent[];
  presence: Array<{ kind: 'observe'; ids: string[]; at: string } | { kind: 'left'; id: string; at: string }>;
  sinks: { events: EventSink; presence: PresenceSink };
  /** Events since the last call, as `kind@time message` strings. */
  take(): string[];
}

export function record(t0: number): Recorded {
  const r: Recorded = {
    events: [],
    presence: [],
    sinks: {
      events: { append: (ev) => void r.events.push(ev) },
      presence: {
        observe: (online: readonly PresencePlayer[], at: Date) =>
          void r.presence.push({ kind: 'observe', ids: online.map((p) => p.playerId), at: at.toISOString() }),
        left: (id: string, at: Date) => void r.presence.push({ kind: 'left', id, at: at.toISOString() }),
      },
    },
    take() {
      const out = r.events.splice(0).map((e) => `${e.kind}@${(Date.parse(e.at) - t0) / 1000} ${e.message}`);
      return out;
    },
  };
  return r;
}

/** A fake clock and timers for the poll loop. */
export class FakeTime {
  private seq = 0;
  readonly pending = new Map<number, { at: number; fn: () => void; ms: number }>();
  constructor(public t: number) {}
  now = (): Date => new Date(this.t);
  timers = {
    setTimeout: (fn: () => void, ms: number): unknown => {
      const id = ++this.seq;
      this.pending.set(id, { at: this.t + ms, fn, ms });
      return id;
    },
    clearTimeout: (h: unknown): void => void this.pending.delete(h as number),
  };

  /** Waits (in real time) until the loop has scheduled its next attempt; returns the delay asked for. */
  async nextTimer(limitMs = 5_000): Promise<number> {
    const until = Date.now() + limitMs;
    while (this.pending.size === 0) {
      if (Date.now() > until) throw new Error('no timer was scheduled');
      await new Promise((r) => setTimeout(r, 2));
    }
    return [...this.pending.values()][0].ms;
  }

  /** Moves the clock to the first pending timer and runs it. */
  fire(): void {
    const [id, timer] = [...this.pending.entries()].sort((a, b) => a[1].at - b[1].at)[0];
    this.pending.delete(id);
    this.t = timer.at;
    timer.fn();
  }
}
