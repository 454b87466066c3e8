// CharacterContainerSaveData: each container's Slots[].RawData = owner uid, instance id of the
// character in the slot, a permission byte, then bytes whose meaning is unknown (ignored). An
// empty blob is an empty slot.

import { getArray, getNum, getBytes, isProps, type Props } from '../gvas/types.js';
import { blobReader, type RawCtx } from './raw-common.js';

export interface SlotRaw {
  containerId: string;
  slotIndex: number;
  instanceId: string;
}

/** Occupied slots of one container; slots too short to hold ids are skipped. */
export function decodeContainerSlots(ctx: RawCtx, containerId: string, value: Props): SlotRaw[] {
  const out: SlotRaw[] = [];
  const slots = getArray(value, 'Slots') ?? [];
  for (const slot of slots) {
    if (!isProps(slot)) continue;
    const blob = getBytes(slot, 'RawData');
    const slotIndex = getNum(slot, 'SlotIndex') ?? 0; // omitted at its default, like most properties
    if (!blob || blob.length < 33) continue;
    const r = blobReader(ctx, blob);
    r.skip(16); // player uid
    out.push({ containerId, slotIndex, instanceId: r.guid() });
  }
  return out;
}
