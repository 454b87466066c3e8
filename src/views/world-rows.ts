// Redaction by construction (spec: Redaction; architecture.md habit 5): every Integration API
// row is built here by picking the spec's fields one by one from the internal rows, so a field
// added to WorldPlayer or WorldPal later can never reach a key holder by default. Optional
// fields are left out, never set to null or zero.
import type { WorldBase, WorldGuild, WorldPal, WorldPlayer } from '../domain/world.js';
import { parseInstant } from '../lib/time.js';
import type { PlayerTimes } from '../store/player-history.js';
import type { BaseRow, GuildRow, PalRow, PalWithOwnerRow, PlayerRow } from '../contract/integration-rows.js';

/** The one timestamp form served: RFC 3339 in UTC with milliseconds (interface.md). */
const RFC3339_UTC_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** A stored timestamp as RFC 3339 UTC with milliseconds (`2026-07-14T09:30:00.000Z`), so
 * every route writes times one way whatever the source gave (no fraction, seven digits of
 * ticks, an offset); undefined when it is not a date, names no real instant (February 30, 24:00)
 * or falls outside four-digit years. */
export function utc(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const ms = parseInstant(value);
  if (Number.isNaN(ms)) return undefined;
  const out = new Date(ms).toISOString();
  return RFC3339_UTC_MS.test(out) ? out : undefined;
}

/**
 * A `/players` row. `times` comes from the panel's player history; a player without history
 * (not yet recorded) is dated by the save's LastOnlineDateTime, else by the parse.
 */
export function playerRow(p: WorldPlayer, online: boolean, times: PlayerTimes | undefined, fallbackAt: string): PlayerRow {
  const row: PlayerRow = { uid: p.uid, name: p.name, online, level: p.level } as PlayerRow;
  if (p.guildId) {
    row.guildId = p.guildId;
    row.guildName = p.guildName ?? '';
  }
  const seen = utc(p.lastOnlineAt) ?? fallbackAt;
  row.firstSeenAt = utc(times?.firstSeenAt) ?? seen;
  row.lastSeenAt = utc(times?.lastSeenAt) ?? seen;
  row.playtimeSec = times ? Math.max(0, Math.floor(times.playtimeSec)) : 0;
  if (p.captureTotal !== undefined) row.captureTotal = p.captureTotal;
  if (p.uniquePalsCaptured !== undefined) row.uniquePalsCaptured = p.uniquePalsCaptured;
  if (p.paldeckUnlocked !== undefined) row.paldeckUnlocked = p.paldeckUnlocked;
  return row;
}

const slot = (n: number | null): number | null => (Number.isInteger(n) && (n as number) >= 0 ? n : null);

/** A pal of `/players/{uid}`: the `/pals` fields minus the owner fields. */
export function palRow(p: WorldPal): PalRow {
  return {
    instanceId: p.instanceId,
    characterId: p.characterId,
    displayName: p.displayName,
    level: p.level,
    isAlpha: p.isAlpha,
    isLucky: p.isLucky,
    inParty: p.inParty,
    partySlot: slot(p.partySlot),
    boxPage: slot(p.boxPage),
    boxSlot: slot(p.boxSlot),
    placement: p.placement,
    // Pal rule 1: a base id only with placement `base`.
    baseId: p.placement === 'base' ? p.baseId : null,
    hp: p.hp,
    gender: p.gender || 'unknown',
    // `null`, never 0, when the save carried no rank.
    rank: Number.isInteger(p.rank) && (p.rank as number) >= 1 && (p.rank as number) <= 5 ? p.rank : null,
    talents: { hp: p.talents.hp, melee: p.talents.melee, shot: p.talents.shot, defense: p.talents.defense },
    passiveSkillIds: p.passiveSkillIds.slice(),
    equippedSkillIds: p.equippedSkillIds.slice(),
  };
}

/** A `/pals` row: the pal plus its four owner fields (Endpoints rule 4). */
export function palWithOwnerRow(p: WorldPal): PalWithOwnerRow {
  const row = palRow(p) as PalWithOwnerRow;
  row.ownerUid = p.ownerUid;
  row.ownerName = p.ownerName ?? '';
  row.ownerSource = p.ownerSource;
  row.ownerResolved = p.ownerResolved;
  return row;
}

function baseRow(b: WorldBase): BaseRow {
  const loc = b.location;
  return {
    id: b.id,
    name: b.name ? b.name : null,
    // `null`, never (0, 0), when the transform could not be decoded.
    location: loc && Number.isFinite(loc.x) && Number.isFinite(loc.y) && !(loc.x === 0 && loc.y === 0) ? { x: loc.x, y: loc.y } : null,
    level: b.level,
  };
}

export function guildRow(g: WorldGuild): GuildRow {
  return {
    id: g.id,
    name: g.name,
    adminUid: g.adminUid,
    memberCount: g.members.length,
    members: g.members.map((m) => ({ uid: m.uid, name: m.name })),
    bases: g.bases.map(baseRow),
  };
}
