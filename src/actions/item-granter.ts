// Item grants (issue 13, REST first in issue 29): vanilla Palworld cannot give items, the mod
// PalDefender can. Its REST API (SERVICE_PALDEFENDER_URL and SERVICE_PALDEFENDER_TOKEN: bearer
// tokens with permission scopes, the split `/give/items` route) is the supported way; its RCON
// command `giveitems` is the fallback when no token is configured or the REST API does not
// answer, since the game deprecates RCON. Whether items can be given, and why not, is said in
// words; every grant asked for is recorded with its outcome (store/item-grants.ts).
import type { Actor } from '../domain/actor.js';
import { ConflictError, GameUnavailableError, ValidationError } from '../domain/errors.js';
import {
  GameUnreachableError,
  InvalidGameCommandError,
  PalDefenderAbsentError,
  PalDefenderPermissionError,
  PalDefenderRefusedError,
  PalDefenderTokenError,
} from '../game/errors.js';
import type { PalDefenderClient } from '../game/paldefender-client.js';
import { itemsText, type GrantItem, type ItemGrantRecord } from '../store/item-grants.js';
import type { Store } from '../store/index.js';
import type { ConsolePort } from './console-port.js';

export interface ItemCapability {
  capable: boolean;
  /** How items go: PalDefender's REST API, or its RCON command; null when they cannot. */
  via: 'rest' | 'rcon' | null;
  reason: string;
}

export interface GrantTarget {
  uid: string;
  /** The platform user id (`steam_…`, `gdk_…`, `ps5_…`) the game listed for the online player. */
  userId: string;
  playerName: string;
}

export interface ItemGranter {
  capability(): Promise<ItemCapability>;
  /** Gives the items and records the outcome. A refusal throws ConflictError (409) in words,
   * a PalDefender or RCON that does not answer GameUnavailableError (503); both are recorded. */
  grant(actor: Actor, target: GrantTarget, items: GrantItem[]): Promise<ItemGrantRecord>;
}

export const NO_ITEM_PATH =
  'Items are given through PalDefender, a server mod: set SERVICE_PALDEFENDER_URL and SERVICE_PALDEFENDER_TOKEN for its REST API (or RCON, which the game deprecates: SERVICE_RCON_ADDR and SERVICE_RCON_PASSWORD).';

/** How long the capability probe waits for PalDefender (a page waits on it). */
const PROBE_TIMEOUT_MS = 3_000;

/** PalDefender's error codes for a grant, in words (its own message follows them). */
const REFUSAL_WORDS: Record<string, string> = {
  VALIDATION_FAILED: 'an item id it does not know, a count too large, or a full inventory',
  PLAYER_NOT_FOUND: 'the player is not online',
  INVALID_REQUEST: 'it did not accept the request',
  GRANT_FAILED: 'the game did not give the items',
  REQUEST_TIMEOUT: 'the game did not give the items in time',
};

/** A failure of PalDefender's REST API in words a host can act on, and the error to answer with. */
export function palDefenderFailure(err: unknown): ConflictError | GameUnavailableError | ValidationError {
  if (err instanceof InvalidGameCommandError) return new ValidationError(err.message);
  if (err instanceof PalDefenderTokenError)
    return new ConflictError(
      'conflict',
      "PalDefender refused the token (SERVICE_PALDEFENDER_TOKEN): is it a file in PalDefender's RESTAPI/Tokens folder, and was the game restarted since?",
    );
  if (err instanceof PalDefenderPermissionError)
    return new ConflictError(
      'conflict',
      `PalDefender refused: its token lacks ${err.permission ? `the permission ${err.permission}` : 'the permission this needs'}. Add it to the token's file in PalDefender's RESTAPI/Tokens folder and restart the game server.`,
    );
  if (err instanceof PalDefenderAbsentError)
    return new ConflictError(
      'conflict',
      "Something other than PalDefender's REST API answers at SERVICE_PALDEFENDER_URL (is the port right?).",
    );
  if (err instanceof PalDefenderRefusedError) {
    const why = REFUSAL_WORDS[err.pdCode] ?? `it answered ${err.pdCode || `HTTP ${err.status}`}`;
    return new ConflictError('conflict', `PalDefender refused: ${why}${err.pdMessage ? ` (“${err.pdMessage}”)` : ''}.`);
  }
  if (err instanceof GameUnreachableError) {
    const why =
      err.reason === 'refused'
        ? 'is not reachable at SERVICE_PALDEFENDER_URL (is it Enabled in its RESTAPI/RESTConfig.json, and the port right?)'
        : err.reason === 'timeout'
          ? 'did not answer in time'
          : err.reason === 'server_error'
            ? 'answered with an internal error'
            : 'could not be read';
    return new GameUnavailableError(`PalDefender's REST API ${why}.`);
  }
  throw err;
}

/** Whether PalDefender answers over RCON: its `getrconcmds` lists `giveitems`. */
async function rconCapability(rcon: ConsolePort): Promise<ItemCapability> {
  try {
    const reply = await rcon.run('getrconcmds');
    if (/^giveitems\b/im.test(reply.text))
      return { capable: true, via: 'rcon', reason: 'PalDefender answers over RCON: items can be given to online players.' };
    return {
      capable: false,
      via: null,
      reason: 'The game server does not have PalDefender (it does not know getrconcmds or giveitems): vanilla Palworld cannot give items.',
    };
  } catch (err) {
    if (err instanceof GameUnavailableError) return { capable: false, via: null, reason: err.message };
    throw err;
  }
}

export function createItemGranter(parts: { store: Store; palDefender?: PalDefenderClient | null; console?: ConsolePort }): ItemGranter {
  const { store, palDefender: pd, console: rcon } = parts;

  async function capability(): Promise<ItemCapability> {
    let restWhy: string | null = null;
    if (pd) {
      try {
        const version = await pd.version({ timeoutMs: PROBE_TIMEOUT_MS });
        return {
          capable: true,
          via: 'rest',
          reason: `PalDefender ${version} answers on its REST API: items can be given to online players.`,
        };
      } catch (err) {
        restWhy = palDefenderFailure(err).message;
      }
    }
    if (!rcon) return { capable: false, via: null, reason: restWhy ?? NO_ITEM_PATH };
    const viaRcon = await rconCapability(rcon);
    if (!restWhy) return viaRcon;
    return viaRcon.capable
      ? { ...viaRcon, reason: `${restWhy} Items go through PalDefender's RCON command instead.` }
      : { ...viaRcon, reason: `${restWhy} ${viaRcon.reason}` };
  }

  async function grantRest(actor: Actor, base: GrantTarget & { items: GrantItem[] }): Promise<ItemGrantRecord> {
    try {
      const n = await pd!.giveItems(base.userId, base.items);
      return store.itemGrants.record(actor, {
        ...base,
        outcome: 'granted',
        detail: `Given through PalDefender's REST API (${n} of ${base.items.length}).`,
      });
    } catch (err) {
      const error = palDefenderFailure(err);
      if (!(error instanceof ValidationError)) store.itemGrants.record(actor, { ...base, outcome: 'failed', detail: error.message });
      throw error;
    }
  }

  async function grantRcon(actor: Actor, base: GrantTarget & { items: GrantItem[] }): Promise<ItemGrantRecord> {
    const command = `giveitems ${base.userId} ${base.items.map((i) => `${i.itemId}:${i.count}`).join(' ')}`;
    let reply: string;
    try {
      reply = (await rcon!.run(command)).text.trim();
    } catch (err) {
      if (err instanceof GameUnavailableError) store.itemGrants.record(actor, { ...base, outcome: 'failed', detail: err.message });
      throw err;
    }
    // PalDefender answers in words; a refusal names the problem (not online, unknown item, full).
    const failed = reply === '' || /not online|unknown|invalid|fail|error|full|cannot|can't/i.test(reply);
    const rec = store.itemGrants.record(actor, { ...base, outcome: failed ? 'failed' : 'granted', detail: reply || 'no reply' });
    if (failed) throw new ConflictError('conflict', `The game did not give ${itemsText(base.items)}: ${reply || 'it sent no reply'}`);
    return rec;
  }

  return {
    capability,
    async grant(actor, target, items) {
      const cap = await capability();
      if (!cap.capable) throw new ConflictError('conflict', cap.reason);
      const base = { ...target, items };
      return cap.via === 'rest' ? grantRest(actor, base) : grantRcon(actor, base);
    },
  };
}
