// The items of a synthetic world (`items: true`), in the proportions of the real 1.0 world
// (v1.0-relics): each player carries six containers (inventory, key items, weapons, armour, food,
// drop slot) with about as many slots filled as a player there (55), each base holds 19
// containers of about 10 slots (chests, a food box, production) through map objects naming the
// base, each guild a shared storage; and the open world as many chests (map objects of no base)
// and containers nothing names as the real map has (2,840 and 1,679, a few slots each). Layouts
// are the 1.0 ones the parser reads (save/palworld/item-containers.ts).
import { seededRandom } from '../../lib/prng.js';
import type { ByteWriter } from './bytes.js';
import { boolProp, bytesProp, guidProp, intProp, nameProp, openMapProp, prop, structArrayProp, structProp } from './gvas.js';
import type { WorldModel } from './model.js';

const ZERO = '00000000-0000-0000-0000-000000000000';
const PLAYER_KINDS = [
  'CommonContainerId',
  'EssentialContainerId',
  'WeaponLoadOutContainerId',
  'PlayerEquipArmorContainerId',
  'FoodEquipContainerId',
  'DropSlotContainerId',
] as const;
/** Slots filled per player container, summing to the fixture's 55 per player. */
const PLAYER_SLOTS = [30, 12, 5, 4, 3, 1];
const STACKS = [
  'Wood',
  'Stone',
  'PalSphere',
  'Berries',
  'IronIngot',
  'Fiber',
  'Pal_crystal_S',
  'Arrow',
  'Money',
  'Wool',
  'Leather',
  'Coal',
];
const WEAPONS = ['Spear_2', 'Pickaxe_Tier_00', 'Axe_Tier_00', 'BowGun'];
const BASE_OBJECTS = ['ItemChest_02', 'ItemChest', 'PalFoodBox', 'BlastFurnace', 'Factory_Hard_01', 'CookingStove'];
const WORLD_CHESTS = 2840;
const ORPHANS = 1679;

interface Container {
  id: string;
  slots: { item: string; count: number; dynamic?: string }[];
  capacity: number;
}

interface MapObject {
  objectId: string;
  baseId: string;
  groupId: string;
  container: string;
}

/** A deterministic id of `kind` and `n` (a Guid of four u32 words). */
const idOf = (kind: number, n: number): string =>
  `${(0x1e000000 + kind).toString(16).toUpperCase()}-${((n >>> 16) & 0xffff).toString(16).toUpperCase().padStart(4, '0')}-${(n & 0xffff)
    .toString(16)
    .toUpperCase()
    .padStart(4, '0')}-0000-000000000042`;

export interface WorldItemsPlan {
  containers: Container[];
  objects: MapObject[];
  dynamic: { id: string; item: string }[];
  /** Player uid → their six container ids, in PLAYER_KINDS order. */
  players: Map<string, string[]>;
  /** Guild id → its storage container. */
  storage: Map<string, string>;
}

export function planItems(m: WorldModel, seed: number): WorldItemsPlan {
  const rnd = seededRandom(seed ^ 0x17e35);
  const int = (n: number) => Math.floor(rnd() * n);
  let n = 0;
  const containers: Container[] = [];
  const objects: MapObject[] = [];
  const dynamic: { id: string; item: string }[] = [];
  const fill = (id: string, slots: number, capacity: number, weapons = false): void => {
    const c: Container = { id, slots: [], capacity };
    for (let i = 0; i < slots; i++) {
      if (weapons) {
        const d = idOf(3, dynamic.length);
        const item = WEAPONS[int(WEAPONS.length)];
        dynamic.push({ id: d, item });
        c.slots.push({ item, count: 1, dynamic: d });
      } else c.slots.push({ item: STACKS[int(STACKS.length)], count: 1 + int(200) });
    }
    containers.push(c);
  };
  const players = new Map<string, string[]>();
  for (const p of m.players) {
    const ids = PLAYER_KINDS.map(() => idOf(1, n++));
    ids.forEach((id, k) => fill(id, PLAYER_SLOTS[k], Math.max(PLAYER_SLOTS[k], [42, 50, 6, 7, 5, 1][k]), k === 2));
    players.set(p.uid, ids);
  }
  const storage = new Map<string, string>();
  for (const g of m.guilds) {
    const id = idOf(1, n++);
    fill(id, 8, 30);
    storage.set(g.id, id);
    for (const b of g.bases) {
      for (let i = 0; i < 19; i++) {
        const id2 = idOf(1, n++);
        fill(id2, 10, 24);
        objects.push({ objectId: BASE_OBJECTS[i % BASE_OBJECTS.length], baseId: b.id, groupId: g.id, container: id2 });
      }
    }
  }
  for (let i = 0; i < WORLD_CHESTS; i++) {
    const id = idOf(1, n++);
    fill(id, 1 + int(4), 4);
    objects.push({ objectId: 'TreasureBox', baseId: ZERO, groupId: ZERO, container: id });
  }
  for (let i = 0; i < ORPHANS; i++) fill(idOf(1, n++), 1, 1);
  return { containers, objects, dynamic, players, storage };
}

const versions = (w: ByteWriter) =>
  bytesProp(w, 'CustomVersionData', (b) => b.u32(2).u32(0x12eab47e).u32(0xff5a1b9a).u32(0xbc71aa71).u32(0x0ed633df).i32(1).zeros(20));

/** MapObjectSaveData: the objects that own containers (after CharacterSaveParameterMap). */
export function writeMapObjects(w: ByteWriter, plan: WorldItemsPlan): void {
  structArrayProp(w, 'MapObjectSaveData', 'PalMapObjectSaveData', (x) => {
    plan.objects.forEach((o, i) => {
      nameProp(x, 'MapObjectId', o.objectId);
      structProp(x, 'Model', 'PalMapObjectModelSaveData', (m) => {
        bytesProp(m, 'RawData', (b) => {
          b.guid(idOf(4, i)).guid(ZERO).guid(o.baseId).guid(o.groupId).i32(1000).i32(1000);
          // The transform: rotation, translation (at the origin: inside no base's area), scale.
          b.f64(0).f64(0).f64(0).f64(1).f64(0).f64(0).f64(0).f64(1).f64(1).f64(1);
        });
        versions(m);
      });
      structProp(x, 'ConcreteModel', 'PalMapObjectConcreteModelSaveData', (c) => {
        openMapProp(c, 'ModuleMap', 'EnumProperty', 'StructProperty', (e) => {
          e.str('EPalMapObjectConcreteModelModuleType::ItemContainer');
          bytesProp(e, 'RawData', (b) => b.guid(o.container).zeros(18));
          versions(e);
          e.str('None');
          return 1;
        });
      });
      x.str('None');
    });
    return plan.objects.length;
  });
}

/** ItemContainerSaveData, DynamicItemSaveData and GuildExtraSaveDataMap (after GroupSaveDataMap). */
export function writeItemContainers(w: ByteWriter, plan: WorldItemsPlan): void {
  openMapProp(w, 'ItemContainerSaveData', 'StructProperty', 'StructProperty', (x) => {
    for (const c of plan.containers) {
      prop(
        x,
        'ID',
        'StructProperty',
        (t) => t.str('Guid').zeros(16),
        (v) => v.guid(c.id),
      );
      x.str('None');
      structProp(x, 'BelongInfo', 'PalItemContainerBelongInfo', (b) => {
        guidProp(b, 'GroupId', ZERO);
        boolProp(b, 'bControllableOthers', false);
      });
      structArrayProp(x, 'Slots', 'PalItemSlotSaveData', (s) => {
        c.slots.forEach((slot, i) => {
          bytesProp(s, 'RawData', (b) =>
            b
              .i32(i)
              .i32(slot.count)
              .str(slot.item)
              .guid(ZERO)
              .guid(slot.dynamic ?? ZERO)
              .zeros(20),
          );
          versions(s);
          s.str('None');
        });
        return c.slots.length;
      });
      intProp(x, 'SlotNum', c.capacity);
      bytesProp(x, 'RawData', (b) => b.zeros(20));
      x.str('None');
    }
    return plan.containers.length;
  });
  structArrayProp(w, 'DynamicItemSaveData', 'PalDynamicItemSaveData', (x) => {
    for (const d of plan.dynamic) {
      bytesProp(x, 'RawData', (b) => b.guid(ZERO).guid(d.id).str(d.item).u32(0).f32(150).u32(0).u32(0).u32(0));
      x.str('None');
    }
    return plan.dynamic.length;
  });
  openMapProp(w, 'GuildExtraSaveDataMap', 'StructProperty', 'StructProperty', (x) => {
    for (const [guild, id] of plan.storage) {
      x.guid(guild);
      structProp(x, 'GuildItemStorage', 'PalGuildItemStorageSaveData', (s) => bytesProp(s, 'RawData', (b) => b.guid(id).u32(0)));
      x.str('None');
    }
    return plan.storage.size;
  });
}

/** A player save's InventoryInfo: their six containers. */
export function writeInventoryInfo(w: ByteWriter, ids: string[]): void {
  structProp(w, 'InventoryInfo', 'PalPlayerDataInventoryInfo', (x) => {
    PLAYER_KINDS.forEach((k, i) => structProp(x, k, 'PalContainerId', (c) => guidProp(c, 'ID', ids[i])));
  });
}
