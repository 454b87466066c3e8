// Builders of synthetic Palworld structures (raw-data blobs, a small Level.sav and player saves)
// with exactly known contents, for the layout and mapping rules the fixtures do not cover.
import {
  boolProp,
  byteProp,
  bytesProp,
  cat,
  dateProp,
  enumProp,
  g,
  gvas,
  guidArrayProp,
  guidProp,
  int64Prop,
  intProp,
  mapProp,
  nameProp,
  namesProp,
  prop,
  props,
  strProp,
  structProp,
  W,
} from './writer.js';

export type GuildLayout = '0.1' | '0.4' | '0.6' | '1.0';

export interface GuildSpec {
  id: string;
  name: string;
  admin: string;
  level: number;
  baseIds: string[];
  members: { uid: string; name: string }[];
}

/** A guild's GroupSaveDataMap RawData in one of the four layouts. */
export function guildBlob(s: GuildSpec, layout: GuildLayout): Uint8Array {
  const w = new W().guid(s.id).str(s.admin.replace(/-/g, '')).u32(0).u8(1);
  const modern = layout === '0.6' || layout === '1.0';
  if (modern) w.u32(0);
  w.u32(s.baseIds.length);
  for (const b of s.baseIds) w.guid(b);
  if (modern) w.i32(0);
  w.i32(s.level).u32(0).str(s.name);
  if (layout !== '0.1') w.guid(s.admin); // last name modifier
  if (modern) w.u32(0); // markers
  if (layout === '1.0') w.u32(2).u8(1).u8(2).i32(0);
  w.guid(s.admin).u32(s.members.length);
  for (const m of s.members) {
    w.guid(m.uid).i64(1000).str(m.name);
    if (layout === '1.0') w.u8(m.uid === s.admin ? 1 : 2);
  }
  if (layout === '1.0') w.u32(1).u8(2).u32(2).u8(0).u8(3);
  if (modern) w.u32(0);
  return w.done();
}

function transform(w: W, x: number, y: number, z: number): W {
  return w.f64(0).f64(0).f64(0).f64(1).f64(x).f64(y).f64(z).f64(1).f64(1).f64(1);
}

export function baseCampBlob(
  id: string,
  guild: string,
  x: number,
  y: number,
  trailer = true,
  name = '新規生成拠点テンプレート名0(仮)',
): Uint8Array {
  const w = new W().guid(id).str(name).u8(1);
  transform(w, x, y, 100).f32(3500).guid(guild);
  transform(w, 0, 0, 0).guid('00000009-0000-0000-0000-000000000009');
  if (trailer) w.u32(0);
  return w.done();
}

export function workerDirectorBlob(id: string, container: string, trailer = true): Uint8Array {
  const w = transform(new W().guid(id), 1, 2, 3).u8(0).u8(0).guid(container);
  if (trailer) w.u32(0);
  return w.done();
}

/** CharacterSaveParameterMap RawData around the given SaveParameter properties. */
export function characterBlob(spProps: Uint8Array[], group = '00000000-0000-0000-0000-000000000000', trailer = true): Uint8Array {
  const w = new W().bytes(props(structProp('SaveParameter', 'PalIndividualCharacterSaveParameter', props(...spProps))));
  w.u32(0).guid(group);
  if (trailer) w.u32(0);
  return w.done();
}

export const slotId = (container: string, index: number) =>
  structProp(
    'SlotId',
    'PalCharacterSlotId',
    props(structProp('ContainerId', 'PalContainerId', props(guidProp('ID', container))), intProp('SlotIndex', index)),
  );

export function characterEntry(playerUid: string, instanceId: string, raw: Uint8Array): [Uint8Array, Uint8Array] {
  return [
    props(guidProp('PlayerUId', playerUid), guidProp('InstanceId', instanceId), strProp('DebugName', '')),
    props(bytesProp('RawData', raw)),
  ];
}

export interface LevelSpec {
  characters: [Uint8Array, Uint8Array][];
  guilds: { id: string; type: string; raw: Uint8Array }[];
  bases: { id: string; raw: Uint8Array; worker?: Uint8Array }[];
  extra?: Uint8Array[];
  gameTicks?: number;
}

export function levelSav(s: LevelSpec): Uint8Array {
  const parts = [
    mapProp('CharacterSaveParameterMap', 'StructProperty', 'StructProperty', s.characters),
    mapProp(
      'GroupSaveDataMap',
      'StructProperty',
      'StructProperty',
      s.guilds.map((gr) => [
        new W().guid(gr.id).done(),
        props(enumProp('GroupType', 'EPalGroupType', gr.type), bytesProp('RawData', gr.raw)),
      ]),
    ),
    mapProp(
      'BaseCampSaveData',
      'StructProperty',
      'StructProperty',
      s.bases.map((b) => [
        new W().guid(b.id).done(),
        props(
          bytesProp('RawData', b.raw),
          ...(b.worker ? [structProp('WorkerDirector', 'PalBaseCampSaveData_WorkerDirector', props(bytesProp('RawData', b.worker)))] : []),
        ),
      ]),
    ),
    structProp(
      'GameTimeSaveData',
      'PalGameTimeSaveData',
      props(int64Prop('GameDateTimeTicks', s.gameTicks ?? 3 * 864e9), int64Prop('RealDateTimeTicks', 5000)),
    ),
    ...(s.extra ?? []),
  ];
  return gvas(
    props(
      intProp('Version', 100),
      dateProp('Timestamp', 639193681150140000n),
      structProp('worldSaveData', 'PalWorldSaveData', props(...parts)),
    ),
  );
}

export interface PlayerSpec {
  uid: string;
  party: string;
  box: string;
  captures?: Record<string, number>;
  deck?: Record<string, boolean>;
  tribe?: number;
  lastOnline?: bigint;
}

export function playerSav(p: PlayerSpec): Uint8Array {
  const record: Uint8Array[] = [];
  if (p.tribe !== undefined) record.push(intProp('TribeCaptureCount', p.tribe));
  if (p.captures) {
    record.push(
      mapProp(
        'PalCaptureCount',
        'NameProperty',
        'IntProperty',
        Object.entries(p.captures).map(([k, v]) => [new W().str(k).done(), new W().i32(v).done()]),
      ),
    );
  }
  if (p.deck) {
    record.push(
      mapProp(
        'PaldeckUnlockFlag',
        'NameProperty',
        'BoolProperty',
        Object.entries(p.deck).map(([k, v]) => [new W().str(k).done(), new W().u8(v ? 1 : 0).done()]),
      ),
    );
  }
  const data = [
    guidProp('PlayerUId', p.uid),
    structProp('OtomoCharacterContainerId', 'PalContainerId', props(guidProp('ID', p.party))),
    structProp('PalStorageContainerId', 'PalContainerId', props(guidProp('ID', p.box))),
    structProp('RecordData', 'PalLoggedinPlayerSaveDataRecordData', props(...record)),
    ...(p.lastOnline !== undefined ? [dateProp('LastOnlineDateTime', p.lastOnline)] : []),
  ];
  return gvas(
    props(intProp('Version', 100), structProp('SaveData', 'PalWorldPlayerSaveData', props(...data))),
    '/Script/Pal.PalWorldPlayerSaveGame',
  );
}

export const ZERO = '00000000-0000-0000-0000-000000000000';
export const P1 = g(1),
  P2 = g(2),
  P3 = g(3);
export const PARTY1 = g(0xc1),
  BOX1 = g(0xc2),
  WORKERS = g(0xc3),
  ELSEWHERE = g(0xc9);
export const GUILD = g(0x100),
  BASE = g(0x200);

export const player = (name: string, level: number) =>
  characterBlob([boolProp('IsPlayer', true), strProp('NickName', name), byteProp('Level', level)], GUILD);
export const pal = (id: string, extra: Uint8Array[]) => characterBlob([strProp('CharacterID', id), ...extra]);
export const owner = (uid: string) => guidProp('OwnerPlayerUId', uid);

/** A small world touching every mapping rule (used by the mapping and fuzz tests). */
export function sampleWorld(extra: Uint8Array[] = [], characters: [Uint8Array, Uint8Array][] = []) {
  const level = levelSav({
    characters: [
      characterEntry(P1, g(0x901), player('Uno', 30)),
      characterEntry(P2, g(0x902), player('Dos', 12)),
      characterEntry(P3, g(0x903), characterBlob([boolProp('IsPlayer', true), strProp('NickName', 'Tres')])),
      characterEntry(
        ZERO,
        g(0xa01),
        pal('SheepBall', [
          owner(P1),
          slotId(PARTY1, 2),
          byteProp('Level', 5),
          enumProp('Gender', 'EPalGenderType', 'EPalGenderType::Female'),
          namesProp('EquipWaza', 'EnumProperty', ['EPalWazaID::AirCanon', 'EPalWazaID::Unique_SheepBall_Roll']),
          namesProp('PassiveSkillList', 'NameProperty', ['Rare']),
          byteProp('Talent_HP', 70),
          byteProp('Talent_Shot', 60),
          byteProp('Talent_Defense', 50),
          byteProp('Rank', 3),
          structProp('Hp', 'FixedPoint64', props(prop('Value', 'Int64Property', new W().i64(512500).done()))),
        ]),
      ),
      characterEntry(
        ZERO,
        g(0xa02),
        pal('PinkCat', [owner(P1), slotId(BOX1, 31), enumProp('Gender', 'EPalGenderType', 'EPalGenderType::Male')]),
      ),
      characterEntry(ZERO, g(0xa03), pal('BOSS_Kitsunebi', [slotId(BOX1, 0)])),
      characterEntry(
        ZERO,
        g(0xa04),
        pal('Boss_ChickenPal', [slotId(WORKERS, 1), guidArrayProp('OldOwnerPlayerUIds', [P1, P2]), boolProp('IsRarePal', true)]),
      ),
      characterEntry(ZERO, g(0xa05), pal('Male_Soldier02', [owner(P2), slotId(PARTY1, 4)])),
      characterEntry(ZERO, g(0xa06), pal('NewSpecies_X', [slotId(ELSEWHERE, 0)])),
      characterEntry(ZERO, g(0xa07), pal('SheepBall', [owner(g(0x77)), slotId(ELSEWHERE, 1)])),
      ...characters,
    ],
    guilds: [
      {
        id: GUILD,
        type: 'EPalGroupType::Guild',
        raw: guildBlob(
          {
            id: GUILD,
            name: 'Guild',
            admin: P1,
            level: 7,
            baseIds: [BASE],
            members: [
              { uid: P1, name: 'Uno' },
              { uid: P2, name: 'Dos' },
              { uid: g(0x77), name: 'Gone' },
            ],
          },
          '1.0',
        ),
      },
      { id: g(0x101), type: 'EPalGroupType::Organization', raw: new Uint8Array(37) },
    ],
    bases: [{ id: BASE, raw: baseCampBlob(BASE, GUILD, 10, 20), worker: workerDirectorBlob(g(0x300), WORKERS) }],
    extra,
  });
  const p1 = playerSav({
    uid: P1,
    party: PARTY1,
    box: BOX1,
    captures: { SheepBall: 3, PinkCat: 2, Human: 1 },
    deck: { SheepBall: true, PinkCat: false },
    tribe: 2,
    lastOnline: 639193821834570000n,
  });
  return {
    level,
    players: new Map([
      ['00000001000000000000000000000000', p1],
      ['00000002000000000000000000000000_DPS', new Uint8Array(4)],
    ]),
  };
}

export { boolProp, byteProp, cat, enumProp, guidArrayProp, guidProp, intProp, nameProp, namesProp, prop, props, strProp, structProp };
