// GroupSaveDataMap RawData: guilds. A common prefix (id, group name, character handles, org type)
// is followed by one of four guild layouts that changed with game updates. Nothing in the blob
// says which one it is, so they are tried newest first and a layout is accepted only when it
// consumes the blob exactly.

import { readCount, readGuids, readTrailer, firstExactFit } from './raw-common.js';
import type { ByteReader } from '../reader.js';

export type GuildLayout = '0.1' | '0.4' | '0.6' | '1.0' | 'independent';

export interface GuildMember {
  uid: string;
  name: string;
  /** Server-uptime clock ticks, not wall-clock time. */
  lastOnlineRealTime: number;
  role?: number;
}

export interface GuildRaw {
  id: string;
  name: string;
  adminUid: string;
  baseIds: string[];
  baseCampLevel: number;
  members: GuildMember[];
  layout: GuildLayout;
}

/** Group types whose blob carries an organisation-type byte after the handles. */
const HAS_ORG_TYPE = new Set(['EPalGroupType::Guild', 'EPalGroupType::IndependentGuild', 'EPalGroupType::Organization']);

function readMembers(r: ByteReader, withRole: boolean): GuildMember[] {
  const n = readCount(r, withRole ? 29 : 28); // Guid + i64 + FString length (+ role) at least
  const out: GuildMember[] = [];
  for (let i = 0; i < n; i++) {
    const uid = r.guid();
    const lastOnlineRealTime = r.i64n();
    const name = r.fstring();
    const m: GuildMember = { uid, name, lastOnlineRealTime };
    if (withRole) m.role = r.u8();
    out.push(m);
  }
  return out;
}

interface Head {
  baseIds: string[];
  baseCampLevel: number;
  name: string;
}

function head(r: ByteReader, modern: boolean, modifierUid: boolean): Head {
  if (modern) r.skip(4); // v0.6 leading bytes
  const baseIds = readGuids(r);
  if (modern) r.skip(4); // unknown_1
  const baseCampLevel = r.i32();
  readGuids(r); // base-camp points
  const name = r.fstring();
  if (modifierUid) r.skip(16); // last_guild_name_modifier_player_uid (v0.4+)
  return { baseIds, baseCampLevel, name };
}

type Tail = Omit<GuildRaw, 'id'>;

// v1.0 (2026-07): markers, chest roles, members with a role byte, role permissions.
function layout10(r: ByteReader): Tail {
  const h = head(r, true, true);
  r.skip(readCount(r, 60) * 60); // guild map markers
  r.skip(readCount(r, 1)); // chest-allowed roles
  r.skip(4);
  const adminUid = r.guid();
  const members = readMembers(r, true);
  const roles = readCount(r, 5);
  for (let i = 0; i < roles; i++) {
    r.skip(1);
    r.skip(readCount(r, 1));
  }
  readTrailer(r, 'guild');
  return { ...h, adminUid, members, layout: '1.0' };
}

// v0.6 "Tides of Terraria": leading bytes, markers, trailing bytes.
function layout06(r: ByteReader): Tail {
  const h = head(r, true, true);
  r.skip(readCount(r, 60) * 60);
  const adminUid = r.guid();
  const members = readMembers(r, false);
  readTrailer(r, 'guild');
  return { ...h, adminUid, members, layout: '0.6' };
}

// v0.4 "Feybreak": a name-modifier uid inserted after the guild name.
function layout04(r: ByteReader): Tail {
  const h = head(r, false, true);
  const adminUid = r.guid();
  return { ...h, adminUid, members: readMembers(r, false), layout: '0.4' };
}

// v0.1 – v0.3.
function layout01(r: ByteReader): Tail {
  const h = head(r, false, false);
  const adminUid = r.guid();
  return { ...h, adminUid, members: readMembers(r, false), layout: '0.1' };
}

// A one-player guild. Not present in any sample; the leading/trailing 4 bytes of v0.6 are tried.
function independent(modern: boolean): (r: ByteReader) => Tail {
  return (r) => {
    if (modern) r.skip(4);
    const baseCampLevel = r.i32();
    readGuids(r);
    const name = r.fstring();
    const uid = r.guid();
    r.fstring(); // guild_name_2
    const lastOnlineRealTime = r.i64n();
    const playerName = r.fstring();
    if (modern) readTrailer(r, 'guild');
    return {
      name,
      adminUid: uid,
      baseIds: [],
      baseCampLevel,
      layout: 'independent',
      members: [{ uid, name: playerName, lastOnlineRealTime }],
    };
  };
}

const GUILD_LAYOUTS = [layout10, layout06, layout04, layout01];
const INDEPENDENT_LAYOUTS = [independent(true), independent(false)];

/**
 * Decodes a group blob. Returns null for groups that are not guilds (neutral, organisations),
 * undefined when a guild blob fits no known layout.
 */
export function decodeGroup(r: ByteReader, groupType: string): GuildRaw | null | undefined {
  const isGuild = groupType === 'EPalGroupType::Guild';
  const isIndependent = groupType === 'EPalGroupType::IndependentGuild';
  if (!isGuild && !isIndependent) return null;
  const id = r.guid();
  r.fstring(); // group_name: the admin uid as 32 hex digits for guilds
  r.skip(readCount(r, 32) * 32); // character handles: Guid + instance Guid
  if (HAS_ORG_TYPE.has(groupType)) r.skip(1);
  const tail = firstExactFit(r, isGuild ? GUILD_LAYOUTS : INDEPENDENT_LAYOUTS);
  return tail ? { id, ...tail } : undefined;
}
