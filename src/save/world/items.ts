// Whose each item container is (the world's item rows, domain/world-items.ts):
// - a player's six, from their Players/<uid>.sav inventory info;
// - a guild's shared storage, from the guild's extra data;
// - a base's chests, food boxes and the rest, from the map object that owns the container: the
//   base the object's model names, else the base whose area the object stands in; an object
//   outside every base that a guild owns is that guild's;
// - every other container is kept as `unassigned`, with the reason.
// Dynamic items add durability (weapons, armour) and the pal inside an egg to their slots.

import type { ContainerKind, ItemContainer, ItemSlot, WorldItems } from '../../domain/world-items.js';
import type { LevelData } from '../palworld/level.js';
import type { DynamicItemRaw, MapObjectRaw } from '../palworld/item-containers.js';
import type { PlayerSave } from '../palworld/player-save.js';
import { ByteReader } from '../reader.js';
import { itemFacts } from './item-facts.js';

const ZERO = '00000000-0000-0000-0000-000000000000';

/** The kind of a container a map object owns, by the object's id. */
export function objectKind(objectId: string, inBase: boolean): ContainerKind {
  const id = objectId.toLowerCase();
  if (/foodbox|refrigerator|coolerbox|fridge/.test(id)) return 'foodBox';
  if (/hatchingpalegg|incubator/.test(id)) return 'incubator';
  if (/dropitem|deathpenalty|deathdrop/.test(id)) return 'dropped';
  if (/^treasurebox|^pickupitem|^palegg/.test(id)) return 'treasure';
  if (/itemchest|^container|storage/.test(id)) return 'chest';
  return inBase ? 'production' : 'other';
}

interface BaseArea {
  id: string;
  x: number;
  y: number;
  z: number;
  range: number;
}

/** The base whose area holds the point, the nearest when areas overlap. */
function baseAt(areas: BaseArea[], at: { x: number; y: number; z: number }): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const a of areas) {
    const d = Math.hypot(at.x - a.x, at.y - a.y, at.z - a.z);
    if (d <= a.range && d < bestD) {
      best = a.id;
      bestD = d;
    }
  }
  return best;
}

type Owned = Omit<ItemContainer, 'id' | 'slots' | 'capacity'>;

function mapObjectOwner(o: MapObjectRaw, bases: Set<string>, areas: BaseArea[], guilds: Set<string>): Owned {
  const object = o.objectId;
  if (o.baseId !== ZERO && bases.has(o.baseId)) return { kind: objectKind(object, true), owner: { kind: 'base', id: o.baseId }, object };
  const near = o.at ? baseAt(areas, o.at) : undefined;
  if (near) return { kind: objectKind(object, true), owner: { kind: 'base', id: near }, object };
  const kind = objectKind(object, false);
  if (o.groupId !== ZERO && guilds.has(o.groupId)) return { kind, owner: { kind: 'guild', id: o.groupId }, object };
  const reason =
    o.baseId !== ZERO
      ? `a ${object || 'map object'} of a base the save does not hold (${o.baseId})`
      : `a ${object || 'map object'} in the open world: no base, guild or player owns it`;
  return { kind, owner: { kind: 'unassigned', id: null }, object, reason };
}

/** Durability and egg contents from a dynamic item's own bytes. From 0.6 they start after a
 * 4-byte field; before 0.6 they start at once. */
function dynamicFacts(d: DynamicItemRaw, newer: boolean): Pick<ItemSlot, 'durability' | 'eggCharacterId'> {
  const r = new ByteReader(d.rest);
  try {
    if (/^palegg/i.test(d.itemId)) {
      r.skip(newer ? 4 : 0);
      const species = r.fstring();
      return species && species !== 'None' ? { eggCharacterId: species } : {};
    }
    const group = itemFacts(d.itemId)?.group;
    if (group === 'Weapon' || group === 'Head' || group === 'Body' || group === 'Shield') {
      r.skip(newer ? 4 : 0);
      const v = r.f32();
      if (Number.isFinite(v) && v >= 0 && v < 1e7) return { durability: Math.round(v * 10) / 10 };
    }
  } catch {
    // Bytes of another layout: the slot is kept without these facts.
  }
  return {};
}

export interface ItemMapInput {
  level: LevelData;
  playerSaves: Map<string, PlayerSave>;
}

/** The world's containers, every one of them, in container-id order; undefined when the parse
 * read no items. */
export function mapItems({ level, playerSaves }: ItemMapInput): WorldItems | undefined {
  const items = level.items;
  if (!items) return undefined;
  const owners = new Map<string, Owned>();
  for (const [uid, save] of playerSaves) {
    for (const [id, kind] of save.inventory ?? []) if (!owners.has(id)) owners.set(id, { kind, owner: { kind: 'player', id: uid } });
  }
  for (const [guildId, id] of items.guildStorage) {
    if (!owners.has(id)) owners.set(id, { kind: 'guildStorage', owner: { kind: 'guild', id: guildId } });
  }
  const bases = new Set(level.bases.map((b) => b.id));
  const areas: BaseArea[] = level.bases
    .filter((b) => Number.isFinite(b.areaRange) && b.areaRange > 0)
    .map((b) => ({ id: b.id, ...b.location, range: b.areaRange }));
  const guilds = new Set(level.guilds.map((g) => g.id));
  for (const o of items.mapObjects) {
    const owned = mapObjectOwner(o, bases, areas, guilds);
    for (const id of o.containerIds) if (!owners.has(id)) owners.set(id, owned);
  }
  const newer = level.traits.has('character-trailer') || level.traits.has('base-trailer');
  const dynamic = new Map<string, DynamicItemRaw>();
  for (const d of items.dynamic) dynamic.set(d.localId, d);

  const seen = new Set<string>();
  const containers: ItemContainer[] = [];
  for (const c of items.containers) {
    if (seen.has(c.id)) continue; // a repeated key: the first entry counts, as for pals
    seen.add(c.id);
    const slots: ItemSlot[] = c.slots.map((s) => {
      const slot: ItemSlot = { slot: s.slot, itemId: s.itemId, count: s.count };
      const d = s.dynamicId ? dynamic.get(s.dynamicId) : undefined;
      return d ? { ...slot, ...dynamicFacts(d, newer) } : slot;
    });
    slots.sort((a, b) => a.slot - b.slot);
    const owned = owners.get(c.id) ?? {
      kind: 'unknown' as const,
      owner: { kind: 'unassigned' as const, id: null },
      reason: 'nothing in the save refers to it (no player file, guild, base or map object names it)',
    };
    containers.push({ id: c.id, ...owned, ...(c.capacity !== undefined ? { capacity: c.capacity } : {}), slots });
  }
  containers.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const playersRead = [...playerSaves].filter(([, s]) => s.inventory !== undefined).map(([uid]) => uid);
  return { containers, playersRead: playersRead.sort() };
}
