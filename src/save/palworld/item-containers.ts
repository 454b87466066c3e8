// The raw item layouts of Level.sav (save-format.md, "Other layouts"): item containers and their
// slots, dynamic items (weapons, armour, eggs), the map objects that own containers and the guilds'
// shared storage. Pure readers of the decoded properties and of the RawData blobs; which container
// is whose is decided later (world/items.ts).

import { SaveError } from '../errors.js';
import { getArray, getBytes, getGuid, getMap, getNum, getProps, getStr, isProps, type Props, type Value } from '../gvas/types.js';
import { blobOffset, blobReader, type RawCtx } from './raw-common.js';
import type { ByteReader } from '../reader.js';

export interface ItemSlotRaw {
  slot: number;
  itemId: string;
  count: number;
  /** The dynamic item's local id (weapons, armour, eggs); absent for plain stacks. */
  dynamicId?: string;
}

export interface ItemContainerRaw {
  id: string;
  /** `SlotNum` (0.6 and later). */
  capacity?: number;
  slots: ItemSlotRaw[];
}

export interface DynamicItemRaw {
  localId: string;
  itemId: string;
  /** The bytes after the static id (at most 96): their layout depends on the game version and
   * the item's kind, so they are read once both are known (world/items.ts). */
  rest: Uint8Array;
}

export interface MapObjectRaw {
  objectId: string;
  baseId: string;
  groupId: string;
  /** Where the object stands (UE cm), when the model says. */
  at?: { x: number; y: number; z: number };
  containerIds: string[];
}

const ZERO = '00000000-0000-0000-0000-000000000000';
const ITEM_MODULE = 'EPalMapObjectConcreteModelModuleType::ItemContainer';

/** A slot of no item: the game writes them with an empty or `None` id, or a zero count. */
export const isEmpty = (itemId: string, count: number): boolean => itemId === '' || itemId === 'None' || !(count > 0);

/**
 * One `ItemContainerSaveData` entry. Slots are property lists up to 0.3
 * (`{SlotIndex, ItemId: {StaticId, DynamicId}, StackCount}`) and a RawData blob from 0.6
 * (`i32 slot, i32 count, FString static id, FGuid created world, FGuid local id, …`). A slot
 * that cannot be read is a drift warning; the container's other slots are kept.
 */
export function decodeItemContainer(ctx: RawCtx, key: Value, value: Value, path: string): ItemContainerRaw | undefined {
  const id = isProps(key) ? getGuid(key, 'ID') : undefined;
  if (!id || !isProps(value)) return undefined;
  const slots: ItemSlotRaw[] = [];
  const list = getArray(value, 'Slots') ?? [];
  for (let i = 0; i < list.length; i++) {
    const s = list[i];
    if (!isProps(s)) continue;
    const slot = s.has('ItemId') ? propSlot(s) : blobSlotAt(ctx, getBytes(s, 'RawData'), `${path}.Slots[${i}].RawData`);
    if (slot && !isEmpty(slot.itemId, slot.count)) slots.push(slot);
  }
  const capacity = getNum(value, 'SlotNum');
  return capacity !== undefined ? { id, capacity, slots } : { id, slots };
}

function propSlot(s: Props): ItemSlotRaw | undefined {
  const item = getProps(s, 'ItemId');
  const itemId = getStr(item, 'StaticId') ?? '';
  const dyn = getGuid(getProps(item, 'DynamicId'), 'LocalIdInCreatedWorld');
  const slot: ItemSlotRaw = { slot: getNum(s, 'SlotIndex') ?? 0, itemId, count: getNum(s, 'StackCount') ?? 0 };
  if (dyn && dyn !== ZERO) slot.dynamicId = dyn;
  return slot;
}

/** A 0.6+ slot blob: undefined for an empty slot; one that cannot be read is a drift warning
 * (the container's other slots are kept). */
export function blobSlotAt(ctx: RawCtx, blob: Uint8Array | undefined, path: string): ItemSlotRaw | undefined {
  if (!blob || blob.length === 0) return undefined;
  try {
    const r = blobReader(ctx, blob);
    const slot = r.i32();
    const count = r.i32();
    const itemId = r.fstring();
    r.skip(16); // the world the item was made in
    const dyn = r.guid();
    if (isEmpty(itemId, count)) return undefined;
    const out: ItemSlotRaw = { slot, itemId, count };
    if (dyn !== ZERO) out.dynamicId = dyn;
    return out;
  } catch (err) {
    if (!(err instanceof SaveError)) throw err;
    ctx.warnings.add(ctx.file, err.offset ?? blobOffset(ctx, blob), path, `item slot skipped: ${err.message}`, true);
    return undefined;
  }
}

/** One `DynamicItemSaveData` element's RawData: `FGuid created world, FGuid local id, FString
 * static id`, then the kind's own bytes. */
export function decodeDynamicItem(ctx: RawCtx, blob: Uint8Array): DynamicItemRaw {
  const r = blobReader(ctx, blob);
  r.skip(16);
  const localId = r.guid();
  const itemId = r.fstring();
  const n = Math.min(r.remaining, 96);
  return { localId, itemId, rest: Uint8Array.prototype.slice.call(r.bytesView(n)) };
}

/** A map object's model (`Model.RawData`: instance id, concrete model id, base camp id, group id,
 * hp, transform, …) and the containers of its ItemContainer modules (`RawData`: the container id
 * first). Undefined for an object that owns no container. */
export function decodeMapObject(ctx: RawCtx, value: Props): MapObjectRaw | undefined {
  const modules = getMap(getProps(value, 'ConcreteModel'), 'ModuleMap');
  const containers: Uint8Array[] = [];
  for (const [k, v] of modules?.entries ?? []) {
    if (k !== ITEM_MODULE || !isProps(v)) continue;
    const blob = getBytes(v, 'RawData');
    if (blob && blob.length >= 16) containers.push(blob);
  }
  if (containers.length === 0) return undefined;
  return modelFacts(ctx, getStr(value, 'MapObjectId') ?? '', getBytes(getProps(value, 'Model'), 'RawData'), containers);
}

/** A map object's facts from its model blob and its ItemContainer modules' blobs. */
export function modelFacts(ctx: RawCtx, objectId: string, model: Uint8Array | undefined, containers: Uint8Array[]): MapObjectRaw {
  const out: MapObjectRaw = { objectId, baseId: ZERO, groupId: ZERO, containerIds: containers.map((b) => blobReader(ctx, b).guid()) };
  if (model && model.length >= 64) {
    const r = blobReader(ctx, model);
    r.skip(32);
    out.baseId = r.guid();
    out.groupId = r.guid();
    if (r.remaining >= 8 + 32 + 24) out.at = readPosition(r);
  }
  return out;
}

function readPosition(r: ByteReader): { x: number; y: number; z: number } | undefined {
  r.skip(8 + 32); // hp (current, max), the rotation
  const at = { x: r.f64(), y: r.f64(), z: r.f64() };
  return Number.isFinite(at.x) && Number.isFinite(at.y) && Number.isFinite(at.z) ? at : undefined;
}

/** A guild's shared storage: `GuildItemStorage.RawData` starts with its container id. */
export function decodeGuildStorage(ctx: RawCtx, value: Value): string | undefined {
  const blob = isProps(value) ? getBytes(getProps(value, 'GuildItemStorage'), 'RawData') : undefined;
  if (!blob || blob.length < 16) return undefined;
  const id = blobReader(ctx, blob).guid();
  return id === ZERO ? undefined : id;
}
