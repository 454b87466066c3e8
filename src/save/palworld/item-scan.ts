// Fast paths for the two large item parts of Level.sav (gvas/types.ts `RawSink`): each item
// container entry and each map object is read straight from its tags, keeping only the few fields
// the items need and stepping over the rest by size, instead of through the generic decoder's
// trees (which cost as much again as the rest of a 1.0 world's parse). Anything not of the plain
// shape (an indexed or odd-sized property, a 0.1-era slot, a broken tag) makes the reader give up,
// and the generic decoder reads the same bytes as before, warnings and all
// (test/save/item-scan.test.ts checks that both paths give the same containers).

import { SaveError } from '../errors.js';
import type { ByteReader } from '../reader.js';
import { blobSlotAt, isEmpty, type ItemContainerRaw, type ItemSlotRaw, type MapObjectRaw, modelFacts } from './item-containers.js';
import type { RawCtx } from './raw-common.js';

/** Thrown inside a fast path when the bytes are not its shape: the generic decoder takes over. */
class Unfit extends Error {}
const UNFIT = new Unfit();

const ITEM_MODULE = 'EPalMapObjectConcreteModelModuleType::ItemContainer';

interface Head {
  name: string;
  type: string;
  /** A struct's name, or an array's, set's or map key's inner type. */
  text: string;
  end: number;
}

/** Reads a tag; false at the `None` that ends a property list. */
function head(r: ByteReader, h: Head): boolean {
  const name = r.fstring();
  if (name === 'None') return false;
  const type = r.fstring();
  const size = r.i32();
  if (size < 0 || r.i32() !== 0) throw UNFIT;
  h.name = name;
  h.type = type;
  h.text = '';
  switch (type) {
    case 'StructProperty':
      h.text = r.fstring();
      r.skip(16);
      break;
    case 'BoolProperty':
      r.skip(1);
      break;
    case 'ByteProperty':
    case 'EnumProperty':
    case 'ArrayProperty':
    case 'SetProperty':
      h.text = r.fstring();
      break;
    case 'MapProperty':
      h.text = r.fstring();
      r.skipFString();
      break;
    default:
      break;
  }
  if (r.u8() !== 0) r.skip(16);
  r.need(size);
  h.end = r.pos + size;
  return true;
}

/** The bytes of an `ArrayProperty<ByteProperty>` value (a RawData blob): a view. */
function blob(r: ByteReader, h: Head): Uint8Array {
  if (h.type !== 'ArrayProperty' || h.text !== 'ByteProperty') throw UNFIT;
  const n = r.u32();
  if (r.pos + n !== h.end) throw UNFIT;
  return r.bytesView(n);
}

/** Walks a property list, handing each tag to `fn`, which reads the value or leaves it (it is
 * skipped); a value read to anywhere but its end is not the plain shape. */
function props(r: ByteReader, h: Head, fn: (h: Head) => void): void {
  for (;;) {
    if (!head(r, h)) return;
    const end = h.end;
    const at = r.pos;
    fn(h);
    if (r.pos !== at && r.pos !== end) throw UNFIT;
    r.pos = end;
  }
}

function attempt(fn: () => void): boolean {
  try {
    fn();
    return true;
  } catch (err) {
    if (err instanceof Unfit || err instanceof SaveError) return false;
    throw err;
  }
}

/** One `ItemContainerSaveData` entry (key and value) into `out`; false when not the 0.6+ shape. */
export function scanItemContainer(ctx: RawCtx, r: ByteReader, index: number, path: string, out: ItemContainerRaw[]): boolean {
  const h: Head = { name: '', type: '', text: '', end: 0 };
  let id: string | undefined;
  let capacity: number | undefined;
  // Slots read in place (blobSlot), in order; a blob that did not read is kept as its bytes and
  // read again by blobSlotAt below, which warns (only once the entry is known to be this shape).
  const slots: (ItemSlotRaw | Uint8Array)[] = [];
  const ok = attempt(() => {
    props(r, h, (t) => {
      if (t.name === 'ID' && t.type === 'StructProperty' && t.text === 'Guid' && t.end - r.pos === 16) id = r.guid();
    });
    props(r, h, (t) => {
      if (t.name === 'SlotNum' && t.type === 'IntProperty' && t.end - r.pos === 4) capacity = r.i32();
      else if (t.name === 'Slots') readSlots(r, t, slots);
    });
  });
  if (!ok || id === undefined) return false;
  const kept: ItemSlotRaw[] = [];
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i];
    const slot = s instanceof Uint8Array ? blobSlotAt(ctx, s, `${path}[${index}].Slots[${i}].RawData`) : s;
    if (slot) kept.push(slot);
  }
  out.push(capacity !== undefined ? { id, capacity, slots: kept } : { id, slots: kept });
  return true;
}

/** Reads the slots' RawData blobs where they lie: no view or reader per slot, and no id string
 * for a zero dynamic id. Empty slots (most of a container's) leave nothing. */
function readSlots(r: ByteReader, t: Head, slots: (ItemSlotRaw | Uint8Array)[]): void {
  if (t.type !== 'ArrayProperty' || t.text !== 'StructProperty') throw UNFIT;
  const count = r.u32();
  const el: Head = { name: '', type: '', text: '', end: 0 };
  if (count === 0 && r.pos === t.end) return;
  if (!head(r, el) || el.type !== 'StructProperty' || el.end !== t.end) throw UNFIT;
  const h: Head = { name: '', type: '', text: '', end: 0 };
  for (let i = 0; i < count; i++) {
    let s: ItemSlotRaw | Uint8Array | undefined;
    props(r, h, (p) => {
      if (p.name === 'RawData') s = blobSlot(r, p);
      else if (p.name === 'ItemId' || p.name === 'StackCount') throw UNFIT; // the 0.1-era slot
    });
    if (s) slots.push(s);
  }
  if (r.pos !== t.end) throw UNFIT;
}

/** One slot blob (`i32 slot, i32 count, FString static id, FGuid created world, FGuid local id,
 * …`), read in place as blobSlotAt reads it: undefined for an empty slot, the blob's bytes when
 * they do not read. */
function blobSlot(r: ByteReader, p: Head): ItemSlotRaw | Uint8Array | undefined {
  if (p.type !== 'ArrayProperty' || p.text !== 'ByteProperty') throw UNFIT;
  const n = r.u32();
  if (r.pos + n !== p.end) throw UNFIT;
  if (n === 0) return undefined;
  const start = r.pos;
  const end = r.end;
  r.end = start + n;
  try {
    const slot = r.i32();
    const count = r.i32();
    const itemId = r.fstring();
    r.skip(16); // the world the item was made in
    r.need(16);
    if (isEmpty(itemId, count)) return undefined;
    const out: ItemSlotRaw = { slot, itemId, count };
    const b = r.bytes;
    const at = r.pos;
    let zero = true;
    for (let i = 0; i < 16; i++) if (b[at + i] !== 0) zero = false;
    if (!zero) out.dynamicId = r.guid();
    return out;
  } catch (err) {
    if (!(err instanceof SaveError)) throw err;
    return r.bytes.subarray(start, start + n);
  } finally {
    r.end = end;
    r.pos = start + n;
  }
}

/** One `MapObjectSaveData` element into `out` (when it owns a container); false when not the
 * plain shape. */
export function scanMapObject(ctx: RawCtx, r: ByteReader, out: MapObjectRaw[]): boolean {
  const h: Head = { name: '', type: '', text: '', end: 0 };
  const inner: Head = { name: '', type: '', text: '', end: 0 };
  let objectId = '';
  let model: Uint8Array | undefined;
  // The model is read only for the few objects that own a container (it comes first).
  let modelAt = -1;
  const containerIds: Uint8Array[] = [];
  const ok = attempt(() => {
    props(r, h, (t) => {
      if (t.name === 'MapObjectId' && t.type === 'NameProperty') objectId = r.fstring();
      else if (t.name === 'Model' && t.type === 'StructProperty') modelAt = r.pos;
      else if (t.name === 'ConcreteModel' && t.type === 'StructProperty') {
        props(r, inner, (p) => {
          if (p.name === 'ModuleMap') modules(r, p, containerIds);
        });
      }
    });
    if (containerIds.length === 0 || modelAt < 0) return;
    const end = r.pos;
    r.pos = modelAt;
    props(r, inner, (p) => {
      if (p.name === 'RawData') model = blob(r, p);
    });
    r.pos = end;
  });
  if (!ok) return false;
  if (containerIds.length === 0) return true;
  out.push(modelFacts(ctx, objectId, model, containerIds));
  return true;
}

function modules(r: ByteReader, t: Head, containerIds: Uint8Array[]): void {
  if (t.type !== 'MapProperty' || t.text !== 'EnumProperty') throw UNFIT;
  if (r.u32() !== 0) throw UNFIT;
  const count = r.u32();
  const h: Head = { name: '', type: '', text: '', end: 0 };
  for (let i = 0; i < count; i++) {
    const key = r.fstring();
    let b: Uint8Array | undefined;
    props(r, h, (p) => {
      if (p.name === 'RawData') b = blob(r, p);
    });
    if (key === ITEM_MODULE && b && b.length >= 16) containerIds.push(b);
  }
  if (r.pos !== t.end) throw UNFIT;
}
