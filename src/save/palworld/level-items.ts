// The item parts of Level.sav's worldSaveData, read after the GVAS walk: dynamic items, the map
// objects that own containers and the guilds' shared storage (the containers themselves are read
// entry by entry during the walk: level.ts). Each element that fits no known layout is a drift
// warning and is skipped; the rest is kept.

import { SaveError } from '../errors.js';
import { getArray, getBytes, getMap, isProps, type Props, type Select } from '../gvas/types.js';
import {
  decodeDynamicItem,
  decodeGuildStorage,
  decodeMapObject,
  type DynamicItemRaw,
  type ItemContainerRaw,
  type MapObjectRaw,
} from './item-containers.js';
import { blobOffset, type RawCtx } from './raw-common.js';

export interface LevelItems {
  containers: ItemContainerRaw[];
  dynamic: DynamicItemRaw[];
  mapObjects: MapObjectRaw[];
  /** Guild id → the container of its shared storage. */
  guildStorage: Map<string, string>;
}

/** The parts of worldSaveData the items need, narrowed as in level.ts's selection. */
export const ITEM_SELECT: Record<string, Select> = {
  ItemContainerSaveData: { Slots: { SlotIndex: true, ItemId: true, StackCount: true, RawData: true }, SlotNum: true },
  DynamicItemSaveData: { RawData: true },
  MapObjectSaveData: { MapObjectId: true, Model: { RawData: true }, ConcreteModel: { ModuleMap: { RawData: true } } },
  GuildExtraSaveDataMap: { GuildItemStorage: { RawData: true } },
};

export const ITEM_CONTAINERS = 'worldSaveData.ItemContainerSaveData';
export const MAP_OBJECTS = 'worldSaveData.MapObjectSaveData';

/** Runs one element's reader; a SaveError becomes a drift warning and the element is skipped. */
function guarded<T>(ctx: RawCtx, at: number, path: string, what: string, fn: () => T): T | undefined {
  try {
    return fn();
  } catch (err) {
    if (!(err instanceof SaveError)) throw err;
    ctx.warnings.add(ctx.file, err.offset ?? at, path, `${what} skipped: ${err.message}`, true);
    return undefined;
  }
}

/** The item parts once the walk is done: `containers` and `scanned` (map objects) are what the
 * walk's readers kept; map objects the fast path left to the generic decoder are read here. */
export function readLevelItems(ctx: RawCtx, world: Props, containers: ItemContainerRaw[], scanned: MapObjectRaw[]): LevelItems {
  const dynamic: DynamicItemRaw[] = [];
  const dyn = getArray(world, 'DynamicItemSaveData') ?? [];
  for (let i = 0; i < dyn.length; i++) {
    const el = dyn[i];
    const blob = isProps(el) ? getBytes(el, 'RawData') : undefined;
    if (!blob || blob.length === 0) continue;
    const path = `worldSaveData.DynamicItemSaveData[${i}].RawData`;
    const d = guarded(ctx, blobOffset(ctx, blob), path, 'dynamic item', () => decodeDynamicItem(ctx, blob));
    if (d) dynamic.push(d);
  }
  const mapObjects: MapObjectRaw[] = [...scanned];
  const objects = getArray(world, 'MapObjectSaveData') ?? [];
  for (let i = 0; i < objects.length; i++) {
    const o = objects[i];
    if (!isProps(o)) continue;
    const m = guarded(ctx, 0, `worldSaveData.MapObjectSaveData[${i}]`, 'map object', () => decodeMapObject(ctx, o));
    if (m) mapObjects.push(m);
  }
  const guildStorage = new Map<string, string>();
  for (const [k, v] of getMap(world, 'GuildExtraSaveDataMap')?.entries ?? []) {
    if (typeof k !== 'string') continue;
    const id = guarded(ctx, 0, `worldSaveData.GuildExtraSaveDataMap`, 'guild storage', () => decodeGuildStorage(ctx, v));
    if (id) guildStorage.set(k, id);
  }
  return { containers, dynamic, mapObjects, guildStorage };
}
