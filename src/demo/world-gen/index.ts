// The synthetic world writer: a valid PlZ world save folder (Level.sav, LevelMeta.sav and one
// player save per player) in the 1.0 layout, from a seed and a size. It feeds `palpanel demo`,
// the parse benchmark and the round-trip tests (write → parse → the same rows).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Placement } from '../../contract/vocabulary.js';
import { baseCampBlob, characterBlob, guildBlob, palParams, playerParams, workerDirectorBlob, ZERO_GUID } from './blobs.js';
import { BulkWriter } from './bulk.js';
import { planItems, writeInventoryInfo, writeItemContainers, writeMapObjects, type WorldItemsPlan } from './items.js';
import { bytesProp, dateProp, enumProp, gvasFile, guidProp, int64Prop, intProp, mapProp, strProp, structProp } from './gvas.js';
import { buildModel, type ModelGuild, type SyntheticWorldOptions, type WorldModel } from './model.js';

export type { SyntheticWorldOptions };

export interface SyntheticWorld {
  files: { 'Level.sav': Uint8Array; 'LevelMeta.sav': Uint8Array; players: Map<string, Uint8Array> };
  expected: {
    players: Array<{ uid: string; name: string; level: number; guildId?: string }>;
    pals: Array<{
      instanceId: string;
      characterId: string;
      level: number;
      ownerUid: string;
      ownerSource: 'save' | 'last_observed';
      placement: Placement;
      baseId: string | null;
      isLucky: boolean;
    }>;
    guilds: Array<{ id: string; name: string; adminUid: string; memberUids: string[]; baseIds: string[] }>;
  };
}

const SAVE_TIMESTAMP = 639_193_681_150_140_000n;

/** PlZ container: `0x32` (zlib twice, as the game writes Level.sav) or `0x31` (once). */
export function plz(gvas: Uint8Array, type: 0x31 | 0x32): Uint8Array {
  const once = deflateSync(gvas);
  const payload = type === 0x32 ? deflateSync(once) : once;
  const out = new Uint8Array(12 + payload.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, gvas.length, true);
  v.setUint32(4, once.length, true);
  out.set([0x50, 0x6c, 0x5a, type], 8); // "PlZ" + type
  out.set(payload, 12);
  return out;
}

function levelGvas(m: WorldModel, opts: SyntheticWorldOptions, items: WorldItemsPlan | undefined): Uint8Array {
  const bulk = opts.bulk ? new BulkWriter(opts.seed, opts.bulk) : undefined;
  const names = new Map(m.players.map((p) => [p.uid, p.name]));
  const guildOfPlayer = new Map(m.players.map((p) => [p.uid, p.guildId]));
  const characters = [
    ...m.players.map((p) => ({
      player: p.uid,
      instance: p.party.replace(/^.{4}/, 'FFFF'),
      group: p.guildId ?? ZERO_GUID,
      params: playerParams(p),
    })),
    // The group id after a character's RawData is its guild (the owner's, for a pal).
    ...m.pals.map((p) => ({
      player: ZERO_GUID,
      instance: p.instanceId,
      group: guildOfPlayer.get(p.ownerUid) ?? ZERO_GUID,
      params: palParams(p),
    })),
  ];
  return gvasFile('/Script/Pal.PalWorldSaveGame', (w) => {
    intProp(w, 'Version', 100);
    dateProp(w, 'Timestamp', SAVE_TIMESTAMP);
    structProp(w, 'worldSaveData', 'PalWorldSaveData', (x) => {
      mapProp(
        x,
        'CharacterSaveParameterMap',
        'StructProperty',
        'StructProperty',
        characters,
        (k, c) => {
          guidProp(k, 'PlayerUId', c.player);
          guidProp(k, 'InstanceId', c.instance);
          strProp(k, 'DebugName', '');
          k.str('None');
        },
        (v, c) => {
          bytesProp(v, 'RawData', (b) => characterBlob(b, c.group, c.params));
          v.str('None');
        },
      );
      bulk?.afterCharacters(x);
      if (items) writeMapObjects(x, items);
      mapProp(
        x,
        'GroupSaveDataMap',
        'StructProperty',
        'StructProperty',
        m.guilds,
        (k, g) => k.guid(g.id),
        (v, g: ModelGuild) => {
          enumProp(v, 'GroupType', 'EPalGroupType', 'EPalGroupType::Guild');
          bytesProp(v, 'RawData', (b) =>
            guildBlob(b, {
              id: g.id,
              name: g.name,
              admin: g.adminUid,
              level: g.level,
              baseIds: g.bases.map((s) => s.id),
              members: g.memberUids.map((uid) => ({ uid, name: names.get(uid) ?? '' })),
            }),
          );
          v.str('None');
        },
      );
      bulk?.afterGroups(x);
      if (items) writeItemContainers(x, items);
      const bases = m.guilds.flatMap((g) => g.bases.map((b) => ({ ...b, guild: g.id })));
      mapProp(
        x,
        'BaseCampSaveData',
        'StructProperty',
        'StructProperty',
        bases,
        (k, b) => k.guid(b.id),
        (v, b) => {
          bytesProp(v, 'RawData', (r) => baseCampBlob(r, b.id, b.guild, b.x, b.y, b.name));
          structProp(v, 'WorkerDirector', 'PalBaseCampSaveData_WorkerDirector', (d) =>
            bytesProp(d, 'RawData', (r) => workerDirectorBlob(r, b.director, b.workers)),
          );
          v.str('None');
        },
      );
      structProp(x, 'GameTimeSaveData', 'PalGameTimeSaveData', (t) => {
        int64Prop(t, 'GameDateTimeTicks', BigInt(m.day) * 864_000_000_000n);
        int64Prop(t, 'RealDateTimeTicks', 5000n);
      });
      bulk?.afterTime(x);
    });
  });
}

function levelMetaGvas(m: WorldModel): Uint8Array {
  return gvasFile('/Script/Pal.PalWorldBaseInfoSaveGame', (w) => {
    intProp(w, 'Version', 100);
    structProp(w, 'SaveData', 'PalWorldBaseInfoSaveData', (x) => {
      strProp(x, 'WorldName', 'palpanel demo world');
      intProp(x, 'InGameDay', m.day);
    });
  });
}

function playerGvas(m: WorldModel, i: number, items: WorldItemsPlan | undefined): Uint8Array {
  const p = m.players[i];
  const owned = m.pals.filter((pal) => pal.ownerUid === p.uid);
  const counts = new Map<string, number>();
  for (const pal of owned) {
    const species = pal.characterId.replace(/^BOSS_/, '');
    counts.set(species, (counts.get(species) ?? 0) + 1);
  }
  const captured = [...counts];
  return gvasFile('/Script/Pal.PalWorldPlayerSaveGame', (w) => {
    intProp(w, 'Version', 100);
    structProp(w, 'SaveData', 'PalWorldPlayerSaveData', (x) => {
      guidProp(x, 'PlayerUId', p.uid);
      structProp(x, 'OtomoCharacterContainerId', 'PalContainerId', (c) => guidProp(c, 'ID', p.party));
      structProp(x, 'PalStorageContainerId', 'PalContainerId', (c) => guidProp(c, 'ID', p.box));
      const inventory = items?.players.get(p.uid);
      if (inventory) writeInventoryInfo(x, inventory);
      structProp(x, 'RecordData', 'PalLoggedinPlayerSaveDataRecordData', (r) => {
        intProp(r, 'TribeCaptureCount', captured.length);
        mapProp(
          r,
          'PalCaptureCount',
          'NameProperty',
          'IntProperty',
          captured,
          (k, e) => k.str(e[0]),
          (v, e) => v.i32(e[1]),
        );
        mapProp(
          r,
          'PaldeckUnlockFlag',
          'NameProperty',
          'BoolProperty',
          captured,
          (k, e) => k.str(e[0]),
          (v) => v.u8(1),
        );
      });
      dateProp(x, 'LastOnlineDateTime', p.lastOnlineTicks);
    });
  });
}

export const playerStem = (uid: string): string => uid.replace(/-/g, '').toUpperCase();

export function generateSyntheticWorld(opts: SyntheticWorldOptions): SyntheticWorld {
  if (!(opts.players >= 1)) throw new RangeError('a synthetic world needs at least one player');
  // The bulk writes item containers and map objects of its own, of no one: not both.
  if (opts.items && opts.bulk) throw new RangeError('a synthetic world has items or bulk, not both');
  const m = buildModel(opts);
  const items = opts.items ? planItems(m, opts.seed) : undefined;
  const players = new Map<string, Uint8Array>();
  for (let i = 0; i < m.players.length; i++) players.set(playerStem(m.players[i].uid), plz(playerGvas(m, i, items), 0x31));
  return {
    files: { 'Level.sav': plz(levelGvas(m, opts, items), 0x32), 'LevelMeta.sav': plz(levelMetaGvas(m), 0x31), players },
    expected: {
      players: m.players.map((p) => ({ uid: p.uid, name: p.name, level: p.level, ...(p.guildId ? { guildId: p.guildId } : {}) })),
      pals: m.pals.map((p) => ({
        instanceId: p.instanceId,
        characterId: p.characterId,
        level: p.level,
        ownerUid: p.ownerUid,
        ownerSource: p.ownerSource,
        placement: p.placement,
        baseId: p.baseId,
        isLucky: p.isLucky,
      })),
      guilds: m.guilds.map((g) => ({
        id: g.id,
        name: g.name,
        adminUid: g.adminUid,
        memberUids: g.memberUids,
        baseIds: g.bases.map((b) => b.id),
      })),
    },
  };
}

/** Writes the world into `dir` (each file to a temp name, then renamed into place). */
export function writeSyntheticWorld(dir: string, opts: SyntheticWorldOptions): SyntheticWorld {
  const world = generateSyntheticWorld(opts);
  mkdirSync(join(dir, 'Players'), { recursive: true });
  const put = (path: string, bytes: Uint8Array) => {
    writeFileSync(`${path}.tmp`, bytes);
    renameSync(`${path}.tmp`, path);
  };
  for (const [stem, bytes] of world.files.players) put(join(dir, 'Players', `${stem}.sav`), bytes);
  put(join(dir, 'LevelMeta.sav'), world.files['LevelMeta.sav']);
  put(join(dir, 'Level.sav'), world.files['Level.sav']);
  return world;
}
