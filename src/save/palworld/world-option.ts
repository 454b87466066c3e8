// WorldOption.sav: the world settings a host made in a local game and uploaded beside the world.
// The dedicated server takes the settings it holds from it, not from PalWorldSettings.ini (a
// common reason why edited settings "do nothing"). Its GVAS (`/Script/Pal.PalWorldOptionSaveGame`)
// holds `Version` and `OptionWorldData` → `Settings`, a `PalOptionWorldSettings` struct whose
// properties carry the settings file's names (`ExpRate`, `bIsPvP`, ...). Only the names are read.

import { openContainer } from '../container/container.js';
import { decodeGvas } from '../gvas/file.js';
import { getProps } from '../gvas/types.js';
import { WarningSink } from '../warnings.js';

export interface WorldOption {
  /** The settings it holds, by the settings file's names, in the file's order. */
  keys: string[];
  /** The file held a layout the reader does not know (some keys may be missing). */
  drift: boolean;
}

/** Decodes a WorldOption.sav; a file that is no readable save throws a SaveError. */
export async function decodeWorldOption(file: Uint8Array): Promise<WorldOption> {
  const { gvas } = await openContainer(file, { limit: 'maxWorldOptionBytes' });
  const warnings = new WarningSink();
  const g = decodeGvas(gvas, 'WorldOption.sav', warnings, { OptionWorldData: { Settings: true } });
  const settings = getProps(getProps(g.props, 'OptionWorldData'), 'Settings');
  return { keys: settings ? [...settings.keys()] : [], drift: warnings.drift };
}
