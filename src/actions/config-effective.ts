// The values the running game uses beside the file's (issue 27): the game's REST `/settings`
// (read through GameActions.settings, at most once a minute) gives the effective value of each
// setting of the file. An env or compose variable is matched by the game setting it writes; a
// setting the game does not report, a variable that writes no game setting (TZ, PUID), and every
// secret have none. The values are the game's own JSON; the web UI compares them with the file's.
import { KNOWN_BY_DOCKER } from '../game-config/known-keys.js';
import type { SettingValue } from './game-actions.js';
import type { ConfigSettingView, ConfigView } from './config-port.js';

/** `game`: read from the game's REST API; `unreachable`: it did not answer (or refused);
 * `not_configured`: palpanel has no game URL (SERVICE_GAME_REST_URL). */
export type EffectiveFrom = 'game' | 'unreachable' | 'not_configured';

export type WithEffective<V extends ConfigView> = Omit<V, 'settings'> & {
  effectiveFrom: EffectiveFrom;
  settings: (V['settings'][number] & { effective: SettingValue | null })[];
};

/** The view with each setting's effective value (null where the game does not say). `game`:
 * the game's settings, null when unreadable; undefined when no game is configured. */
export function withEffective<V extends ConfigView>(view: V, game: Record<string, SettingValue> | null | undefined): WithEffective<V> {
  const byLower = new Map(Object.entries(game ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const effective = (s: ConfigSettingView): SettingValue | null => {
    if (s.secret || !game) return null;
    const gameKey = view.format === 'ini' ? s.key : KNOWN_BY_DOCKER.get(s.key)?.key;
    return gameKey ? (byLower.get(gameKey.toLowerCase()) ?? null) : null;
  };
  return {
    ...view,
    effectiveFrom: game === undefined ? 'not_configured' : game === null ? 'unreachable' : 'game',
    settings: view.settings.map((s) => ({ ...s, effective: effective(s) })),
  };
}
