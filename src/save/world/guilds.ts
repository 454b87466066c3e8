// Guild rows with their bases. A base is listed under the guild that names it in its base ids or
// that the base names as its owner; only listed bases count as "decoded bases" for pal placement,
// so every pal `baseId` joins a `guilds[].bases[].id`.

import type { WorldBase, WorldGuild } from '../../domain/world.js';
import type { GuildRaw } from '../palworld/guild.js';
import type { LevelBase } from '../palworld/level.js';
import type { WarningSink } from '../warnings.js';

/** Bases cannot be renamed in the game; their stored name is a Japanese template placeholder. */
// Written with escapes: one character outside Latin-1 in a bundle's source makes V8 hold all of
// it in two bytes a character (esbuild escapes strings, not regular expressions).
const PLACEHOLDER_NAME = /^\u65b0\u898f\u751f\u6210\u62e0\u70b9\u30c6\u30f3\u30d7\u30ec\u30fc\u30c8\u540d\d*\(\u4eee\)$/;

export interface GuildRows {
  guilds: WorldGuild[];
  /** Worker container id → base id, for the listed bases. */
  workerContainers: Map<string, string>;
  /** Player uid → the guild listing them as a member. */
  guildOfMember: Map<string, WorldGuild>;
  /** Member names from guild records, for owners with no player row. */
  memberNames: Map<string, string>;
}

function baseRow(b: LevelBase, level: number): WorldBase {
  const { x, y } = b.location;
  return {
    id: b.id,
    name: b.name && !PLACEHOLDER_NAME.test(b.name) ? b.name : null,
    location: Number.isFinite(x) && Number.isFinite(y) ? { x, y } : null,
    level,
  };
}

export function mapGuilds(guilds: GuildRaw[], bases: LevelBase[], warnings: WarningSink): GuildRows {
  const baseById = new Map<string, LevelBase>();
  for (const b of bases) if (!baseById.has(b.id)) baseById.set(b.id, b);
  const listed = new Set<string>();
  const rows: WorldGuild[] = [];
  const workerContainers = new Map<string, string>();
  const guildOfMember = new Map<string, WorldGuild>();
  const memberNames = new Map<string, string>();
  const seen = new Set<string>();

  for (const g of guilds) {
    if (seen.has(g.id)) continue;
    seen.add(g.id);
    const ids = new Set(g.baseIds);
    for (const b of baseById.values()) if (b.groupId === g.id) ids.add(b.id);
    const guildBases: WorldBase[] = [];
    for (const id of ids) {
      const b = baseById.get(id);
      if (!b || listed.has(id)) continue;
      listed.add(id);
      guildBases.push(baseRow(b, g.baseCampLevel));
      if (b.workerContainerId) workerContainers.set(b.workerContainerId, b.id);
    }
    const members: { uid: string; name: string }[] = [];
    const memberSeen = new Set<string>();
    for (const m of g.members) {
      if (memberSeen.has(m.uid)) continue;
      memberSeen.add(m.uid);
      members.push({ uid: m.uid, name: m.name });
      if (m.name && !memberNames.has(m.uid)) memberNames.set(m.uid, m.name);
    }
    const row: WorldGuild = { id: g.id, name: g.name, adminUid: g.adminUid, members, bases: guildBases };
    for (const m of members) if (!guildOfMember.has(m.uid)) guildOfMember.set(m.uid, row);
    rows.push(row);
  }
  for (const b of baseById.values()) {
    if (!listed.has(b.id))
      warnings.add('Level.sav', 0, 'worldSaveData.BaseCampSaveData', 'a base belongs to no decoded guild; not listed', false);
  }
  rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { guilds: rows, workerContainers, guildOfMember, memberNames };
}
