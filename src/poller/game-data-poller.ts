// The live game-data poller: when enabled, every interval it reads `/v1/api/game-data` into one
// shared cache that `/world/summary` and `/world/workers` read (they never call the game).
//
// States of `getCache(now).state` (the spec names them; the transitions are ours):
//
//   disabled      SERVICE_GAME_DATA is off. Never polls. Terminal.
//   pending       on, no attempt has completed yet.
//   ready         the last success is at most 3 intervals old (a transient failure since
//                 then keeps the data and the state: one lost answer is not news).
//   stale         there is data, but the last success is more than 3 intervals old, e.g.
//                 the game stopped answering. The old actors are still served, marked stale.
//   unsupported   the last answer was a 404: no game-data route, or the game runs without
//                 `-enable-gamedata-api`. Actors are dropped: the game said it has none.
//   unauthorized  the last answer was a 401. Actors are dropped.
//   unavailable   the last attempt failed (refused, timeout, 5xx, unreadable, oversized) and
//                 no data is held: nothing since start, or dropped by unsupported/unauthorized.
//
//   pending ──ok──▶ ready ──(age > 3 intervals)──▶ stale ──ok──▶ ready
//   any ──404──▶ unsupported ──ok──▶ ready;  any ──401──▶ unauthorized ──ok──▶ ready
//   pending/unsupported/unauthorized ──other failure──▶ unavailable ──ok──▶ ready
//
// `capturedAt` is the time of the last good answer, `lastAttemptAt` of the last completed
// attempt; each is absent until there is one. Polling continues in every state but disabled,
// with the backoff of backoff.ts after failures.
import { gameFailureWords, GameDataUnsupportedError, GameUnauthorizedError } from '../game/errors.js';
import type { GameDataFrame } from '../game/game-data-decoder.js';
import type { MapActor } from '../game/game-data-map.js';
import type { CallOptions } from '../game/rest-client.js';
import type { GameDataCache } from '../domain/live.js';
import { LinkTrack, type LinkState } from '../domain/link-track.js';
import { attemptTimeout } from './backoff.js';
import { PollLoop, type Timers } from './poll-loop.js';

/** What the poller needs of the REST client (GameRestClient satisfies it). */
export interface GameDataSource {
  gameData(o?: CallOptions & { map?: boolean }): Promise<GameDataFrame>;
}

export interface GameDataPollerOptions {
  source: GameDataSource;
  enabled: boolean;
  /** Also keep the live map's view of each answer (the panel's signed-in snapshot). */
  map?: boolean;
  intervalMs: number;
  now?: () => Date;
  timers?: Timers;
  onError?: (err: unknown) => void;
}

/** Data older than this many intervals is stale. */
export const STALE_AFTER_INTERVALS = 3;

type Outcome = 'none' | 'ok' | 'unsupported' | 'unauthorized' | 'failed';

export class GameDataPoller {
  private outcome: Outcome = 'none';
  private frame: GameDataFrame | null = null;
  private lastSuccessAt: Date | null = null;
  private lastAttemptAt: Date | null = null;
  private failures = 0;
  private lastErrorWords: string | null = null;
  /** Every attempt's outcome and since when it holds (the diagnostics screen). */
  private readonly track = new LinkTrack();
  private readonly loop: PollLoop;

  constructor(private readonly opts: GameDataPollerOptions) {
    this.loop = new PollLoop({
      intervalMs: opts.intervalMs,
      now: opts.now ?? (() => new Date()),
      timers: opts.timers,
      attempt: (now, signal) => this.pollOnce(now, signal),
      onError: opts.onError,
    });
  }

  /** The last failed attempt's reason in words; null once an attempt succeeds (panel health). */
  lastError(): string | null {
    return this.lastErrorWords;
  }

  /** Since when the game-data route answers or does not, and its last answer and failure. */
  link(): LinkState {
    return this.track.state();
  }

  start(signal?: AbortSignal): void {
    if (this.opts.enabled) this.loop.start(signal);
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One attempt at `now`. Never rejects; true on a good answer. A no-op when disabled. */
  async pollOnce(now: Date, signal?: AbortSignal): Promise<boolean> {
    if (!this.opts.enabled) return false;
    let frame: GameDataFrame;
    try {
      // After a failure the call is cut within the backoff bound (backoff.ts).
      const timeoutMs = this.failures > 0 ? attemptTimeout(this.opts.intervalMs) : undefined;
      frame = await this.opts.source.gameData({ signal, timeoutMs, map: this.opts.map });
    } catch (err) {
      if (signal?.aborted) return false;
      this.lastAttemptAt = now;
      this.failures++;
      this.lastErrorWords = gameFailureWords(err);
      this.track.fail(now, this.lastErrorWords);
      if (err instanceof GameDataUnsupportedError) this.drop('unsupported');
      else if (err instanceof GameUnauthorizedError) this.drop('unauthorized');
      else this.outcome = 'failed';
      return false;
    }
    if (signal?.aborted) return false;
    this.lastAttemptAt = now;
    this.failures = 0;
    this.lastErrorWords = null;
    this.track.ok(now);
    this.outcome = 'ok';
    this.frame = frame;
    this.lastSuccessAt = now;
    return true;
  }

  /** The live map's actors of the last good answer (names, guilds, positions: the panel's
   * signed-in snapshot only), with the cache's state as of `now`. */
  getMap(now: Date): { cache: GameDataCache; actors: MapActor[] } {
    const cache = this.getCache(now);
    return { cache, actors: cache.actors.length > 0 ? (this.frame?.map ?? []) : [] };
  }

  /** The cache as of `now` (staleness depends on the reader's clock). */
  getCache(now: Date): GameDataCache {
    if (!this.opts.enabled) return { state: 'disabled', actors: [] };
    if (this.outcome === 'none') return { state: 'pending', actors: [] };
    const stamps: Pick<GameDataCache, 'capturedAt' | 'lastAttemptAt'> = {};
    if (this.lastSuccessAt) stamps.capturedAt = this.lastSuccessAt.toISOString();
    if (this.lastAttemptAt) stamps.lastAttemptAt = this.lastAttemptAt.toISOString();
    if (this.outcome === 'unsupported' || this.outcome === 'unauthorized') {
      return { state: this.outcome, ...stamps, actors: [] };
    }
    if (!this.frame || !this.lastSuccessAt) return { state: 'unavailable', ...stamps, actors: [] };
    const age = now.getTime() - this.lastSuccessAt.getTime();
    const state = age > STALE_AFTER_INTERVALS * this.opts.intervalMs ? 'stale' : 'ready';
    return { state, ...stamps, fps: this.frame.fps, fpsAvg: this.frame.fpsAvg, actors: this.frame.actors };
  }

  private drop(outcome: 'unsupported' | 'unauthorized'): void {
    this.outcome = outcome;
    this.frame = null;
  }
}
