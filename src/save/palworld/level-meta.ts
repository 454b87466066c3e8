// LevelMeta.sav: the world's display name and in-game day (absent at its default, day 1).

import { decodeGvas } from '../gvas/file.js';
import { getNum, getProps, getStr } from '../gvas/types.js';
import type { WarningSink } from '../warnings.js';

export interface LevelMeta {
  worldName?: string;
  inGameDay: number;
}

export function decodeLevelMeta(gvas: Uint8Array, warnings: WarningSink): LevelMeta {
  const g = decodeGvas(gvas, 'LevelMeta.sav', warnings, { SaveData: { WorldName: true, InGameDay: true } });
  const data = getProps(g.props, 'SaveData');
  return { worldName: getStr(data, 'WorldName'), inGameDay: getNum(data, 'InGameDay') ?? 1 };
}
