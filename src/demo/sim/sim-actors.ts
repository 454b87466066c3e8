// The `ActorData` of the simulated `/v1/api/game-data`: online players and their party pals,
// the given base pals (in the game's several InstanceID spellings), plus actors no save holds
// (unmatched workers, wild pals, NPCs, pal boxes, an unknown type). Every identifying string
// is distinctive and registered as sensitive, so redaction tests can look for it.
import { hashInts, SeededRandom } from './seeded-random.js';
import type { SimBasePalInput } from './types.js';
import type { SimPlayer } from './sim-players.js';

/** Pairs of (Action, AI_Action) the base pals cycle through. */
const ACTIONS: ReadonlyArray<readonly [string, string]> = [
  ['Idle', 'WorkerWork'],
  ['Idle', 'TransportItem'],
  ['Idle', 'Eat'],
  ['Idle', 'Sleep'],
  ['Idle', 'None'],
  ['Move', 'None'],
  ['Idle', 'Battle'],
  ['Dying', 'None'],
];

const PALBOX_TEMPLATE = '新規生成拠点テンプレート名13(仮)';

type Actor = Record<string, string | number>;

export class SimActors {
  readonly guildName: string;
  readonly guildId: string;
  private readonly trainerRuntimeId: string;
  private readonly extraIds: string[];
  private readonly rnd: SeededRandom;

  constructor(
    seed: number,
    private readonly basePals: SimBasePalInput[],
    private readonly palBoxes: number,
  ) {
    this.rnd = new SeededRandom(hashInts(seed, 4242));
    this.guildName = `Sim Guild Aurora ${this.rnd.int(900) + 100}`;
    this.guildId = this.rnd.hex(32);
    this.trainerRuntimeId = this.rnd.hex(32);
    this.extraIds = Array.from({ length: 11 }, () => this.rnd.hex(32));
  }

  /** Strings that must never reach a redacted output. */
  sensitive(players: SimPlayer[]): string[] {
    const out = [this.guildName, this.guildId, this.trainerRuntimeId, ...this.extraIds, PALBOX_TEMPLATE];
    for (const p of players) out.push(p.ip, p.userId, p.runtimeId, p.accountName);
    this.basePals.forEach((_, j) => out.push(nickOf(j)));
    out.push('Sim Wild Pal', 'Sim Merchant', 'Sim Stranger');
    return out;
  }

  /** `slot` advances every activity period and rotates what the base pals do. */
  build(online: SimPlayer[], slot: number): Actor[] {
    const actors: Actor[] = [];
    for (const p of online) {
      actors.push({
        ...this.character('Player', p.runtimeId, p.level, 'Idle', 'None', 'true'),
        Name: p.name,
        NickName: p.name,
        userid: p.userId,
        ip: p.ip,
        Class: 'BP_Player_Female_C',
        // Where the REST API's /players says the player is (a position hashed from the level
        // would stack players of the same level on one spot of the map).
        LocationX: p.x,
        LocationY: p.y,
      });
      actors.push({
        ...this.character('OtomoPal', `${p.playerId} : ${hex(hashInts(p.seedIndex, 9))}`, 12, 'Move', 'None', 'true'),
        Name: 'PinkCat',
        NickName: `${p.name} buddy`,
        TrainerInstanceID: p.runtimeId,
        TrainerNickName: p.name,
        TrainerClass: 'BP_Player_Female_C',
        Class: 'BP_PinkCat_C',
        LocationX: p.x + 300,
        LocationY: p.y + 300,
      });
    }
    this.basePals.forEach((b, j) => {
      const [action, ai] = ACTIONS[(slot + j) % ACTIONS.length];
      actors.push({
        ...this.character(
          'BaseCampPal',
          spellInstanceId(b.instanceId, j, this.trainerRuntimeId),
          b.level,
          action,
          ai,
          j % 7 === 6 ? 'false' : 'true',
        ),
        Name: b.characterId,
        NickName: nickOf(j),
        TrainerInstanceID: this.trainerRuntimeId,
        TrainerNickName: 'Sim Stranger',
        Class: `BP_${b.characterId}_C`,
        HP: 500 + ((slot * 37 + j * 101) % 500),
        MaxHP: 1000,
      });
    });
    // Workers no save pal matches: they must be counted but never listed.
    for (let k = 0; k < 3; k++) {
      actors.push({
        ...this.character('BaseCampPal', this.extraIds[k], 20, 'Idle', 'WorkerWork', 'true'),
        Name: 'SheepBall',
        NickName: 'Sim Stranger',
        TrainerNickName: 'Sim Stranger',
        Class: 'BP_SheepBall_C',
      });
    }
    for (let k = 0; k < 4; k++) {
      actors.push({
        ...this.character('WildPal', this.extraIds[3 + k], 5 + k, 'Move', 'None', 'true'),
        Name: 'Sim Wild Pal',
        Class: 'BP_PurpleSpider_C',
      });
    }
    for (let k = 0; k < 2; k++) {
      actors.push({
        ...this.character('NPC', this.extraIds[7 + k], 30, 'Idle', 'None', 'true'),
        Name: 'Sim Merchant',
        Class: 'BP_Hunter_Rifle_C',
      });
    }
    for (let k = 0; k < this.palBoxes; k++) {
      actors.push({
        Type: 'PalBox',
        Name: PALBOX_TEMPLATE,
        GuildID: this.guildId,
        GuildName: this.guildName,
        Class: 'BP_BuildObject_PalBoxV2_C',
        LocationX: -1000 * k,
        LocationY: 2000 * k,
        LocationZ: 100,
      });
    }
    // Types the decoder does not know must be tolerated and counted as unknown.
    actors.push({ Type: 'Vehicle', Name: 'Sim Stranger', InstanceID: this.extraIds[9], LocationX: 1, LocationY: 2 });
    actors.push({ ...this.character('Monster', this.extraIds[10], 1, 'Idle', 'None', 'true') });
    return actors;
  }

  private character(unitType: string, instanceId: string, level: number, action: string, ai: string, active: string): Actor {
    const h = hashInts(level, instanceId.length, unitType.length);
    return {
      Type: 'Character',
      UnitType: unitType,
      InstanceID: instanceId,
      level,
      HP: 800,
      MaxHP: 1000,
      GuildID: this.guildId,
      GuildName: this.guildName,
      Action: action,
      AI_Action: ai,
      LocationX: -100000 + (h % 200000),
      LocationY: 50000 + (h % 99999),
      LocationZ: 1200,
      RotationX: 0,
      RotationY: 0,
      RotationZ: h % 360,
      Stage: 'Stage1',
      IsActive: active,
    };
  }
}

function nickOf(j: number): string {
  return `Sim Nick Fluffy ${j}`;
}

function hex(n: number): string {
  return n.toString(16).toUpperCase().padStart(8, '0').repeat(4);
}

/** The game writes InstanceID bare, braced or compound; cycling them tests normalisation. */
function spellInstanceId(id: string, j: number, trainer: string): string {
  const bare = id.replace(/[^0-9a-fA-F]/g, '');
  if (bare.length !== 32) return id;
  const up = bare.toUpperCase();
  if (j % 3 === 0) return `${trainer} : ${up}`;
  if (j % 3 === 1) return up;
  const l = bare.toLowerCase();
  return `{${l.slice(0, 8)}-${l.slice(8, 12)}-${l.slice(12, 16)}-${l.slice(16, 20)}-${l.slice(20)}}`;
}
