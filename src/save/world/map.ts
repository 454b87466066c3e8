// Maps the decoded structures to the world rows of `src/domain/world.ts`. Players are the characters
// with `IsPlayer`; every other character is a pal row. Progression fields come from the player's
// own save and are omitted together when it is missing or unreadable.

import type { WorldGuild, WorldPal, WorldPlayer } from '../../domain/world.js';
import type { LevelCharacter, LevelData } from '../palworld/level.js';
import type { NameTable } from './names.js';
import type { PlayerSave } from '../palworld/player-save.js';
import { ticksToIso } from '../gvas/time.js';
import type { WarningSink } from '../warnings.js';
import { mapGuilds } from './guilds.js';
import { mapPal, type PersonalContainer } from './pals.js';

export interface MapInput {
  level: LevelData;
  /** Decoded player saves by canonical player uid. */
  playerSaves: Map<string, PlayerSave>;
  names: NameTable;
  warnings: WarningSink;
}

export interface WorldRows {
  players: WorldPlayer[];
  pals: WorldPal[];
  guilds: WorldGuild[];
}

/** The rows with the pals as a stream: each pal row is made as it is taken, in instance-id
 * order, so a store can write them without all of them existing at once. */
export interface StreamedRows {
  players: WorldPlayer[];
  guilds: WorldGuild[];
  pals: Iterable<WorldPal>;
  palCount: number;
}

const byUid = (a: WorldPlayer, b: WorldPlayer): number => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);
const byInstanceId = (a: LevelCharacter, b: LevelCharacter): number =>
  a.instanceId < b.instanceId ? -1 : a.instanceId > b.instanceId ? 1 : 0;

/** What a streamed pal slot holds once its row was made. */
const RELEASED = undefined as unknown as LevelCharacter;

export function mapWorld(input: MapInput): WorldRows {
  const rows = mapWorldStreamed(input);
  return { players: rows.players, pals: [...rows.pals], guilds: rows.guilds };
}

/**
 * Every check and warning happens here, at once; only the pal rows are left to the stream (the
 * mapping of one pal reads nothing that changes after this returns).
 */
export function mapWorldStreamed({ level, playerSaves, names, warnings }: MapInput): StreamedRows {
  const g = mapGuilds(level.guilds, level.bases, warnings);
  const guildById = new Map(g.guilds.map((x) => [x.id, x]));

  const players: WorldPlayer[] = [];
  const playerNames = new Map<string, string>();
  const palChars: LevelData['characters'] = [];
  for (const ch of level.characters) {
    if (!ch.raw.facts.isPlayer) {
      palChars.push(ch);
      continue;
    }
    const uid = ch.playerUid;
    if (!uid || playerNames.has(uid)) {
      warnings.add(
        'Level.sav',
        0,
        'worldSaveData.CharacterSaveParameterMap',
        'a player entry without a uid or with a repeated uid; skipped',
        false,
      );
      continue;
    }
    const name = ch.raw.facts.nickName;
    playerNames.set(uid, name);
    const row: WorldPlayer = { uid, name, level: ch.raw.facts.level };
    // Guild: the guild's member list first; the character's own group id as a fallback.
    const guild = g.guildOfMember.get(uid) ?? guildById.get(ch.raw.groupId);
    if (guild) {
      row.guildId = guild.id;
      row.guildName = guild.name;
    }
    const save = playerSaves.get(uid);
    if (save) {
      const last = ticksToIso(save.lastOnlineTicks);
      if (last) row.lastOnlineAt = last;
      row.captureTotal = save.captureTotal;
      row.uniquePalsCaptured = save.uniquePalsCaptured;
      row.paldeckUnlocked = save.paldeckUnlocked;
      row.paldeck = save.species.map((sp) => ({ key: sp.key, name: names.palName(sp.key), unlocked: sp.unlocked, captured: sp.captured }));
    }
    players.push(row);
  }

  // A guild record may hold an empty member name; the player row knows it.
  for (const guild of g.guilds) {
    for (const m of guild.members) if (!m.name) m.name = playerNames.get(m.uid) ?? '';
  }

  // Containers named in player saves (all of them: a container id is unique to its player).
  const personal = new Map<string, PersonalContainer>();
  for (const [uid, s] of playerSaves) {
    if (s.partyContainerId) personal.set(s.partyContainerId, { kind: 'party', playerUid: uid });
    if (s.boxContainerId) personal.set(s.boxContainerId, { kind: 'box', playerUid: uid });
  }

  const ctx = { names, personal, workerContainers: g.workerContainers, slots: level.slots, playerNames, memberNames: g.memberNames };
  const pals: LevelCharacter[] = [];
  const palSeen = new Set<string>();
  for (const ch of palChars) {
    if (palSeen.has(ch.instanceId)) {
      warnings.add('Level.sav', 0, 'worldSaveData.CharacterSaveParameterMap', 'a repeated pal instance id; skipped', false);
      continue;
    }
    palSeen.add(ch.instanceId);
    pals.push(ch);
  }

  players.sort(byUid);
  pals.sort(byInstanceId);
  return {
    players,
    guilds: g.guilds,
    palCount: pals.length,
    // Single use: each character is let go once its row is made.
    pals: {
      *[Symbol.iterator]() {
        for (let i = 0; i < pals.length; i++) {
          const ch = pals[i];
          pals[i] = RELEASED;
          yield mapPal(ch.instanceId, ch.raw.facts, ctx);
        }
      },
    },
  };
}
