// The game's links on the diagnostics screen: its REST API (the poller), RCON (the console) and
// its game-data route. Each says its state in words, since when, and what the host can do.
import type { LinkState } from '../../../domain/link-track.js';
import type { Channel } from '../../../contract/panel/diagnostics.js';
import { ageMs, spanWords } from './words.js';

const times = (l: LinkState | null) => ({ lastSuccessAt: l?.lastSuccessAt ?? null, lastFailureAt: l?.lastFailureAt ?? null });
const forHow = (l: LinkState, now: Date) => spanWords(ageMs(l.since, now) ?? 0);

const REST_SETUP =
  'Check that the game server is running with RESTAPIEnabled=True in PalWorldSettings.ini, and that SERVICE_GAME_REST_URL points at its RESTAPIPort (usually 8212) from where palpanel runs.';

/** The REST poller: `state` is its phase (`pending`, `running`, `unreachable`, `unauthorized`); null: no game configured. */
export function restChannel(rest: { state: string; link: LinkState } | null, now: Date): Channel {
  const base = { id: 'rest', title: 'Game REST API' } as const;
  if (!rest) {
    return {
      ...base,
      state: 'off',
      words: 'No game REST API is set, so palpanel shows no live players or figures and cannot act on the game.',
      since: null,
      ...times(null),
      advice: `Set SERVICE_GAME_REST_URL and SERVICE_GAME_ADMIN_PASSWORD. ${REST_SETUP}`,
    };
  }
  const l = rest.link;
  if (rest.state === 'pending' || l.state === 'unknown') {
    return { ...base, state: 'warning', words: 'palpanel has not heard from the game yet.', since: null, ...times(l), advice: null };
  }
  if (rest.state === 'unauthorized') {
    return {
      ...base,
      state: 'failing',
      words: `The game has refused the admin password for ${forHow(l, now)}.`,
      since: l.since,
      ...times(l),
      advice: "Set SERVICE_GAME_ADMIN_PASSWORD to the game's AdminPassword (PalWorldSettings.ini), then restart palpanel.",
    };
  }
  if (rest.state !== 'running') {
    return {
      ...base,
      state: 'failing',
      words: `The game's REST API has not answered for ${forHow(l, now)}.${l.lastError ? ` Last try: ${l.lastError}.` : ''}`,
      since: l.since,
      ...times(l),
      advice: REST_SETUP,
    };
  }
  if (l.state === 'failing') {
    return {
      ...base,
      state: 'warning',
      words: 'The game missed its last answer; one more miss and palpanel counts it as down.',
      since: l.since,
      ...times(l),
      advice: null,
    };
  }
  return {
    ...base,
    state: 'ok',
    words: `The game has answered every poll for ${forHow(l, now)}.`,
    since: l.since,
    ...times(l),
    advice: null,
  };
}

const RCON_ADVICE: Record<string, string> = {
  refused: "Set SERVICE_RCON_PASSWORD to the game's AdminPassword (PalWorldSettings.ini), then restart palpanel.",
  timeout:
    'The game took the connection but did not answer: check that the game server is not stuck, and that SERVICE_RCON_ADDR is its RCON port.',
  unreachable:
    'Check that the game runs with RCONEnabled=True in PalWorldSettings.ini, and that SERVICE_RCON_ADDR is its host and RCONPort (usually 25575) as palpanel reaches it.',
};

/** The console's RCON link; null: RCON is not set up (a normal state: the game deprecates it). */
export function rconChannel(rcon: LinkState | null, now: Date): Channel {
  const base = { id: 'rcon', title: 'RCON' } as const;
  if (!rcon) {
    return {
      ...base,
      state: 'off',
      words: 'RCON is not set up. Only the console and item grants without PalDefender need it; the game deprecates RCON.',
      since: null,
      ...times(null),
      advice: 'For the console, set SERVICE_RCON_ADDR and SERVICE_RCON_PASSWORD (and RCONEnabled=True in the game), then restart palpanel.',
    };
  }
  if (rcon.state === 'unknown') {
    return { ...base, state: 'warning', words: 'RCON has not been tried yet.', since: null, ...times(rcon), advice: null };
  }
  if (rcon.state === 'failing') {
    const why = rcon.lastError ?? 'The RCON session failed.';
    return {
      ...base,
      state: 'failing',
      words: `${why} Failing for ${forHow(rcon, now)}.`,
      since: rcon.since,
      ...times(rcon),
      advice: RCON_ADVICE[rcon.lastCode ?? ''] ?? RCON_ADVICE.unreachable,
    };
  }
  return { ...base, state: 'ok', words: 'RCON answers and takes the password.', since: rcon.since, ...times(rcon), advice: null };
}

const GAME_DATA_SETUP = 'Start the game with its game-data API enabled (Palworld 1.0 or later), or set SERVICE_GAME_DATA=off.';

/** The game-data poller: `state` is the world summary's state; null: no game configured. */
export function gameDataChannel(gd: { state: string; link: LinkState } | null, now: Date): Channel {
  const base = { id: 'game-data', title: 'Live game data' } as const;
  const l = gd?.link ?? null;
  const off = (words: string, advice: string | null): Channel => ({ ...base, state: 'off', words, since: null, ...times(l), advice });
  if (!gd) return off('Live game data needs the game REST API, which is not set.', null);
  if (gd.state === 'disabled') {
    return off(
      'Live game data is off: the map shows no live positions and bases no live workers.',
      'Set SERVICE_GAME_DATA=on when the game serves its game-data API.',
    );
  }
  const link = gd.link;
  const fail = (words: string, advice: string): Channel => ({
    ...base,
    state: 'failing',
    words,
    since: link.since,
    ...times(link),
    advice,
  });
  switch (gd.state) {
    case 'pending':
      return { ...base, state: 'warning', words: 'No game data has been read yet.', since: null, ...times(link), advice: null };
    case 'ready':
      return { ...base, state: 'ok', words: 'Live game data is read.', since: link.since, ...times(link), advice: null };
    case 'stale':
      return {
        ...base,
        state: 'warning',
        words: `The last game data is ${spanWords(ageMs(link.lastSuccessAt, now) ?? 0)} old; the map shows it marked as old.`,
        since: link.since,
        ...times(link),
        advice: 'This follows the game REST API: when the game answers again, so does its game data.',
      };
    case 'unsupported':
      return fail(`The game has no game-data API (for ${forHow(link, now)}).`, GAME_DATA_SETUP);
    case 'unauthorized':
      return fail(
        `The game refuses the admin password for game data (for ${forHow(link, now)}).`,
        "Set SERVICE_GAME_ADMIN_PASSWORD to the game's AdminPassword.",
      );
    default:
      return fail(`Game data could not be read for ${forHow(link, now)}.`, REST_SETUP);
  }
}
