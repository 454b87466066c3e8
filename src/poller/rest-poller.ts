// The REST poller: every interval it reads `/info`, `/players` and `/metrics`, keeps the last
// good answer as the LiveSnapshot that `/server`, `/metrics/current` and `/players?online`
// read, and turns changes into events and presence, each exactly once.
//
// Rules (the spec leaves them to us):
// - A cycle succeeds only if all three calls succeed (a partial answer would mix two moments).
// - Reachability has three phases: unknown (after start), reachable, unreachable. A restart of
//   palpanel resumes the phase (and who was online) that its event log last recorded, so the
//   log holds one event per change of the game, not per start of palpanel.
//   * The first successful cycle in unknown or unreachable emits `Palworld REST API is
//     reachable`, then a join per online player.
//   * `failuresBeforeUnreachable` (default 2) consecutive failed cycles make the game
//     unreachable: one lost answer on a busy server is not an outage. This holds from the
//     unknown phase too: a game already down when palpanel starts logs `... is unreachable`
//     once, after the second failure, so the log says why nobody shows online.
//   * Becoming unreachable closes every open session at the time the player was last seen:
//     a `leave` event (at that time) per online player, then the `unreachable` event (now),
//     so the log stays balanced and in time order.
// - Snapshot while unreachable: `reachable: false`, `players: []`, `problem` set; `info`,
//   `metrics` and `capturedAt` keep the last good answer (the HTTP layer shows empty or zero
//   live fields whenever `reachable` is false). During the first failure of a reachable game
//   the snapshot is left as it was.
// - Players are keyed by `playerId`; rows still loading (empty or zero id) are ignored and
//   left out of `players` until they have one.
// - Polling never stops in any phase; the gap after failures follows backoff.ts.
import { gameFailureWords, GameUnauthorizedError } from '../game/errors.js';
import type { CallOptions } from '../game/rest-client.js';
import type { LiveSnapshot, OnlinePlayer, ServerInfo, ServerMetrics } from '../domain/live.js';
import { say } from '../domain/server-text.js';
import { LinkTrack, type LinkState } from '../domain/link-track.js';
import { joinMessage, leaveMessage } from './event-text.js';
import { attemptTimeout } from './backoff.js';
import { OnlineTracker } from './online-tracker.js';
import { PollLoop, type Timers } from './poll-loop.js';
import type { EventSink, LiveEvent, PresencePlayer, PresenceSink } from './ports.js';

/** What the poller needs of the REST client (GameRestClient satisfies it). */
export interface RestSource {
  info(o?: CallOptions): Promise<ServerInfo>;
  players(o?: CallOptions): Promise<OnlinePlayer[]>;
  metrics(o?: CallOptions): Promise<ServerMetrics>;
}

export interface RestPollerOptions {
  source: RestSource;
  intervalMs: number;
  events: EventSink;
  presence: PresenceSink;
  now?: () => Date;
  timers?: Timers;
  failuresBeforeUnreachable?: number;
  /** Called after every cycle with the snapshot then current (metrics history, live push). */
  onSnapshot?: (s: LiveSnapshot) => void;
  /** After every successful cycle: everyone online (full REST rows, platform ids included),
   * those of them who joined in this cycle and those who left (moderation: whitelist,
   * remembered platform ids, join and leave announcements). */
  roster?: (online: readonly OnlinePlayer[], joined: readonly OnlinePlayer[], left: readonly PresencePlayer[], at: Date) => void;
  /** Failures of a sink or listener; the poller carries on. */
  onError?: (err: unknown) => void;
  /**
   * What the event log of a previous run last said, so a restart of palpanel is not logged as
   * a change of the game: after `reachable`, with these players online, the first poll emits
   * only real differences (no second `reachable`, no second join); after `unreachable`, a game
   * still down is not logged unreachable again.
   */
  resume?: { reachable: boolean; online: ResumedPlayer[]; refused?: boolean };
}

/** A player a previous run saw online (name sanitized again here), last seen at `lastSeen`. */
export interface ResumedPlayer extends PresencePlayer {
  lastSeen: Date;
}

type Phase = 'unknown' | 'reachable' | 'unreachable';

const EMPTY: LiveSnapshot = Object.freeze({ reachable: false, info: null, metrics: null, players: [], capturedAt: null });

export class RestPoller {
  private snapshot: LiveSnapshot = EMPTY;
  private phase: Phase = 'unknown';
  private failures = 0;
  /** Failed cycles since start (the `/metrics` counter). */
  private failedPolls = 0;
  private lastErrorWords: string | null = null;
  /** Every cycle's outcome and since when it holds (the diagnostics screen). */
  private readonly track = new LinkTrack();
  /** The refused password has been said since the game was last reachable. */
  private refusedSaid = false;
  private readonly tracker = new OnlineTracker();
  private readonly threshold: number;
  private readonly loop: PollLoop;
  /** Per-call deadline after a failure, so a hanging game cannot stretch the backoff gap. */
  private readonly callTimeoutMs: number;

  constructor(private readonly opts: RestPollerOptions) {
    this.callTimeoutMs = attemptTimeout(opts.intervalMs);
    this.threshold = Math.max(1, opts.failuresBeforeUnreachable ?? 2);
    if (opts.resume) {
      this.phase = opts.resume.reachable ? 'reachable' : 'unreachable';
      if (opts.resume.reachable) this.tracker.resume(opts.resume.online);
      this.refusedSaid = !opts.resume.reachable && opts.resume.refused === true;
    }
    this.loop = new PollLoop({
      intervalMs: opts.intervalMs,
      now: opts.now ?? (() => new Date()),
      timers: opts.timers,
      attempt: (now, signal) => this.pollOnce(now, signal),
      onError: opts.onError,
    });
  }

  getSnapshot(): LiveSnapshot {
    return this.snapshot;
  }

  /** A player the panel kicked or banned leaves the live list now, not at the next poll (the
   * game may list them a few seconds more); the next poll's list stands as the game gives it. */
  drop(uidKey: string): void {
    const k = uidKey.replace(/-/g, '').toUpperCase();
    const players = this.snapshot.players.filter((p) => String(p.playerId).replace(/-/g, '').toUpperCase() !== k);
    if (players.length !== this.snapshot.players.length) this.publish({ ...this.snapshot, players });
  }

  /** The last failed cycle's reason in words; null once a cycle succeeds (panel `/server`). */
  /** Failed poll cycles since start. */
  failedPollCount(): number {
    return this.failedPolls;
  }

  lastError(): string | null {
    return this.lastErrorWords;
  }

  /** Since when the game answers or does not, and its last answer and failure. */
  link(): LinkState {
    return this.track.state();
  }

  start(signal?: AbortSignal): void {
    this.loop.start(signal);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One cycle at `now`. Never rejects; true when the game answered. */
  async pollOnce(now: Date, signal?: AbortSignal): Promise<boolean> {
    let answer: [ServerInfo, OnlinePlayer[], ServerMetrics];
    try {
      const o = { signal, timeoutMs: this.failures > 0 ? this.callTimeoutMs : undefined };
      answer = await Promise.all([this.opts.source.info(o), this.opts.source.players(o), this.opts.source.metrics(o)]);
    } catch (err) {
      // Stopping is not a game failure: leave the state as it was.
      if (signal?.aborted) return false;
      this.failed(now, err);
      return false;
    }
    if (signal?.aborted) return false;
    this.succeeded(now, ...answer);
    return true;
  }

  private succeeded(now: Date, info: ServerInfo, players: OnlinePlayer[], metrics: ServerMetrics): void {
    const at = now.toISOString();
    this.failures = 0;
    this.lastErrorWords = null;
    this.track.ok(now);
    this.refusedSaid = false;
    if (this.phase !== 'reachable') {
      this.phase = 'reachable';
      this.emit({ at, kind: 'system', ...say('event.system.reachable') });
    }
    const t = this.tracker.update(players, now);
    for (const p of t.left) {
      this.emit({ at, kind: 'leave', ...leaveMessage(p.name) });
      this.safely(() => this.opts.presence.left(p.playerId, now));
    }
    for (const p of t.joined) this.emit({ at, kind: 'join', ...joinMessage(p.name) });
    this.safely(() => this.opts.presence.observe(t.online, now));
    const roster = this.opts.roster;
    if (roster) {
      const all = OnlineTracker.identified(players);
      const joinedIds = new Set(t.joined.map((p) => p.playerId));
      this.safely(() =>
        roster(
          all,
          all.filter((p) => joinedIds.has(p.playerId.toUpperCase())),
          t.left,
          now,
        ),
      );
    }
    this.publish({
      reachable: true,
      info,
      metrics,
      players: OnlineTracker.identified(players),
      capturedAt: at,
      lastAttemptAt: at,
    });
  }

  private failed(now: Date, err: unknown): void {
    const at = now.toISOString();
    this.failures++;
    this.failedPolls++;
    this.lastErrorWords = gameFailureWords(err);
    const problem = err instanceof GameUnauthorizedError ? 'unauthorized' : 'unreachable';
    this.track.fail(now, this.lastErrorWords, problem);
    if (this.phase !== 'unreachable' && this.failures >= this.threshold) {
      this.phase = 'unreachable';
      for (const p of this.tracker.clear()) {
        this.emit({ at: p.lastSeen.toISOString(), kind: 'leave', ...leaveMessage(p.name) });
        this.safely(() => this.opts.presence.left(p.playerId, p.lastSeen));
      }
      this.emit({ at, kind: 'system', ...say('event.system.unreachable') });
    }
    // Why, in the panel's words: a game that refuses the password is not a game that is down.
    if (this.phase === 'unreachable') {
      if (problem === 'unauthorized' && !this.refusedSaid) this.emit({ at, kind: 'system', ...say('event.system.passwordRefused') });
      this.refusedSaid = problem === 'unauthorized';
    }
    if (this.phase === 'reachable') {
      // Below the threshold: the last good snapshot still stands.
      this.publish({ ...this.snapshot, lastAttemptAt: at });
    } else {
      this.publish({ ...this.snapshot, reachable: false, players: [], lastAttemptAt: at, problem });
    }
  }

  private publish(s: LiveSnapshot): void {
    this.snapshot = Object.freeze({ ...s, players: Object.freeze([...s.players]) as OnlinePlayer[] });
    const listener = this.opts.onSnapshot;
    if (listener) this.safely(() => listener(this.snapshot));
  }

  private emit(ev: LiveEvent): void {
    this.safely(() => this.opts.events.append(ev));
  }

  private safely(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.opts.onError?.(err);
    }
  }
}
