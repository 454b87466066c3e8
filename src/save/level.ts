// Level.sav: decodes the parts of `worldSaveData` the world rows need (characters, guilds, bases
// with their worker containers, character containers, game time) and skips the rest by size.
// Each entry is decoded on its own; one that fits no known layout is skipped with a drift warning.

import { SaveError, SaveReadError } from './errors.js';
import { decodeBaseCamp, decodeWorkerDirector, type BaseCampRaw } from './base-camp.js';
import { decodeCharacter, type CharacterRaw } from './character.js';
import { decodeContainerSlots, type SlotRaw } from './container-slots.js';
import { decodeGroup, type GuildRaw } from './guild.js';
import { decodeGvas } from './gvas.js';
import type { GvasHeader } from './gvas-header.js';
import { sanitize } from './gvas-tag.js';
import { getBigInt, getBytes, getGuid, getMap, getNum, getProps, getStr, isProps, type PropMap, type Select } from './gvas-types.js';
import { blobOffset, blobReader, type RawCtx } from './raw-common.js';
import type { WarningSink } from './warnings.js';

export interface LevelCharacter {
  /** The map key's PlayerUId: only meaningful for players (pals carry zero). */
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

export function decodeLevel(gvas: Uint8Array, warnings: WarningSink): LevelData {
  const file = 'Level.sav';
  const g = decodeGvas(gvas, file, warnings, LEVEL_SELECT);
  const world = getProps(g.props, 'worldSaveData');
  if (!world) {
    // Typically LevelMeta.sav, a player save or another game save given in place of Level.sav.
    const cls = sanitize(g.header.saveClass.replace(/^.*\./, '')) || 'unknown';
    throw new SaveReadError('no_world_data', `not a world save (Level.sav): it holds no worldSaveData (save class ${cls})`);
  }
  const ctx: RawCtx = { file, warnings, gvas };
  const traits = new Set<string>();
  if (world.has('WorldMetaSaveVersionBitMask')) traits.add('bitmask');
  const time = getProps(world, 'GameTimeSaveData');
  return {
    header: g.header,
    characters: readCharacters(ctx, getMap(world, 'CharacterSaveParameterMap'), traits),
    guilds: readGuilds(ctx, getMap(world, 'GroupSaveDataMap'), traits),
    bases: readBases(ctx, getMap(world, 'BaseCampSaveData'), traits),
    slots: readSlots(ctx, getMap(world, 'CharacterContainerSaveData')),
    gameDateTimeTicks: getNum(time, 'GameDateTimeTicks'),
    realDateTimeTicks: getNum(time, 'RealDateTimeTicks'),
    timestamp: getBigInt(g.props, 'Timestamp'),
    traits,
  };
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

function readCharacters(ctx: RawCtx, map: PropMap | undefined, traits: Set<string>): LevelCharacter[] {
  const out: LevelCharacter[] = [];
  map?.entries.forEach(([key, value], i) => {
    const path = `worldSaveData.CharacterSaveParameterMap[${i}]`;
    const blob = isProps(value) ? getBytes(value, 'RawData') : undefined;
    const instanceId = isProps(key) ? getGuid(key, 'InstanceId') : undefined;
    if (!blob || !instanceId || !isProps(key)) {
      ctx.warnings.add(ctx.file, 0, path, 'character entry without an instance id or RawData; skipped', true);
      return;
    }
    const raw = entry(ctx, blobOffset(ctx, blob), `${path}.RawData`, () => decodeCharacter(ctx, blob, `${path}.RawData`), 'character');
    if (!raw) return;
    traits.add(raw.trailer ? 'character-trailer' : 'character-plain');
    out.push({ playerUid: getGuid(key, 'PlayerUId') ?? '', instanceId, raw });
  });
  return out;
}

function readGuilds(ctx: RawCtx, map: PropMap | undefined, traits: Set<string>): GuildRaw[] {
  const out: GuildRaw[] = [];
  map?.entries.forEach(([, value], i) => {
    const path = `worldSaveData.GroupSaveDataMap[${i}]`;
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
      traits.add(`guild-${g.layout}`);
      out.push(g);
    }
  });
  return out;
}

function readBases(ctx: RawCtx, map: PropMap | undefined, traits: Set<string>): LevelBase[] {
  const out: LevelBase[] = [];
  map?.entries.forEach(([, value], i) => {
    const path = `worldSaveData.BaseCampSaveData[${i}]`;
    const blob = isProps(value) ? getBytes(value, 'RawData') : undefined;
    if (!blob || !isProps(value)) {
      ctx.warnings.add(ctx.file, 0, path, 'base camp without RawData; skipped', true);
      return;
    }
    const base = entry(ctx, blobOffset(ctx, blob), `${path}.RawData`, () => decodeBaseCamp(blobReader(ctx, blob)), 'base camp');
    if (!base) return;
    traits.add(base.trailer ? 'base-trailer' : 'base-plain');
    const wd = getBytes(getProps(value, 'WorkerDirector'), 'RawData');
    const lb: LevelBase = { ...base };
    if (wd) {
      const dir = entry(ctx, blobOffset(ctx, wd), `${path}.WorkerDirector.RawData`, () => decodeWorkerDirector(blobReader(ctx, wd)), 'worker director');
      if (dir) lb.workerContainerId = dir.containerId;
    }
    out.push(lb);
  });
  return out;
}

function readSlots(ctx: RawCtx, map: PropMap | undefined): Map<string, SlotRaw> {
  const out = new Map<string, SlotRaw>();
  map?.entries.forEach(([key, value], i) => {
    const id = isProps(key) ? getGuid(key, 'ID') : undefined;
    if (!id || !isProps(value)) return;
    const slots = entry(ctx, 0, `worldSaveData.CharacterContainerSaveData[${i}]`, () => decodeContainerSlots(ctx, id, value), 'character container');
    for (const s of slots ?? []) if (!out.has(s.instanceId)) out.set(s.instanceId, s);
  });
  return out;
}
