// Players/<UID>.sav: the player's personal containers (party and Palbox), capture records and,
// from 1.0, the wall-clock time the player was last online.

import { decodeGvas } from '../gvas/file.js';
import { getBigInt, getGuid, getMap, getNum, getProps, type Props, type Select } from '../gvas/types.js';
import type { WarningSink } from '../warnings.js';

export interface PlayerSave {
  uid?: string;
  partyContainerId?: string;
  boxContainerId?: string;
  captureTotal: number;
  uniquePalsCaptured: number;
  paldeckUnlocked: number;
  /** Per species, as the save keys them (`SheepBall`, `PinkRabbit_Grass`, also NPC ids such as
   * `Human`): the unlock flag and the capture count. A key in either map has an entry, so the
   * three counters above can be told from these alone. */
  species: PaldeckSpecies[];
  /** `LastOnlineDateTime` ticks (100 ns since 0001-01-01 UTC), 1.0 saves only. */
  lastOnlineTicks?: bigint;
  /** The player's item containers by what they hold (`InventoryInfo`, spelt `inventoryInfo` in
   * 0.1): container id → kind. Absent when the save has no inventory info. */
  inventory?: Map<string, PlayerContainerKind>;
}

export type PlayerContainerKind = 'inventory' | 'keyItems' | 'weapons' | 'armor' | 'food' | 'dropSlot';

/** The inventory info's members: the common inventory, key items, the weapon loadout, armour
 * and accessories, the food slots, and the slot of an item being dropped. */
const INVENTORY_MEMBERS: [string, PlayerContainerKind][] = [
  ['CommonContainerId', 'inventory'],
  ['EssentialContainerId', 'keyItems'],
  ['WeaponLoadOutContainerId', 'weapons'],
  ['PlayerEquipArmorContainerId', 'armor'],
  ['FoodEquipContainerId', 'food'],
  ['DropSlotContainerId', 'dropSlot'],
];

function inventoryOf(data: Props | undefined): Map<string, PlayerContainerKind> | undefined {
  const info = getProps(data, 'InventoryInfo') ?? getProps(data, 'inventoryInfo');
  if (!info) return undefined;
  const out = new Map<string, PlayerContainerKind>();
  for (const [member, kind] of INVENTORY_MEMBERS) {
    const id = getGuid(info, member);
    if (id && !out.has(id)) out.set(id, kind);
  }
  return out;
}

export interface PaldeckSpecies {
  key: string;
  unlocked: boolean;
  captured: number;
}

const PLAYER_SELECT: Select = {
  SaveData: {
    PlayerUId: true,
    OtomoCharacterContainerId: true,
    PalStorageContainerId: true,
    LastOnlineDateTime: true,
    InventoryInfo: true,
    inventoryInfo: true,
    RecordData: { TribeCaptureCount: true, PalCaptureCount: true, PaldeckUnlockFlag: true },
  },
};

export function decodePlayerSave(gvas: Uint8Array, file: string, warnings: WarningSink): PlayerSave {
  const g = decodeGvas(gvas, file, warnings, PLAYER_SELECT);
  const data = getProps(g.props, 'SaveData');
  const record: Props | undefined = getProps(data, 'RecordData');
  const species = new Map<string, PaldeckSpecies>();
  const entry = (key: unknown): PaldeckSpecies | undefined => {
    if (typeof key !== 'string' || key === '') return undefined;
    let e = species.get(key);
    if (!e) species.set(key, (e = { key, unlocked: false, captured: 0 }));
    return e;
  };
  let captureTotal = 0;
  for (const [k, v] of getMap(record, 'PalCaptureCount')?.entries ?? []) {
    if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0) continue;
    captureTotal += v;
    const e = entry(k);
    if (e) e.captured += v;
  }
  const inv = inventoryOf(data);
  let paldeckUnlocked = 0;
  for (const [k, v] of getMap(record, 'PaldeckUnlockFlag')?.entries ?? []) {
    if (v !== true) continue;
    paldeckUnlocked++;
    const e = entry(k);
    if (e) e.unlocked = true;
  }
  return {
    uid: getGuid(data, 'PlayerUId'),
    partyContainerId: getGuid(data, 'OtomoCharacterContainerId'),
    boxContainerId: getGuid(data, 'PalStorageContainerId'),
    captureTotal,
    uniquePalsCaptured: getNum(record, 'TribeCaptureCount') ?? 0,
    paldeckUnlocked,
    species: [...species.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
    lastOnlineTicks: getBigInt(data, 'LastOnlineDateTime'),
    ...(inv ? { inventory: inv } : {}),
  };
}
