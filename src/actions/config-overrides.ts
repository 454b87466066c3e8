// The configuration as the game really applies it: a WorldOption.sav in the world folder
// overrides PalWorldSettings.ini (ingest/world-option.ts). Each setting of the deployment file is
// marked `overrides` when the WorldOption.sav holds it, `may_override` when that file cannot be
// read (any setting may come from it), null otherwise; an env file's variables are matched by the
// game setting each one writes.
import type { WorldOptionReport } from '../ingest/world-option.js';
import { KNOWN_BY_DOCKER } from '../game-config/known-keys.js';
import type { ConfigSettingView, ConfigView } from './config-port.js';

export type WorldOptionMark = 'overrides' | 'may_override' | null;

export type MarkedConfigView = Omit<ConfigView, 'settings'> & {
  worldOption: WorldOptionReport | null;
  settings: (ConfigSettingView & { worldOption: WorldOptionMark })[];
};

/** The view with the WorldOption.sav of the followed world said and its settings marked. */
export function withWorldOption(view: ConfigView, wo: WorldOptionReport | null): MarkedConfigView {
  const held = wo?.settings ? new Set(wo.settings.map((k) => k.toLowerCase())) : null;
  const mark = (s: ConfigSettingView): WorldOptionMark => {
    if (!wo?.present) return null;
    const gameKey = view.format === 'ini' ? s.key : KNOWN_BY_DOCKER.get(s.key)?.key;
    if (!gameKey) return null; // an env variable that writes no game setting (TZ, PUID, ...)
    if (!held) return 'may_override';
    return held.has(gameKey.toLowerCase()) ? 'overrides' : null;
  };
  return { ...view, worldOption: wo, settings: view.settings.map((s) => ({ ...s, worldOption: mark(s) })) };
}
