// The server card's state in words: the spec's `state` says only running or unreachable, so the
// panel's own fields say why (no game configured is not a game that is down, a refused password
// is not a server that is down).
import type { ServerStatus } from '../../types';
import type { Tone } from '../../ui/bits';

export interface CardState {
  key: 'running' | 'unreachable' | 'unauthorized' | 'pending' | 'notConfigured';
  badge: string;
  tone: Tone;
  /** A sentence under the name; null while running or not asked yet. */
  note: string | null;
}

/** `reachable`: the live stream's latest word (null before it has spoken). */
export function serverCardState(s: Pick<ServerStatus, 'state' | 'poller' | 'gameConfigured'>, reachable: boolean | null): CardState {
  if (!s.gameConfigured)
    return {
      key: 'notConfigured',
      badge: 'Not configured',
      tone: 'muted',
      note: 'No game server is configured: set SERVICE_GAME_REST_URL (e.g. http://127.0.0.1:8212) and SERVICE_GAME_ADMIN_PASSWORD, then restart palpanel. Players online, FPS and the game’s actions need it; the save data below comes from the save folder.',
    };
  if (s.poller?.state === 'pending') return { key: 'pending', badge: 'Not asked yet', tone: 'muted', note: null };
  if (s.poller?.state === 'unauthorized')
    return {
      key: 'unauthorized',
      badge: 'Refused the admin password',
      tone: 'bad',
      note: 'The game answers but refuses palpanel’s admin password (SERVICE_GAME_ADMIN_PASSWORD). Live figures return when it accepts it; the save data below is from the last parse.',
    };
  if (reachable === false || s.state !== 'running') {
    const last = s.poller?.lastError ? ` Last try: ${s.poller.lastError.replace(/\.$/, '')}.` : '';
    return {
      key: 'unreachable',
      badge: 'Unreachable',
      tone: 'bad',
      note: `palpanel cannot reach the game’s REST API.${last} Live figures return when it answers; the save data below is from the last parse.`,
    };
  }
  return { key: 'running', badge: 'Running', tone: 'ok', note: null };
}
