// Level.sav: decodes the parts of `worldSaveData` the world rows need (characters, guilds, bases
// with their worker containers, character containers, game time) and skips the rest by size.
// Each map entry is decoded on its own as it is read (an entry sink of the GVAS decoder), and only
// what the rows use of it is kept; one that fits no known layout is skipped with a drift warning.

import { SaveError, SaveReadError } from '../errors.js';
import { decodeBaseCamp, decodeWorkerDirector, type BaseCampRaw } from './base-camp.js';
import { decodeCharacter, type CharacterRaw } from './character.js';
import { decodeContainerSlots, type SlotRaw } from './container-slots.js';
import { decodeGroup, type GuildRaw } from './guild.js';
import { decodeGvas } from '../gvas/file.js';
import type { GvasHeader } from '../gvas/header.js';
import { sanitize } from '../gvas/tag.js';
import {
  getBigInt,
  getBytes,
  getGuid,
  getMap,
  getNum,
  getProps,
  getStr,
  isProps,
  type EntrySink,
  type RawSink,
  type PropMap,
  type Props,
  type Select,
  type Value,
} from '../gvas/types.js';
import { blobOffset, blobReader, type RawCtx } from './raw-common.js';
import { ByteReader } from '../reader.js';
import { StringPool } from '../gvas/string-pool.js';
import { WarningSink } from '../warnings.js';
import { decodeItemContainer, type ItemContainerRaw } from './item-containers.js';
import { ITEM_CONTAINERS, ITEM_SELECT, MAP_OBJECTS, readLevelItems, type LevelItems } from './level-items.js';
import { scanItemContainer, scanMapObject } from './item-scan.js';
import type { MapObjectRaw } from './item-containers.js';

export interface LevelCharacter {
  /** The map key's PlayerUId, for players; '' for every other character (pals carry zero). */
  playerUid: string;
  instanceId: string;
  raw: CharacterRaw;
}

export interface LevelBase extends BaseCampRaw {
  workerContainerId?: string;
}

export interface LevelData {
  header: GvasHeader;
  characters: LevelCharacter[];
  guilds: GuildRaw[];
  bases: LevelBase[];
  /** Occupied slots of every character container, by instance id. */
  slots: Map<string, SlotRaw>;
  gameDateTimeTicks?: number;
  realDateTimeTicks?: number;
  timestamp?: bigint;
  /** Facts that date the save: layouts and properties met. */
  traits: Set<string>;
  /** The item containers and what owns them; absent when the parse skips items. */
  items?: LevelItems;
  /** When the walk skips the items: where their parts are, to be read later (level-items-lazy.ts). */
  itemRanges?: ItemRange[];
}

const LEVEL_SELECT: Select = {
  Timestamp: true,
  // Map values and array elements are narrowed to the properties read below, so the sibling
  // `CustomVersionData` blobs and the rest are skipped by size.
  worldSaveData: {
    CharacterSaveParameterMap: { RawData: true },
    GroupSaveDataMap: { GroupType: true, RawData: true },
    BaseCampSaveData: { RawData: true, WorkerDirector: { RawData: true } },
    CharacterContainerSaveData: { Slots: { SlotIndex: true, RawData: true } },
    GameTimeSaveData: true,
    WorldMetaSaveVersionBitMask: true,
  },
};

const CHARACTERS = 'worldSaveData.CharacterSaveParameterMap';
const GROUPS = 'worldSaveData.GroupSaveDataMap';
const BASES = 'worldSaveData.BaseCampSaveData';
const CONTAINERS = 'worldSaveData.CharacterContainerSaveData';

/**
 * What the entries of one occurrence of a map gave. Entries are decoded as they are read (the map
 * keeps none of them), but their warnings wait here: they follow every warning of the GVAS walk,
 * characters first, then guilds, bases and containers, as when the maps were decoded whole
 * first. Only the occurrence that ends up in worldSaveData counts, should a name repeat.
 */
class Occurrence<T> {
  readonly warnings = new WarningSink();
  readonly traits = new Set<string>();
  /** The blob decoders' context: one per occurrence, so its blob readers share one root reader. */
  readonly ctx: RawCtx;
  constructor(
    readonly items: T,
    level: Level,
  ) {
    this.ctx = { file: level.file, warnings: this.warnings, gvas: level.gvas, root: level.root, pool: level.pool };
  }
}

type Collected<T> = Map<PropMap, Occurrence<T>>;

export interface Level {
  file: string;
  gvas: Uint8Array;
  root: ByteReader;
  pool: StringPool;
}

function occurrence<T>(all: Collected<T>, map: PropMap, level: Level, empty: () => T): Occurrence<T> {
  let o = all.get(map);
  if (!o) {
    o = new Occurrence(empty(), level);
    all.set(map, o);
  }
  return o;
}

/** LEVEL_SELECT with the item parts of worldSaveData (level-items.ts). */
const LEVEL_SELECT_ITEMS: Select = {
  ...(LEVEL_SELECT as Record<string, Select>),
  worldSaveData: { ...((LEVEL_SELECT as Record<string, Select>).worldSaveData as Record<string, Select>), ...ITEM_SELECT },
};

/** Decodes Level.sav; `withItems` false leaves the item parts unread (skipped by size, their
 * ranges recorded). */
export function decodeLevel(gvas: Uint8Array, warnings: WarningSink, withItems = true): LevelData {
  const file = 'Level.sav';
  const characters: Collected<LevelCharacter[]> = new Map();
  const guilds: Collected<GuildRaw[]> = new Map();
  const bases: Collected<LevelBase[]> = new Map();
  const slots: Collected<Map<string, SlotRaw>> = new Map();
  const level: Level = { file, gvas, root: new ByteReader(gvas), pool: new StringPool() };
  const sinks = new Map<string, EntrySink>([
    [
      CHARACTERS,
      (k, v, i, map) => {
        const o = occurrence(characters, map, level, () => []);
        readCharacter(o.ctx, k, v, i, o);
      },
    ],
    [
      GROUPS,
      (_k, v, i, map) => {
        const o = occurrence(guilds, map, level, () => []);
        readGuild(o.ctx, v, i, o);
      },
    ],
    [
      BASES,
      (_k, v, i, map) => {
        const o = occurrence(bases, map, level, () => []);
        readBase(o.ctx, v, i, o);
      },
    ],
    [
      CONTAINERS,
      (k, v, i, map) => {
        const o = occurrence(slots, map, level, () => new Map<string, SlotRaw>());
        readSlots(o.ctx, k, v, i, o.items);
      },
    ],
  ]);
  const readers = withItems ? itemReaders(level, sinks) : undefined;
  /** The item parts' byte ranges, when the walk skips them (the lazy items keep those bytes). */
  const itemRanges: ItemRange[] = [];
  const skipped = (path: string, name: string, start: number, end: number): void => {
    if (path === 'worldSaveData' && Object.hasOwn(ITEM_SELECT, name)) itemRanges.push({ start, end });
  };
  const select = withItems ? LEVEL_SELECT_ITEMS : LEVEL_SELECT;
  const g = decodeGvas(gvas, file, warnings, select, sinks, readers?.rawSinks, withItems ? undefined : skipped);
  const world = getProps(g.props, 'worldSaveData');
  if (!world) {
    // Typically LevelMeta.sav, a player save or another game save given in place of Level.sav.
    const cls = sanitize(g.header.saveClass.replace(/^.*\./, '')) || 'unknown';
    throw new SaveReadError('no_world_data', `not a world save (Level.sav): it holds no worldSaveData (save class ${cls})`);
  }
  const traits = new Set<string>();
  if (world.has('WorldMetaSaveVersionBitMask')) traits.add('bitmask');
  /** The occurrence that ended up in worldSaveData: its items, warnings and traits. */
  const take = <T>(all: Collected<T>, name: string, empty: T): T => {
    const map = getMap(world, name);
    const o = map && all.get(map);
    if (!o) return empty;
    warnings.append(o.warnings);
    for (const t of o.traits) traits.add(t);
    return o.items;
  };
  const time = getProps(world, 'GameTimeSaveData');
  const items = readers?.finish(world, warnings);
  return {
    header: g.header,
    characters: take(characters, 'CharacterSaveParameterMap', []),
    guilds: take(guilds, 'GroupSaveDataMap', []),
    bases: take(bases, 'BaseCampSaveData', []),
    slots: take(slots, 'CharacterContainerSaveData', new Map<string, SlotRaw>()),
    gameDateTimeTicks: getNum(time, 'GameDateTimeTicks'),
    realDateTimeTicks: getNum(time, 'RealDateTimeTicks'),
    timestamp: getBigInt(g.props, 'Timestamp'),
    traits,
    ...(items ? { items } : {}),
    ...(withItems ? {} : { itemRanges }),
  };
}

/** One item part of worldSaveData in Level.sav's GVAS: the whole property, tag included. */
export interface ItemRange {
  start: number;
  end: number;
}

/** The readers of the item parts: map sinks (added to `sinks`), raw sinks and, once the walk is
 * done, the reading of what the walk kept (`world`: the props holding the item parts). */
export function itemReaders(
  level: Level,
  sinks: Map<string, EntrySink>,
): { rawSinks: Map<string, RawSink>; finish: (world: Props, warnings: WarningSink) => LevelItems } {
  const { file, gvas } = level;
  const itemContainers: Collected<ItemContainerRaw[]> = new Map();
  const fast = {
    ctx: { file, warnings: new WarningSink(), gvas, root: level.root } as RawCtx,
    containers: [] as ItemContainerRaw[],
    objects: [] as MapObjectRaw[],
  };
  const rawSinks = new Map<string, RawSink>();
  rawSinks.set(ITEM_CONTAINERS, (r, i) => scanItemContainer(fast.ctx, r, i, ITEM_CONTAINERS, fast.containers));
  rawSinks.set(MAP_OBJECTS, (r) => scanMapObject(fast.ctx, r, fast.objects));
  sinks.set(ITEM_CONTAINERS, (k, v, i, map) => {
    const o = occurrence(itemContainers, map, level, () => []);
    const c = entry(
      o.ctx,
      0,
      `${ITEM_CONTAINERS}[${i}]`,
      () => decodeItemContainer(o.ctx, k, v, `${ITEM_CONTAINERS}[${i}]`),
      'item container',
    );
    if (c) o.items.push(c);
  });
  const finish = (world: Props, warnings: WarningSink): LevelItems => {
    warnings.append(fast.ctx.warnings);
    const map = getMap(world, 'ItemContainerSaveData');
    const o = map && itemContainers.get(map);
    if (o) warnings.append(o.warnings);
    const slow = o ? o.items : [];
    return readLevelItems({ file, warnings, gvas, root: level.root }, world, [...fast.containers, ...slow], fast.objects);
  };
  return { rawSinks, finish };
}

/** Runs one entry's decoder; a SaveError becomes a drift warning and the entry is skipped. */
function entry<T>(ctx: RawCtx, at: number, path: string, fn: () => T | undefined, what: string): T | undefined {
  try {
    const v = fn();
    if (v === undefined) ctx.warnings.add(ctx.file, at, path, `${what} fits no known layout; skipped`, true);
    return v;
  } catch (err) {
    if (!(err instanceof SaveError)) throw err;
    ctx.warnings.add(ctx.file, err.offset ?? at, path, `${what} skipped: ${err.message}`, true);
    return undefined;
  }
}

function readCharacter(ctx: RawCtx, key: Value, value: Value, i: number, o: Occurrence<LevelCharacter[]>): void {
  const path = `${CHARACTERS}[${i}]`;
  const blob = isProps(value) ? getBytes(value, 'RawData') : undefined;
  const instanceId = isProps(key) ? getGuid(key, 'InstanceId') : undefined;
  if (!blob || !instanceId || !isProps(key)) {
    ctx.warnings.add(ctx.file, 0, path, 'character entry without an instance id or RawData; skipped', true);
    return;
  }
  const raw = entry(ctx, blobOffset(ctx, blob), `${path}.RawData`, () => decodeCharacter(ctx, blob, `${path}.RawData`), 'character');
  if (!raw) return;
  o.traits.add(raw.trailer ? 'character-trailer' : 'character-plain');
  // The key's player uid and the group id are read for players only (world-map.ts): a pal's are
  // not kept (100,000 pals held 200,000 id strings for nothing).
  if (!raw.facts.isPlayer) raw.groupId = '';
  o.items.push({ playerUid: raw.facts.isPlayer ? (getGuid(key, 'PlayerUId') ?? '') : '', instanceId, raw });
}

function readGuild(ctx: RawCtx, value: Value, i: number, o: Occurrence<GuildRaw[]>): void {
  const path = `${GROUPS}[${i}]`;
  if (!isProps(value)) return;
  const blob = getBytes(value, 'RawData');
  const type = getStr(value, 'GroupType') ?? '';
  if (!blob) {
    ctx.warnings.add(ctx.file, 0, path, 'group without RawData; skipped', true);
    return;
  }
  const at = blobOffset(ctx, blob);
  const g = entry(ctx, at, `${path}.RawData`, () => decodeGroup(blobReader(ctx, blob), type), 'guild');
  if (g) {
    o.traits.add(`guild-${g.layout}`);
    o.items.push(g);
  }
}

function readBase(ctx: RawCtx, value: Value, i: number, o: Occurrence<LevelBase[]>): void {
  const path = `${BASES}[${i}]`;
  const blob = isProps(value) ? getBytes(value, 'RawData') : undefined;
  if (!blob || !isProps(value)) {
    ctx.warnings.add(ctx.file, 0, path, 'base camp without RawData; skipped', true);
    return;
  }
  const base = entry(ctx, blobOffset(ctx, blob), `${path}.RawData`, () => decodeBaseCamp(blobReader(ctx, blob)), 'base camp');
  if (!base) return;
  o.traits.add(base.trailer ? 'base-trailer' : 'base-plain');
  const wd = getBytes(getProps(value, 'WorkerDirector'), 'RawData');
  const lb: LevelBase = { ...base };
  if (wd) {
    const dir = entry(
      ctx,
      blobOffset(ctx, wd),
      `${path}.WorkerDirector.RawData`,
      () => decodeWorkerDirector(blobReader(ctx, wd)),
      'worker director',
    );
    if (dir) lb.workerContainerId = dir.containerId;
  }
  o.items.push(lb);
}

function readSlots(ctx: RawCtx, key: Value, value: Value, i: number, out: Map<string, SlotRaw>): void {
  const id = isProps(key) ? getGuid(key, 'ID') : undefined;
  if (!id || !isProps(value)) return;
  const slots = entry(ctx, 0, `${CONTAINERS}[${i}]`, () => decodeContainerSlots(ctx, id, value), 'character container');
  for (const s of slots ?? []) if (!out.has(s.instanceId)) out.set(s.instanceId, s);
}
