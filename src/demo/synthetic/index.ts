// The synthetic world writer: a valid 1.0-layout PlZ world save folder (Level.sav, LevelMeta.sav
// and one Players/<UID>.sav per player) from a seed and a size, with the rows a parse of it must
// give (`expected`). Pure and deterministic: the same options give byte-identical files.
//
// Layouts are the ones the parser reads (src/save/, /work/shared/design/save-format.md §1–3):
// characters in CharacterSaveParameterMap (RawData: SaveParameter, group id, 1.0 trailer), guilds
// in GroupSaveDataMap (1.0 guild layout), bases in BaseCampSaveData with a WorkerDirector naming
// the worker container. A pal's placement comes from its SlotId container: the party or Palbox
// named in its owner's player save, or a base's worker container. Base workers have no
// OwnerPlayerUId (as in real 1.0 saves), only OldOwnerPlayerUIds.

import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { seededRandom } from '../../lib/prng.js';
import { plz1, plz2 } from './container.js';
import {
  boolProp, byteProp, dateProp, end, enumProp, gvas, guidArrayProp, guidProp, guidStem, guidString, int64Prop, intProp,
  mapProp, nameProp, namesProp, none, rawDataProp, strProp, structBegin, structProps, W, ZERO_GUID, type Guid,
} from './writer.js';

export interface SyntheticWorldOptions {
  seed: number;
  players: number;
  pals: number;
  guilds?: number;
  basesPerGuild?: number;
}

export interface SyntheticWorld {
  files: { 'Level.sav': Uint8Array; 'LevelMeta.sav': Uint8Array; players: Map<string, Uint8Array> };
  expected: {
    players: Array<{ uid: string; name: string; level: number; guildId?: string }>;
    pals: Array<{
      instanceId: string;
      characterId: string;
      level: number;
      ownerUid: string;
      placement: 'party' | 'box' | 'base' | 'unknown';
      baseId: string | null;
      isLucky: boolean;
    }>;
    guilds: Array<{ id: string; name: string; adminUid: string; memberUids: string[]; baseIds: string[] }>;
  };
}

export const WORLD_NAME = 'palpanel demo world';

const SPECIES = [
  'SheepBall', 'PinkCat', 'ChickenPal', 'Anubis', 'Penguin', 'Kitsunebi', 'CuteFox', 'Carbunclo', 'BluePlatypus',
  'Hedgehog', 'Garm', 'Deer', 'Boar', 'Alpaca', 'Bastet', 'LazyCatfish', 'Kirin', 'Monkey', 'WoolFox', 'FlameBuffalo',
  'Gorilla', 'Eagle', 'HerculesBeetle', 'GrassMammoth', 'ElecPanda', 'Ganesha', 'NegativeKoala', 'PlantSlime',
  'CaptainPenguin', 'DreamDemon', 'WeaselDragon', 'RaijinDaughter', 'JetDragon', 'FairyDragon', 'ThunderDragonMan',
  'Serpent', 'Horus', 'LilyQueen', 'KingAlpaca', 'Werewolf', 'NightFox', 'BlueDragon', 'IceDeer', 'HawkBird',
  'LavaGirl', 'FlowerDinosaur', 'BerryGoat', 'CatBat', 'FoxMage', 'PinkRabbit', 'SharkKid', 'LazyDragon', 'GrassPanda',
];
const PLAYER_NAMES = [
  'Aiko', 'Bram', 'Zoë', 'パル太郎', 'Mateo', 'Sigrid', 'Kwame', 'Lucía', 'Oskar', 'Mei', 'Dmitri', 'Ngozi', 'Håkon',
  'Priya', 'Tomás', 'Yuki', 'Farah', 'Jonas', 'Amara', 'Ravi', 'Elin', 'Chen', 'Noor', 'Felix',
];
const GUILD_NAMES = [
  'Night Owls', 'Sheep Herders', 'Paldeck Completionists', 'Anubis Fan Club', 'Tower Raiders', 'Lucky Seven',
  'Berry Farmers', '北の開拓団', 'Unnamed Guild', 'Ore Miners', 'Frostbite Crew', 'Sunset Ranch',
];
const PASSIVES = [
  'PAL_ALLAttack_up1', 'Rare', 'CraftSpeed_up1', 'Deffence_up1', 'PAL_Sanity_Down_1', 'TrainerMining_up1', 'Legend',
  'PAL_FullStomach_Down_1', 'ElementBoost_Fire_1_PAL', 'Nocturnal', 'PAL_CorporateSlave', 'MoveSpeed_up_1',
];
const WAZA = [
  'AirCanon', 'FireBall', 'PowerShot', 'SpiritFireBall', 'ThunderBall', 'IceMissile', 'WindCutter', 'StoneCannon',
  'SeedMachinegun', 'AquaGun', 'PoisonShot', 'DarkBall',
].map((w) => `EPalWazaID::${w}`);
const BASE_NAME = '新規生成拠点テンプレート名0(仮)';

/** Worker slots per base before further pals go to the Palbox. */
const BASE_WORKER_CAP = 30;
const PARTY_SLOTS = 5;
/** Save time: 2026-07-11 (DateTime ticks, 100 ns since 0001-01-01 UTC). */
const TIMESTAMP = 639193681150140000n;
const DAY_TICKS = 864e9;

interface Base { id: Guid; idStr: string; director: Guid; container: Guid; x: number; y: number; z: number; workers: number }
interface Guild { id: Guid; idStr: string; name: string; level: number; members: number[]; bases: Base[] }
interface Player {
  uid: Guid; uidStr: string; instanceId: Guid; name: string; level: number; guild: number;
  party: Guid; box: Guid; partyCount: number; boxCount: number; lastOnline: bigint;
}

function positiveInt(name: string, v: number, min: number): number {
  if (!Number.isInteger(v) || v < min) throw new RangeError(`synthetic world: ${name} must be an integer ≥ ${min}, got ${v}`);
  return v;
}

export function generateSyntheticWorld(opts: SyntheticWorldOptions): SyntheticWorld {
  const nPlayers = positiveInt('players', opts.players, 1);
  const nPals = positiveInt('pals', opts.pals, 0);
  const nGuilds = Math.min(nPlayers, positiveInt('guilds', opts.guilds ?? Math.max(1, Math.round(nPlayers / 4)), 1));
  if (opts.basesPerGuild !== undefined) positiveInt('basesPerGuild', opts.basesPerGuild, 0);

  const rand = seededRandom(opts.seed);
  const u32 = (): number => Math.floor(rand() * 4294967296) >>> 0;
  const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const guid = (): Guid => [u32(), u32(), u32(), u32()];

  // ---- the model: players, guilds with bases
  const uids = new Set<number>();
  const players: Player[] = [];
  for (let i = 0; i < nPlayers; i++) {
    let head = u32();
    while (head === 0 || uids.has(head)) head = u32();
    uids.add(head);
    const uid: Guid = [head, 0, 0, 0];
    const base = PLAYER_NAMES[i % PLAYER_NAMES.length];
    players.push({
      uid, uidStr: guidString(uid), instanceId: guid(),
      name: i < PLAYER_NAMES.length ? base : `${base} ${Math.floor(i / PLAYER_NAMES.length) + 1}`,
      level: int(1, 60), guild: i % nGuilds, party: guid(), box: guid(), partyCount: 0, boxCount: 0,
      lastOnline: TIMESTAMP - BigInt(int(0, 7 * 24 * 60)) * 600000000n,
    });
  }
  const guilds: Guild[] = [];
  for (let gi = 0; gi < nGuilds; gi++) {
    const id = guid();
    const nBases = opts.basesPerGuild ?? int(1, 2);
    const bases: Base[] = [];
    for (let b = 0; b < nBases; b++) {
      const bid = guid();
      bases.push({
        id: bid, idStr: guidString(bid), director: guid(), container: guid(),
        x: int(-350000, 350000), y: int(-300000, 450000), z: int(0, 20000), workers: 0,
      });
    }
    const name = gi < GUILD_NAMES.length ? GUILD_NAMES[gi] : `${GUILD_NAMES[gi % GUILD_NAMES.length]} ${Math.floor(gi / GUILD_NAMES.length) + 1}`;
    guilds.push({ id, idStr: guidString(id), name, level: int(1, 30), members: [], bases });
  }
  for (let i = 0; i < nPlayers; i++) guilds[players[i].guild].members.push(i);
  const day = int(3, 120);
  const realTicks = int(1e6, 5e6) * 1e6;

  // ---- Level.sav: written in one pass; pals are decided as they are written
  const expectedPals: SyntheticWorld['expected']['pals'] = new Array(nPals);
  const w = new W(Math.max(1 << 16, 1 << Math.ceil(Math.log2(nPals * 1800 + 65536))));
  const level = gvas(w, '/Script/Pal.PalWorldSaveGame', (w) => {
    intProp(w, 'Version', 100);
    dateProp(w, 'Timestamp', TIMESTAMP);
    structProps(w, 'worldSaveData', 'PalWorldSaveData', (w) => {
      mapProp(w, 'CharacterSaveParameterMap', 'StructProperty', 'StructProperty', (w) => {
        for (const p of players) {
          characterEntry(w, p.uid, p.instanceId, guilds[p.guild].id, (w) => {
            boolProp(w, 'IsPlayer', true);
            strProp(w, 'NickName', p.name);
            if (p.level > 1) byteProp(w, 'Level', p.level);
            int64Prop(w, 'Exp', p.level * p.level * 120);
            hpProp(w, (400 + p.level * 20) * 1000);
          });
        }
        for (let i = 0; i < nPals; i++) expectedPals[i] = writePal(w, i);
        return nPlayers + nPals;
      });
      mapProp(w, 'GroupSaveDataMap', 'StructProperty', 'StructProperty', (w) => {
        for (const g of guilds) {
          w.guid(g.id);
          enumProp(w, 'GroupType', 'EPalGroupType', 'EPalGroupType::Guild');
          rawDataProp(w, 'RawData', (w) => guildBlob(w, g));
          none(w);
        }
        return guilds.length;
      });
      let nBases = 0;
      mapProp(w, 'BaseCampSaveData', 'StructProperty', 'StructProperty', (w) => {
        for (const g of guilds) {
          for (const b of g.bases) {
            nBases++;
            w.guid(b.id);
            rawDataProp(w, 'RawData', (w) => {
              w.guid(b.id).str(BASE_NAME).u8(1);
              transform(w, b.x, b.y, b.z).f32(3500).guid(g.id);
              transform(w, 0, 0, 0).guid(guid()).u32(0);
            });
            structProps(w, 'WorkerDirector', 'PalBaseCampSaveData_WorkerDirector', (w) => {
              rawDataProp(w, 'RawData', (w) => transform(w.guid(b.director), b.x, b.y, b.z + 100).u8(0).u8(0).guid(b.container).u32(0));
            });
            none(w);
          }
        }
        return nBases;
      });
      structProps(w, 'GameTimeSaveData', 'PalGameTimeSaveData', (w) => {
        int64Prop(w, 'GameDateTimeTicks', day * DAY_TICKS + int(0, 863) * 1e9);
        int64Prop(w, 'RealDateTimeTicks', realTicks);
      });
    });
  });

  function writePal(w: W, i: number): SyntheticWorld['expected']['pals'][number] {
    const owner = players[Math.floor(rand() * nPlayers)];
    const guild = guilds[owner.guild];
    // The first three pals take one placement each, so even a tiny world shows all three.
    const r = i < 3 ? [0.01, 0.15, 0.9][i] : rand();
    let container = owner.box;
    let slot = -1;
    let placement: 'party' | 'box' | 'base' = 'box';
    let base: Base | undefined;
    if (r < 0.06 && owner.partyCount < PARTY_SLOTS) {
      placement = 'party';
      container = owner.party;
      slot = owner.partyCount++;
    } else if (r < 0.22 && guild.bases.length > 0) {
      const b = guild.bases[Math.floor(rand() * guild.bases.length)];
      if (b.workers < BASE_WORKER_CAP) {
        placement = 'base';
        base = b;
        container = b.container;
        slot = b.workers++;
      }
    }
    if (slot < 0) slot = owner.boxCount++;

    const kind = rand();
    const lucky = kind < 0.01;
    const species = pick(SPECIES);
    const characterId = lucky || kind < 0.04 ? `BOSS_${species}` : species;
    const palLevel = int(1, 60);
    const instanceId = guid();
    characterEntry(w, ZERO_GUID, instanceId, ZERO_GUID, (w) => {
      nameProp(w, 'CharacterID', characterId);
      if (rand() < 0.97) enumProp(w, 'Gender', 'EPalGenderType', rand() < 0.5 ? 'EPalGenderType::Male' : 'EPalGenderType::Female');
      if (palLevel > 1) byteProp(w, 'Level', palLevel);
      int64Prop(w, 'Exp', palLevel * palLevel * 40);
      if (rand() < 0.2) byteProp(w, 'Rank', int(2, 5));
      byteProp(w, 'Talent_HP', int(0, 100));
      byteProp(w, 'Talent_Shot', int(0, 100));
      byteProp(w, 'Talent_Defense', int(0, 100));
      const nPassives = int(0, 3);
      if (nPassives > 0) namesProp(w, 'PassiveSkillList', 'NameProperty', Array.from({ length: nPassives }, () => pick(PASSIVES)));
      namesProp(w, 'EquipWaza', 'EnumProperty', Array.from({ length: int(1, 3) }, () => pick(WAZA)));
      hpProp(w, (200 + palLevel * 15) * 1000);
      if (placement !== 'base') guidProp(w, 'OwnerPlayerUId', owner.uid);
      guidArrayProp(w, 'OldOwnerPlayerUIds', [owner.uid]);
      if (lucky) boolProp(w, 'IsRarePal', true);
      structProps(w, 'SlotId', 'PalCharacterSlotId', (w) => {
        structProps(w, 'ContainerId', 'PalContainerId', (w) => guidProp(w, 'ID', container));
        intProp(w, 'SlotIndex', slot);
      });
    });
    return {
      instanceId: guidString(instanceId), characterId, level: palLevel, ownerUid: owner.uidStr, placement,
      baseId: base ? base.idStr : null, isLucky: lucky,
    };
  }

  function guildBlob(w: W, g: Guild): void {
    const admin = players[g.members[0]];
    w.guid(g.id).str(guidStem(admin.uid));
    w.u32(g.members.length); // character handles: player uid + instance id
    for (const m of g.members) w.guid(players[m].uid).guid(players[m].instanceId);
    w.u8(1); // organisation type
    w.u32(0); // v0.6 leading bytes
    w.u32(g.bases.length);
    for (const b of g.bases) w.guid(b.id);
    w.i32(0).i32(g.level).u32(0).str(g.name);
    w.guid(admin.uid); // last name modifier
    w.u32(0); // map markers
    w.u32(2).u8(1).u8(2).i32(0); // chest-allowed roles, 4 bytes
    w.guid(admin.uid).u32(g.members.length);
    for (const m of g.members) {
      const p = players[m];
      w.guid(p.uid).i64(realTicks - int(0, 1e6) * 1e4).str(p.name).u8(m === g.members[0] ? 1 : 2);
    }
    w.u32(1).u8(2).u32(2).u8(0).u8(3); // role permissions
    w.u32(0); // trailer
  }

  // ---- LevelMeta.sav and the player saves
  const meta = gvas(new W(4096), '/Script/Pal.PalWorldBaseInfoSaveGame', (w) => {
    intProp(w, 'Version', 100);
    dateProp(w, 'Timestamp', TIMESTAMP);
    structProps(w, 'SaveData', 'PalWorldBaseInfoSaveData', (w) => {
      strProp(w, 'WorldName', WORLD_NAME);
      intProp(w, 'InGameDay', day);
    });
  });
  const playerFiles = new Map<string, Uint8Array>();
  for (const p of players) {
    const tribe = int(1, SPECIES.length);
    const caught = SPECIES.slice(0, tribe);
    const bytes = gvas(new W(8192), '/Script/Pal.PalWorldPlayerSaveGame', (w) => {
      intProp(w, 'Version', 100);
      dateProp(w, 'Timestamp', TIMESTAMP);
      structProps(w, 'SaveData', 'PalWorldPlayerSaveData', (w) => {
        guidProp(w, 'PlayerUId', p.uid);
        guidProp(w, 'IndividualId', p.instanceId);
        structProps(w, 'OtomoCharacterContainerId', 'PalContainerId', (w) => guidProp(w, 'ID', p.party));
        structProps(w, 'PalStorageContainerId', 'PalContainerId', (w) => guidProp(w, 'ID', p.box));
        structProps(w, 'RecordData', 'PalLoggedinPlayerSaveDataRecordData', (w) => {
          intProp(w, 'TribeCaptureCount', tribe);
          mapProp(w, 'PalCaptureCount', 'NameProperty', 'IntProperty', (w) => {
            for (const s of caught) w.str(s).i32(int(1, 40));
            return caught.length;
          });
          mapProp(w, 'PaldeckUnlockFlag', 'NameProperty', 'BoolProperty', (w) => {
            for (const s of caught) w.str(s).u8(1);
            return caught.length;
          });
        });
        dateProp(w, 'LastOnlineDateTime', p.lastOnline);
      });
    });
    playerFiles.set(guidStem(p.uid), plz1(bytes));
  }

  const byKey = <T>(key: (t: T) => string) => (a: T, b: T): number => {
    const x = key(a);
    const y = key(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
  return {
    files: { 'Level.sav': plz2(level), 'LevelMeta.sav': plz1(meta), players: playerFiles },
    expected: {
      players: players
        .map((p) => ({ uid: p.uidStr, name: p.name, level: p.level, guildId: guilds[p.guild].idStr }))
        .sort(byKey((p) => p.uid)),
      pals: expectedPals.sort(byKey((p) => p.instanceId)),
      guilds: guilds
        .map((g) => ({
          id: g.idStr, name: g.name, adminUid: players[g.members[0]].uidStr,
          memberUids: g.members.map((m) => players[m].uidStr), baseIds: g.bases.map((b) => b.idStr),
        }))
        .sort(byKey((g) => g.id)),
    },
  };
}

/** One CharacterSaveParameterMap entry: key {PlayerUId, InstanceId, DebugName}, value {RawData}. */
function characterEntry(w: W, playerUid: Guid, instanceId: Guid, group: Guid, sp: (w: W) => void): void {
  guidProp(w, 'PlayerUId', playerUid);
  guidProp(w, 'InstanceId', instanceId);
  strProp(w, 'DebugName', '');
  none(w);
  rawDataProp(w, 'RawData', (w) => {
    structProps(w, 'SaveParameter', 'PalIndividualCharacterSaveParameter', sp);
    none(w);
    w.u32(0).guid(group).u32(0);
  });
  none(w);
}

/** FixedPoint64 HP: `{Value: Int64}` holding HP × 1000. */
function hpProp(w: W, value: number): void {
  const o = structBegin(w, 'Hp', 'FixedPoint64');
  int64Prop(w, 'Value', value);
  none(w);
  end(w, o);
}

function transform(w: W, x: number, y: number, z: number): W {
  return w.f64(0).f64(0).f64(0).f64(1).f64(x).f64(y).f64(z).f64(1).f64(1).f64(1);
}

async function writeAtomic(path: string, data: Uint8Array): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/** Writes dir/Level.sav, dir/LevelMeta.sav and dir/Players/<STEM>.sav (each via a temp file and a
 * rename, so a watcher never reads a half-written file). */
export async function writeSyntheticWorld(dir: string, opts: SyntheticWorldOptions): Promise<SyntheticWorld> {
  const world = generateSyntheticWorld(opts);
  await mkdir(join(dir, 'Players'), { recursive: true });
  for (const [stem, bytes] of world.files.players) await writeAtomic(join(dir, 'Players', `${stem}.sav`), bytes);
  await writeAtomic(join(dir, 'LevelMeta.sav'), world.files['LevelMeta.sav']);
  await writeAtomic(join(dir, 'Level.sav'), world.files['Level.sav']);
  return world;
}
