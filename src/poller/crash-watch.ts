// The crash watch (issue 40): the game gone without a shutdown palpanel asked for is a crash. It
// reads two signs: the REST poller's snapshot turning unreachable (after its failure threshold),
// and the resources sampler seeing the game's process end. The first sign records the crash (a
// `crash` event, which webhooks receive, with the uptime the game last reported, its memory at
// the last sample and the log's last 50 lines); the game answering again records its return.
// A stop palpanel asked for (a countdown, a restore, the console's Shutdown) is marked first
// (`stopAsked`): every sign until the game is back is that stop, not a crash. The same watch
// records the game's version at each start (the first answer after a stop, or a lower uptime).
import type { LiveSnapshot } from '../domain/live.js';
import type { ResourceReadings } from '../domain/resources.js';
import type { Crash } from '../contract/panel/game-health.js';
import type { ServerMessage } from '../contract/messages/index.js';
import { say } from '../domain/server-text.js';

/** The store's side (store/game-record.ts). */
export interface CrashRecord {
  addCrash(
    c: { at: string; cause: Crash['cause']; uptimeSec: number | null; rssBytes: number | null; logTail: readonly string[] },
    message: ServerMessage,
  ): number;
  returned(at: string, message: (c: Crash) => ServerMessage): boolean;
  openCrash(): Crash | null;
  versionSeen(version: string, at: string): void;
  versionStillSeen(version: string, at: string): void;
}

export interface CrashWatchOptions {
  record: CrashRecord;
  resources?: ResourceReadings;
  /** The game log's last lines (part B's follower); default: none. */
  logTail?: (n: number) => string[];
  now: () => Date;
  /** How long a stop palpanel asked for may take to be seen before the mark lapses. */
  stopGraceMs?: number;
  /** Whether the REST API is polled (without it, the process alone says the game is back). */
  restPolled: boolean;
}

const LOG_LINES = 50;
const DAY_MS = 86_400_000;

/** 3 h 12 min, 4 min 5 s, 12 s. */
export function spokenSpan(sec: number): string {
  const s = Math.max(0, Math.round(sec));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  if (s < DAY_MS / 1000) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
}

const spokenBytes = (b: number) => (b >= 1024 ** 3 ? `${(b / 1024 ** 3).toFixed(1)} GiB` : `${Math.round(b / 1024 ** 2)} MiB`);

export function crashMessage(c: { cause: Crash['cause']; uptimeSec: number | null; rssBytes: number | null }): ServerMessage {
  return say('event.crash', {
    cause: c.cause,
    hasUptime: c.uptimeSec === null ? 'no' : 'yes',
    uptime: c.uptimeSec === null ? '' : spokenSpan(c.uptimeSec),
    hasMemory: c.rssBytes === null ? 'no' : 'yes',
    memory: c.rssBytes === null ? '' : spokenBytes(c.rssBytes),
    // The figures beside their English words: the web says them in its language (server-text.ts).
    ...(c.uptimeSec === null ? {} : { uptimeSec: Math.round(c.uptimeSec) }),
    ...(c.rssBytes === null ? {} : { memoryBytes: c.rssBytes }),
  });
}

export function returnMessage(c: Crash): ServerMessage {
  const downSec = Math.round((Date.parse(c.returnedAt ?? c.at) - Date.parse(c.at)) / 1000);
  return say('event.crash.returned', { down: spokenSpan(downSec), downSec });
}

export class CrashWatch {
  /** When palpanel asked the game to stop; null: no stop asked. */
  private asked: number | null = null;
  /** The stop asked for has been seen (the game went down). */
  private askedSeenDown = false;
  /** The game answered on the previous snapshot. */
  private up: boolean | null = null;
  private lastUptime: number | null = null;
  private version: { v: string; day: string } | null = null;
  /** The capture time of the last answer read: a snapshot without a newer one holds no news. */
  private lastCaptured: string | null = null;

  constructor(private readonly o: CrashWatchOptions) {}

  /** A stop palpanel asks for (the REST client's and the console's hook). */
  stopAsked(): void {
    this.asked = this.o.now().getTime();
    this.askedSeenDown = false;
  }

  /** Each REST snapshot (the poller's onSnapshot). */
  snapshot(s: LiveSnapshot): void {
    const now = this.o.now();
    // The poller hands on its old snapshot during a first failed poll: that is no sign the game
    // answers (and must not end a stop palpanel asked for, or its second failure would read as a
    // crash).
    if (s.reachable && s.capturedAt !== null && s.capturedAt === this.lastCaptured) return;
    if (s.reachable) {
      this.lastCaptured = s.capturedAt;
      const uptime = s.metrics?.uptimeSec ?? null;
      const restarted = this.up !== true || (uptime !== null && this.lastUptime !== null && uptime < this.lastUptime);
      this.up = true;
      this.lastUptime = uptime;
      if (this.asked !== null && (this.askedSeenDown || restarted)) this.asked = null;
      this.back(now);
      if (s.info?.version) this.seenVersion(s.info.version, restarted, now);
      return;
    }
    const wasUp = this.up;
    this.up = false;
    if (wasUp === true) this.gone('unreachable', now);
  }

  /** The sampler saw the game's process end. */
  processGone(last?: { rssBytes: number }): void {
    this.gone('process_gone', this.o.now(), last?.rssBytes);
  }

  /** The sampler sees the game's process (the return, when the REST API is not polled). */
  processSeen(): void {
    if (!this.o.restPolled) this.back(this.o.now());
  }

  private gone(cause: Crash['cause'], now: Date, rss?: number): void {
    const grace = this.o.stopGraceMs ?? 15 * 60_000;
    if (this.asked !== null && now.getTime() - this.asked > grace && !this.askedSeenDown) this.asked = null;
    if (this.asked !== null) {
      this.askedSeenDown = true;
      return;
    }
    if (this.o.record.openCrash() !== null) return; // one crash, seen by both signs
    const c = {
      at: now.toISOString(),
      cause,
      uptimeSec: this.lastUptime === null ? null : Math.round(this.lastUptime),
      rssBytes: rss ?? this.o.resources?.latest()?.game?.rssBytes ?? null,
      logTail: (this.o.logTail?.(LOG_LINES) ?? []).slice(-LOG_LINES),
    };
    this.o.record.addCrash(c, crashMessage(c));
  }

  private back(now: Date): void {
    this.o.record.returned(now.toISOString(), returnMessage);
  }

  private seenVersion(v: string, restarted: boolean, now: Date): void {
    const at = now.toISOString();
    const day = at.slice(0, 10);
    if (restarted || this.version?.v !== v) this.o.record.versionSeen(v, at);
    else if (this.version.day !== day) this.o.record.versionStillSeen(v, at);
    else return;
    this.version = { v, day };
  }
}
