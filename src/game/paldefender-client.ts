// Client of PalDefender's REST API (game-interfaces.md §4 and §5.2): the mod's own HTTP server
// (default port 17993), bearer tokens with per-endpoint permissions. palpanel uses two routes:
// `GET /v1/pdapi/version` to learn whether PalDefender is there (the capability probe), and the
// split grant route `POST /v1/pdapi/give/items/<player>` (permission `REST.Items.Give`), which
// replaces the deprecated `POST /v1/pdapi/give`. Failures are the named errors of errors.ts; the
// mod's own words come back bounded, never trusted for shape.
import type { Dispatcher } from 'undici';
import { asRecord, num, parseJson, str } from './coerce.js';
import {
  GameUnauthorizedError,
  GameUnreachableError,
  InvalidGameCommandError,
  PalDefenderAbsentError,
  PalDefenderPermissionError,
  PalDefenderRefusedError,
  PalDefenderTokenError,
} from './errors.js';
import { GameHttpTransport, type HttpAnswer } from './http-transport.js';

export interface PalDefenderClientOptions {
  /** e.g. `http://127.0.0.1:17993` (a path prefix is kept). */
  baseUrl: string;
  /** A token PalDefender reads from its `RESTAPI/Tokens/*.json` at boot. */
  token: string;
  /** Deadline of each call. PalDefender gives the game thread 5 s for a grant; default 10 s. */
  timeoutMs?: number;
  dispatcher?: Dispatcher;
}

export interface PalDefenderItem {
  itemId: string;
  count: number;
}

/** The permission each route needs, where PalDefender's docs name it. */
export const PD_PERMISSION = { giveItems: 'REST.Items.Give', version: null } as const;

const MAX_BODY = 64 * 1024;
const MAX_WORDS = 200;
/** `UserId` (`steam_…`, `gdk_…`, `ps5_…`) or a 32-hex `PlayerUID`. */
const PLAYER = /^[A-Za-z0-9_.:-]{1,128}$/;

export class PalDefenderClient {
  private readonly http: GameHttpTransport;
  private readonly timeoutMs: number;

  constructor(opts: PalDefenderClientOptions) {
    this.http = new GameHttpTransport(opts.baseUrl, { bearer: opts.token }, opts.dispatcher);
    this.timeoutMs = opts.timeoutMs ?? 10_000;
  }

  /** PalDefender's version, e.g. `1.5.2`; the probe that it answers and takes the token. */
  async version(o: { timeoutMs?: number } = {}): Promise<string> {
    const doc = asRecord(await this.call('GET', '/version', undefined, PD_PERMISSION.version, o.timeoutMs));
    // `{"Version":{"Major",…,"Version","VersionLong"}}`; older docs spell it in lower case.
    const v = asRecord(doc?.Version) ?? asRecord(doc?.version) ?? doc;
    const text = str(v?.Version ?? v?.version_str ?? v?.VersionLong ?? v?.version_str_long, 64);
    if (text) return text;
    const parts = ['Major', 'Minor', 'Patch'].map((k) => v?.[k] ?? v?.[k.toLowerCase()]);
    return parts.every((x) => x !== undefined) ? parts.map((x) => num(x)).join('.') : 'unknown';
  }

  /** Gives items to an online player; resolves with how many item stacks PalDefender granted. */
  async giveItems(player: string, items: PalDefenderItem[]): Promise<number> {
    const who = typeof player === 'string' ? player.trim() : '';
    if (!PLAYER.test(who)) throw new InvalidGameCommandError('The player id is not a platform user id.');
    const body = { Items: items.map((i) => ({ ItemID: i.itemId, Count: i.count })) };
    const doc = asRecord(await this.call('POST', `/give/items/${encodeURIComponent(who)}`, body, PD_PERMISSION.giveItems));
    return num(asRecord(doc?.Granted)?.Items, items.length);
  }

  close(): Promise<void> {
    return this.http.close();
  }

  private async call(
    method: 'GET' | 'POST',
    route: string,
    json: unknown,
    permission: string | null,
    timeoutMs?: number,
  ): Promise<unknown> {
    let a: HttpAnswer;
    try {
      a = await this.http.exchange({
        method,
        path: '/v1/pdapi' + route,
        json,
        timeoutMs: timeoutMs && timeoutMs > 0 ? Math.min(timeoutMs, this.timeoutMs) : this.timeoutMs,
        maxBytes: MAX_BODY,
      });
    } catch (err) {
      if (err instanceof GameUnauthorizedError) throw new PalDefenderTokenError();
      throw err;
    }
    if (a.status >= 200 && a.status < 300) return parseJson(a.text);
    const e = asRecord(asRecord(parseJson(a.text))?.Error);
    const code = str(e?.Code, 64);
    if (a.status === 403) throw new PalDefenderPermissionError(str(e?.Details, 64).match(/REST(\.[A-Za-z]+)+/)?.[0] ?? permission);
    if (a.status === 404 && !code) throw new PalDefenderAbsentError();
    if (a.status >= 400 && a.status < 500) throw new PalDefenderRefusedError(a.status, code, words(e?.Message));
    throw new GameUnreachableError('unreadable');
  }
}

/** The mod's message on one line, printable, bounded: shown to the admin, never trusted. */
function words(v: unknown): string {
  return str(v, MAX_WORDS)
    .replace(/\p{Cc}+/gu, ' ')
    .trim();
}
