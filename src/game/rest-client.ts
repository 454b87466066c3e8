// Client of the game's official REST API (game-interfaces.md §1.1): the three polled reads,
// settings, game-data and the admin POST routes. Results are the decoded live-state types;
// failures are the named errors of errors.ts. Stateless apart from the connection pool.
import type { Dispatcher } from 'undici';
import type { OnlinePlayer, ServerInfo, ServerMetrics } from '../domain/live.js';
import { parseJson, str } from './coerce.js';
import { GameDataUnsupportedError, GameRequestRejectedError, GameUnreachableError, InvalidGameCommandError } from './errors.js';
import { decodeGameData, type GameDataFrame } from './game-data-decoder.js';
import { GameHttpTransport, type HttpAnswer } from './http-transport.js';
import { decodeInfo, decodeMetrics, decodePlayers, decodeSettings, type SettingValue } from './rest-decoders.js';

export interface GameRestClientOptions {
  /** e.g. `http://127.0.0.1:8212` (a path prefix is kept). */
  baseUrl: string;
  /** The game's AdminPassword; the user name is always `admin`. */
  password: string;
  /** Deadline of each call, headers and body together. Default 5 s. */
  timeoutMs?: number;
  /** Deadline of `/save` and `/shutdown`, which can take long on big worlds. Default 60 s. */
  slowTimeoutMs?: number;
  /** Body cap of every answer but game-data. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Body cap of game-data (362 KB measured for 500 actors). Default 8 MiB. */
  maxGameDataBytes?: number;
  /** Optional undici dispatcher; by default the client owns an Agent closed by `close()`. */
  dispatcher?: Dispatcher;
  /** Called as `/shutdown` or `/stop` is asked for: the stop that follows is palpanel's own, not a
   * crash (poller/crash-watch.ts). */
  onStopAsked?: () => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** A tighter deadline for this call (the pollers' backoff bound); never loosens the client's. */
  timeoutMs?: number;
}

const MIB = 1024 * 1024;
const MAX_MESSAGE = 500;
const MAX_ANSWER = 1000;
/** Platform-prefixed ids: `steam_7656…`, `gdk_…`, `ps5_…`. */
const USER_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

export class GameRestClient {
  private readonly http: GameHttpTransport;
  private readonly timeoutMs: number;
  private readonly slowTimeoutMs: number;
  private readonly maxBodyBytes: number;
  private readonly maxGameDataBytes: number;
  private readonly onStopAsked: () => void;

  constructor(opts: GameRestClientOptions) {
    this.onStopAsked = opts.onStopAsked ?? (() => undefined);
    this.http = new GameHttpTransport(opts.baseUrl, opts.password, opts.dispatcher);
    this.timeoutMs = opts.timeoutMs ?? 5_000;
    this.slowTimeoutMs = opts.slowTimeoutMs ?? 60_000;
    this.maxBodyBytes = opts.maxBodyBytes ?? MIB;
    this.maxGameDataBytes = opts.maxGameDataBytes ?? 8 * MIB;
  }

  async info(o: CallOptions = {}): Promise<ServerInfo> {
    return decoded(decodeInfo, await this.getJson('/info', o));
  }

  async players(o: CallOptions = {}): Promise<OnlinePlayer[]> {
    return decoded(decodePlayers, await this.getJson('/players', o));
  }

  async metrics(o: CallOptions = {}): Promise<ServerMetrics> {
    return decoded(decodeMetrics, await this.getJson('/metrics', o));
  }

  async settings(o: CallOptions = {}): Promise<Record<string, SettingValue>> {
    return decoded(decodeSettings, await this.getJson('/settings', o));
  }

  /** Throws GameDataUnsupportedError on the documented 404s. `map`: keep the live map's view
   * (names, guilds, positions) in `frame.map` too. */
  async gameData(o: CallOptions & { map?: boolean } = {}): Promise<GameDataFrame> {
    const a = await this.http.exchange({
      method: 'GET',
      path: '/v1/api/game-data',
      timeoutMs: this.deadline(o),
      maxBytes: this.maxGameDataBytes,
      signal: o.signal,
    });
    if (a.status === 404) {
      if (a.text.includes('GameData API is not enabled')) throw new GameDataUnsupportedError('not_enabled');
      throw new GameDataUnsupportedError('no_route');
    }
    return decoded((doc) => decodeGameData(doc, { map: o.map }), parseJson(okText(a)));
  }

  async announce(message: string, o: CallOptions = {}): Promise<string> {
    return this.post('/announce', { message: requireMessage(message) }, o);
  }

  async kick(userId: string, message?: string, o: CallOptions = {}): Promise<string> {
    return this.post('/kick', withMessage({ userid: requireUserId(userId) }, message), o);
  }

  async ban(userId: string, message?: string, o: CallOptions = {}): Promise<string> {
    return this.post('/ban', withMessage({ userid: requireUserId(userId) }, message), o);
  }

  async unban(userId: string, o: CallOptions = {}): Promise<string> {
    return this.post('/unban', { userid: requireUserId(userId) }, o);
  }

  async save(o: CallOptions = {}): Promise<string> {
    return this.post('/save', undefined, o, this.slowTimeoutMs);
  }

  async shutdown(waitSec: number, message?: string, o: CallOptions = {}): Promise<string> {
    if (!Number.isInteger(waitSec) || waitSec < 0 || waitSec > 86_400) {
      throw new InvalidGameCommandError('The shutdown delay must be a whole number of seconds from 0 to 86400.');
    }
    this.onStopAsked();
    return this.post('/shutdown', withMessage({ waittime: waitSec }, message), o, this.slowTimeoutMs);
  }

  async stop(o: CallOptions = {}): Promise<string> {
    this.onStopAsked();
    return this.post('/stop', undefined, o);
  }

  close(): Promise<void> {
    return this.http.close();
  }

  private deadline(o: CallOptions): number {
    const t = o.timeoutMs;
    return typeof t === 'number' && t > 0 ? Math.min(this.timeoutMs, t) : this.timeoutMs;
  }

  private async getJson(route: string, o: CallOptions): Promise<unknown> {
    const a = await this.http.exchange({
      method: 'GET',
      path: '/v1/api' + route,
      timeoutMs: this.deadline(o),
      maxBytes: this.maxBodyBytes,
      signal: o.signal,
    });
    // Decoded by body, not content type: some builds label JSON `text/plain`.
    return parseJson(okText(a));
  }

  /** POST routes answer plain text (`The message was announced.`); returned trimmed and bounded. */
  private async post(route: string, body: unknown, o: CallOptions, timeoutMs = this.timeoutMs): Promise<string> {
    const a = await this.http.exchange({
      method: 'POST',
      path: '/v1/api' + route,
      json: body ?? {},
      timeoutMs,
      maxBytes: this.maxBodyBytes,
      signal: o.signal,
    });
    return str(okText(a).trim(), MAX_ANSWER);
  }
}

function okText(a: HttpAnswer): string {
  if (a.status >= 200 && a.status < 300) return a.text;
  if (a.status === 404) throw new GameUnreachableError('not_found');
  throw new GameRequestRejectedError(a.status, str(a.text.trim(), MAX_ANSWER));
}

function decoded<T>(decode: (doc: unknown) => T | null, doc: unknown): T {
  const v = decode(doc);
  if (v === null) throw new GameUnreachableError('unreadable');
  return v;
}

function requireMessage(message: string): string {
  const m = typeof message === 'string' ? message.trim() : '';
  if (m === '') throw new InvalidGameCommandError('The message is empty.');
  if (m.length > MAX_MESSAGE) throw new InvalidGameCommandError(`The message is longer than ${MAX_MESSAGE} characters.`);
  return m;
}

function requireUserId(userId: string): string {
  const u = typeof userId === 'string' ? userId.trim() : '';
  if (!USER_ID.test(u)) throw new InvalidGameCommandError('The user id is not a platform user id.');
  return u;
}

function withMessage<T extends object>(body: T, message: string | undefined): T & { message?: string } {
  if (message === undefined || message.trim() === '') return body;
  return { ...body, message: requireMessage(message) };
}
