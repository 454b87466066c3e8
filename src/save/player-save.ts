// Players/<UID>.sav: the player's personal containers (party and Palbox), capture records and,
// from 1.0, the wall-clock time the player was last online.

import { decodeGvas } from './gvas.js';
import { getBigInt, getGuid, getMap, getNum, getProps, type Props, type Select } from './gvas-types.js';
import type { WarningSink } from './warnings.js';

export interface PlayerSave {
  uid?: string;
  partyContainerId?: string;
  boxContainerId?: string;
  captureTotal: number;
  uniquePalsCaptured: number;
  paldeckUnlocked: number;
  /** `LastOnlineDateTime` ticks (100 ns since 0001-01-01 UTC), 1.0 saves only. */
  lastOnlineTicks?: bigint;
}

const PLAYER_SELECT: Select = {
  SaveData: {
    PlayerUId: true,
    OtomoCharacterContainerId: true,
    PalStorageContainerId: true,
    LastOnlineDateTime: true,
    RecordData: { TribeCaptureCount: true, PalCaptureCount: true, PaldeckUnlockFlag: true },
  },
};

export function decodePlayerSave(gvas: Uint8Array, file: string, warnings: WarningSink): PlayerSave {
  const g = decodeGvas(gvas, file, warnings, PLAYER_SELECT);
  const data = getProps(g.props, 'SaveData');
  const record: Props | undefined = getProps(data, 'RecordData');
  let captureTotal = 0;
  for (const [, v] of getMap(record, 'PalCaptureCount')?.entries ?? []) {
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) captureTotal += v;
  }
  let paldeckUnlocked = 0;
  for (const [, v] of getMap(record, 'PaldeckUnlockFlag')?.entries ?? []) if (v === true) paldeckUnlocked++;
  return {
    uid: getGuid(data, 'PlayerUId'),
    partyContainerId: getGuid(data, 'OtomoCharacterContainerId'),
    boxContainerId: getGuid(data, 'PalStorageContainerId'),
    captureTotal,
    uniquePalsCaptured: getNum(record, 'TribeCaptureCount') ?? 0,
    paldeckUnlocked,
    lastOnlineTicks: getBigInt(data, 'LastOnlineDateTime'),
  };
}
