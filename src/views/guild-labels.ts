// Display names for guilds and bases, derived in this one place for every panel view (guild list,
// player page, map). The game leaves a guild nobody renamed as "Unnamed Guild" and a base without
// a name, so on a real world ten guilds and fifteen bases read alike. A guild without a name of its
// own is called after its leader ("Ann's guild"), a base without one after its guild and its number
// ("Ann's guild base 2", numbered in id order, which a re-parse does not change). The save's own
// names stay untouched in the Integration API rows (spec: Guild `name`, Base `name`).
import type { WorldGuild } from '../domain/world.js';

/** The name the game gives a guild nobody named (every version seen, v0.1 to 1.0). */
export const UNNAMED_GUILD = 'Unnamed Guild';

export interface GuildLabel {
  name: string;
  /** Base id → display name. */
  bases: Map<string, string>;
}

const norm = (s: string) => s.trim().toLowerCase();

/** The guild's own name, or undefined when the save has none worth showing. */
function ownName(g: WorldGuild): string | undefined {
  const n = g.name.trim();
  return n && norm(n) !== norm(UNNAMED_GUILD) ? n : undefined;
}

function leaderName(g: WorldGuild): string | undefined {
  const admin = norm(g.adminUid);
  const named = (m: { uid: string; name: string }) => m.name.trim() !== '';
  const leader = g.members.find((m) => norm(m.uid) === admin && named(m)) ?? g.members.find(named);
  return leader?.name.trim();
}

/** A short tag from the guild id, to tell apart guilds whose names would otherwise be equal. */
const idTag = (g: WorldGuild) => g.id.replace(/[^0-9a-z]/gi, '').slice(0, 4) || g.id;

/**
 * Display names of all guilds of one parse, by guild id. Derived names that collide (two leaders
 * named the same, or a leader's name that another guild chose) get the guild id's first characters
 * (`Ann's guild (54A1)`), so no two derived guilds read alike.
 */
export function guildLabels(guilds: readonly WorldGuild[]): Map<string, GuildLabel> {
  const first = new Map<string, { name: string; derived: boolean }>();
  for (const g of guilds) {
    const own = ownName(g);
    const leader = own ? undefined : leaderName(g);
    first.set(g.id, own ? { name: own, derived: false } : { name: leader ? `${leader}'s guild` : `Guild ${idTag(g)}`, derived: true });
  }
  const uses = new Map<string, number>();
  for (const { name } of first.values()) uses.set(norm(name), (uses.get(norm(name)) ?? 0) + 1);

  const out = new Map<string, GuildLabel>();
  for (const g of guilds) {
    const { name: base, derived } = first.get(g.id)!;
    const name = derived && (uses.get(norm(base)) ?? 0) > 1 ? `${base} (${idTag(g)})` : base;
    const ordered = [...g.bases].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const bases = new Map<string, string>();
    ordered.forEach((b, i) => bases.set(b.id, b.name?.trim() ? b.name.trim() : `${name} base ${i + 1}`));
    out.set(g.id, { name, bases });
  }
  return out;
}
