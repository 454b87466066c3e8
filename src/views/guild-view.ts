// One guild for the panel's guild page: its members as the players list shows them (online,
// level, last seen), its bases in map coordinates with the workers the save places there and,
// when the game-data poller is on, each worker's live activity, and the guild's pals (those of
// its members and those working at its bases). Panel only: the Integration API's /guilds keeps
// the spec's shape (views/world-rows.ts guildRow).
import { toMapCoords } from '../lib/map-coords.js';
import type { WorldGuild, WorldPal } from '../domain/world.js';
import type { WorkerRow, WorldWorkers } from '../contract/integration-rows.js';
import type { GuildLabel } from './guild-labels.js';
import { namedPalWithOwnerRow } from './named-rows.js';

export interface GuildMemberView {
  uid: string;
  name: string;
  isAdmin: boolean;
  /** False when the save has no player row for this member (a member record only). */
  inSave: boolean;
  online: boolean;
  level: number | null;
  lastSeenAt: string | null;
}

export interface WorkerView {
  instanceId: string;
  characterId: string;
  displayName: string;
  level: number;
  ownerUid: string;
  ownerName: string;
  /** The game-data poller's view of this pal now; null when it is off or does not see the pal. */
  live: { active: boolean; activity: WorkerRow['activity']; hpPercent: number } | null;
}

export interface BaseView {
  id: string;
  name: string | null;
  displayName: string;
  level: number;
  /** World units (Unreal cm) as the save gives them. */
  location: { x: number; y: number } | null;
  /** In-game map coordinates (lib/map-coords.ts). */
  map: { x: number; y: number } | null;
  workers: WorkerView[];
}

export interface GuildView {
  id: string;
  name: string;
  displayName: string;
  adminUid: string;
  members: GuildMemberView[];
  bases: BaseView[];
  pals: ReturnType<typeof namedPalWithOwnerRow>[];
  /** The game-data poller's state: `live` only when the workers' activity is current. */
  gameData: WorldWorkers['state'];
  liveAt: string | null;
}

export interface GuildViewInput {
  guild: WorldGuild;
  /** The guild's and its bases' display names (guild-labels.ts, made across all guilds). */
  label: GuildLabel | undefined;
  /** What the players list says of each member who has a player row, by the member's uid. */
  members: Map<string, { online: boolean; level: number; lastSeenAt: string }>;
  /** The members' own pals and the pals placed at the guild's bases (overlaps allowed). */
  pals: WorldPal[];
  workers: WorldWorkers;
}

const byId = (a: { id: string }, b: { id: string }): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const byInstanceId = (a: { instanceId: string }, b: { instanceId: string }): number =>
  a.instanceId < b.instanceId ? -1 : a.instanceId > b.instanceId ? 1 : 0;

export function guildView({ guild, label, members, pals, workers }: GuildViewInput): GuildView {
  const live = new Map(workers.workers.map((w) => [w.instanceId, w]));
  const baseIds = new Set(guild.bases.map((b) => b.id));
  const unique = new Map<string, WorldPal>();
  for (const p of pals) unique.set(p.instanceId, p);
  const guildPals = [...unique.values()].sort(byInstanceId);
  const workersOf = new Map<string, WorkerView[]>();
  for (const p of guildPals) {
    if (p.placement !== 'base' || !p.baseId || !baseIds.has(p.baseId)) continue;
    const w = live.get(p.instanceId);
    const row: WorkerView = {
      instanceId: p.instanceId,
      characterId: p.characterId,
      displayName: p.displayName,
      level: p.level,
      ownerUid: p.ownerUid,
      ownerName: p.ownerName,
      live: w ? { active: w.active, activity: w.activity, hpPercent: w.hpPercent } : null,
    };
    const list = workersOf.get(p.baseId);
    if (list) list.push(row);
    else workersOf.set(p.baseId, [row]);
  }
  return {
    id: guild.id,
    name: guild.name,
    displayName: label?.name ?? guild.name,
    adminUid: guild.adminUid,
    members: guild.members.map((m) => {
      const seen = members.get(m.uid);
      return {
        uid: m.uid,
        name: m.name,
        isAdmin: m.uid === guild.adminUid,
        inSave: seen !== undefined,
        online: seen?.online ?? false,
        level: seen?.level ?? null,
        lastSeenAt: seen?.lastSeenAt ?? null,
      };
    }),
    // In id order, the order the display names number them in ("base 1" first).
    bases: [...guild.bases].sort(byId).map((b) => ({
      id: b.id,
      name: b.name,
      displayName: label?.bases.get(b.id) ?? b.name ?? 'Base',
      level: b.level,
      location: b.location,
      map: b.location ? toMapCoords(b.location) : null,
      workers: workersOf.get(b.id) ?? [],
    })),
    pals: guildPals.map((p) => namedPalWithOwnerRow(p)),
    gameData: workers.state,
    liveAt: workers.capturedAt ?? null,
  };
}
