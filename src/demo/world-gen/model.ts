// The content of a synthetic world, decided from a seed: players, guilds with bases, and pals
// placed in parties, boxes and base worker containers. Pure and deterministic.
import { seededRandom } from '../../lib/prng.js';
import type { Placement } from '../../contract/vocabulary.js';

export interface SyntheticWorldOptions {
  seed: number;
  players: number;
  pals: number;
  guilds?: number;
  basesPerGuild?: number;
  /** How much of the bulk a real Level.sav carries beside its characters (map objects, item
   * containers, foliage, ...: bulk.ts) to write, as a multiple of what the 1.0 fixture holds
   * (about 29 MB of GVAS); 0 or absent writes none. The rows do not depend on it. */
  bulk?: number;
  /** Item containers in the 1.0 world's proportions (items.ts); not with `bulk`. */
  items?: boolean;
  /** The in-game day written (default: from the seed). The simulated game's autosaves advance
   * it, so each save is told apart from the one before. */
  day?: number;
}

export interface ModelPlayer {
  uid: string;
  name: string;
  level: number;
  guildId?: string;
  party: string;
  box: string;
  lastOnlineTicks: bigint;
}

export interface ModelGuild {
  id: string;
  name: string;
  adminUid: string;
  memberUids: string[];
  level: number;
  bases: { id: string; name: string; x: number; y: number; workers: string; director: string }[];
  /** A container of the guild's that no player save or base names. */
  chest: string;
}

export interface ModelPal {
  instanceId: string;
  characterId: string;
  level: number;
  ownerUid: string;
  /** How a parser finds the owner: base workers of 1.0 saves carry only OldOwnerPlayerUIds. */
  ownerSource: 'save' | 'last_observed';
  /** `unknown`: a container that no player save or base names (e.g. a guild chest). */
  placement: Placement;
  baseId: string | null;
  container: string;
  slot: number;
  isLucky: boolean;
  gender: 'Male' | 'Female';
  rank: number;
  /** HP, shot, defense (1.0 saves have no melee talent; a 0 is left out, as the game does). */
  talents: [number, number, number];
  passives: string[];
  skills: string[];
  hp: number;
}

export interface WorldModel {
  players: ModelPlayer[];
  guilds: ModelGuild[];
  pals: ModelPal[];
  day: number;
}

const SPECIES = [
  'SheepBall',
  'PinkCat',
  'ChickenPal',
  'Carbunclo',
  'Kitsunebi',
  'Penguin',
  'Hedgehog',
  'Garm',
  'Monkey',
  'Deer',
  'Anubis',
  'Bastet',
  'FlameBuffalo',
  'ElecCat',
  'WoolFox',
  'Kirin',
  'LazyCatfish',
  'Boar',
  'Eagle',
  'BerryGoat',
  'PlantSlime',
  'CuteFox',
  'Gorilla',
  'Baphomet',
  'NightFox',
  'Alpaca',
  'SharkKid',
  'Serpent',
  'KingAlpaca',
  'FairyDragon',
];
const PASSIVES = ['Rare', 'CraftSpeed_up1', 'PAL_ALLAttack_up1', 'Deffence_up1', 'ElementBoost_Fire_1_PAL', 'PAL_CorporateSlave', 'Noukin'];
const SKILLS = ['AirCanon', 'FireBall', 'ThunderBall', 'WaterGun', 'SandTornado', 'IceMissile', 'PowerShot', 'SpinAttack'];
const NAMES = ['Alice', 'Bruno', 'Chen', 'Dara', 'Emeka', 'Freya', 'Goro', 'Hana', 'Ivan', 'Jun', 'Kofi', 'Lena', 'Zoë', 'パル太郎'];
const GUILD_NAMES = ['Sheep Herders', 'Night Shift', 'Paldeck Completionists', 'Base Builders', 'Lucky Hunters'];

const hex8 = (n: number) => (n >>> 0).toString(16).toUpperCase().padStart(8, '0');

export function buildModel(opts: SyntheticWorldOptions): WorldModel {
  const rnd = seededRandom(opts.seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)];
  const usedIds = new Set<string>();
  const guid = () => {
    for (;;) {
      const id = `${hex8(rnd() * 2 ** 32)}-${hex8(rnd() * 2 ** 32).slice(0, 4)}-${hex8(rnd() * 2 ** 32).slice(0, 4)}-${hex8(rnd() * 2 ** 32).slice(0, 4)}-${hex8(rnd() * 2 ** 32)}${hex8(rnd() * 2 ** 32).slice(0, 4)}`;
      if (!usedIds.has(id)) {
        usedIds.add(id);
        return id;
      }
    }
  };

  // Player uids look like real ones: the first 8 hex digits vary, the rest is zero.
  const players: ModelPlayer[] = [];
  for (let i = 0; i < opts.players; i++) {
    let uid: string;
    do uid = `${hex8(rnd() * 2 ** 32)}-0000-0000-0000-000000000000`;
    while (usedIds.has(uid));
    usedIds.add(uid);
    const base = NAMES[i % NAMES.length];
    players.push({
      uid,
      name: i < NAMES.length ? base : `${base}${Math.floor(i / NAMES.length) + 1}`,
      level: int(1, 60),
      party: guid(),
      box: guid(),
      lastOnlineTicks: 639_000_000_000_000_000n + BigInt(int(0, 30 * 86400)) * 10_000_000n,
    });
  }

  const guildCount = Math.max(1, Math.min(players.length, opts.guilds ?? Math.ceil(players.length / 4)));
  const guilds: ModelGuild[] = [];
  for (let g = 0; g < guildCount; g++) {
    const members = players.filter((_, i) => i % guildCount === g);
    const baseCount = opts.basesPerGuild ?? int(1, 2);
    const guild: ModelGuild = {
      id: guid(),
      name: g < GUILD_NAMES.length ? GUILD_NAMES[g] : `Guild ${g + 1}`,
      adminUid: members[0]?.uid ?? players[0].uid,
      memberUids: members.map((m) => m.uid),
      level: int(1, 20),
      bases: [],
      chest: guid(),
    };
    for (let b = 0; b < baseCount; b++) {
      guild.bases.push({
        id: guid(),
        // Every other base keeps the game's template name (an unnamed base: `name` null).
        name: b % 2 === 0 ? `${guild.name} camp ${b + 1}` : `新規生成拠点テンプレート名${b}(仮)`,
        x: int(-300_000, 300_000),
        y: int(-300_000, 300_000),
        workers: guid(),
        director: guid(),
      });
    }
    for (const m of members) m.guildId = guild.id;
    guilds.push(guild);
  }
  const guildOf = new Map(guilds.flatMap((g) => g.memberUids.map((u) => [u, g] as const)));

  const partyUsed = new Map<string, number>();
  const boxUsed = new Map<string, number>();
  const baseUsed = new Map<string, number>();
  const pals: ModelPal[] = [];
  for (let i = 0; i < opts.pals; i++) {
    const owner = players[i % players.length];
    const guild = guildOf.get(owner.uid);
    const roll = rnd();
    let placement: ModelPal['placement'] = 'box';
    let container = owner.box;
    let slot: number;
    let baseId: string | null = null;
    if (roll < 0.1 && (partyUsed.get(owner.uid) ?? 0) < 5) {
      placement = 'party';
      container = owner.party;
      slot = partyUsed.get(owner.uid) ?? 0;
      partyUsed.set(owner.uid, slot + 1);
    } else if (roll > 0.97 && guild) {
      placement = 'unknown';
      container = guild.chest;
      slot = 0;
    } else if (roll < 0.35 && guild && guild.bases.length) {
      const base = pick(guild.bases);
      placement = 'base';
      container = base.workers;
      baseId = base.id;
      slot = baseUsed.get(base.id) ?? 0;
      baseUsed.set(base.id, slot + 1);
    } else {
      slot = boxUsed.get(owner.uid) ?? 0;
      boxUsed.set(owner.uid, slot + 1);
    }
    const lucky = rnd() < 0.01;
    const boss = !lucky && rnd() < 0.03;
    pals.push({
      instanceId: guid(),
      characterId: `${boss ? 'BOSS_' : ''}${pick(SPECIES)}`,
      level: int(1, 60),
      ownerUid: owner.uid,
      ownerSource: placement === 'base' ? 'last_observed' : 'save',
      placement,
      baseId,
      container,
      slot,
      isLucky: lucky,
      gender: rnd() < 0.5 ? 'Male' : 'Female',
      rank: int(1, 5),
      talents: [int(0, 100), int(0, 100), int(0, 100)],
      passives: rnd() < 0.5 ? [pick(PASSIVES)] : [],
      skills: [pick(SKILLS), pick(SKILLS)],
      hp: int(100, 5000),
    });
  }
  const day = int(1, 400);
  return { players, guilds, pals, day: opts.day ?? day };
}
