// World items as the panel serves them (contract/panel/world-items.ts): slots with names in the
// asked language and the item's facts, containers with their owner's name and food state, who
// holds an item with totals, and the economy's flags. The rules (what is low, what is unusual)
// are domain/world-items.ts's.
import type { z } from 'zod';
import type {
  ItemContainerRowSchema,
  EconomySchema,
  HeldItemSchema,
  ItemSlotRowSchema,
  OwnerSchema,
} from '../contract/panel/world-items.js';
import { foodState, isUnusual, type ContainerOwner, type FoodState, type ItemContainer, type ItemSlot } from '../domain/world-items.js';
import { itemFacts, itemName } from '../save/index.js';
import type { WorldGuild } from '../domain/world.js';
import { guildLabels } from './guild-labels.js';

export type SlotRow = z.infer<typeof ItemSlotRowSchema>;
export type ContainerRow = z.infer<typeof ItemContainerRowSchema>;
export type OwnerRow = z.infer<typeof OwnerSchema>;
export type HeldItemRow = z.infer<typeof HeldItemSchema>;
export type EconomyRow = z.infer<typeof EconomySchema>['data'];

/** Names of the owners a row may show, by owner kind and key (world-items.ts `ownerKeyOf`). */
export type OwnerNames = (kind: ContainerOwner['kind'], id: string | null) => string | null;

export function slotRow(s: ItemSlot, lang: string, eggName?: (characterId: string) => string): SlotRow {
  const f = itemFacts(s.itemId);
  const row: SlotRow = {
    slot: s.slot,
    itemId: s.itemId,
    name: itemName(s.itemId, lang),
    count: s.count,
    group: f?.group ?? null,
    type: f?.type ?? null,
    rarity: f?.rarity ?? null,
    stackLimit: f?.stackLimit ?? null,
    overStack: f !== undefined && s.count > f.stackLimit,
  };
  if (s.durability !== undefined) row.durability = s.durability;
  if (s.eggCharacterId !== undefined) {
    row.eggCharacterId = s.eggCharacterId;
    if (eggName) row.eggName = eggName(s.eggCharacterId);
  }
  return row;
}

export function ownerRow(o: ContainerOwner, names: OwnerNames): OwnerRow {
  return { kind: o.kind, id: o.id, name: names(o.kind, o.id) };
}

export function containerRow(c: ItemContainer, lang: string, names: OwnerNames, eggName?: (id: string) => string): ContainerRow {
  const total = c.slots.reduce((n, s) => n + s.count, 0);
  const row: ContainerRow = {
    kind: c.kind,
    id: c.id,
    owner: ownerRow(c.owner, names),
    total,
    slots: c.slots.map((s) => slotRow(s, lang, eggName)),
  };
  if (c.object !== undefined) row.object = c.object;
  if (c.reason !== undefined) row.reason = c.reason;
  if (c.capacity !== undefined) row.capacity = c.capacity;
  if (c.kind === 'foodBox') row.food = foodState(total);
  return row;
}

/** The worst food state of a base's food boxes; `none` without one. */
export function baseFood(rows: readonly ContainerRow[]): FoodState | 'none' {
  const states = rows.filter((r) => r.food !== undefined).map((r) => r.food!);
  if (states.length === 0) return 'none';
  return states.includes('empty') ? 'empty' : states.includes('low') ? 'low' : 'ok';
}

/** Item ids (lower-case) the query names: the id itself, or ids and names (in the asked language
 * or English) that hold the query, among `known` (the ids the world holds), in `known`'s order. */
export function matchingItems(q: string, known: readonly string[], lang: string): string[] {
  const needle = q.trim().toLowerCase();
  if (needle === '') return [];
  const exact = known.filter((k) => k === needle);
  if (exact.length > 0) return exact;
  return known.filter(
    (k) => k.includes(needle) || itemName(k, lang).toLowerCase().includes(needle) || itemName(k, 'en').toLowerCase().includes(needle),
  );
}

/** One holder of one item, as the store sums them (store/world-items.ts `HeldRow`). */
export interface Held {
  itemKey: string;
  itemId: string;
  owner: ContainerOwner;
  count: number;
  containers: number;
}

/** Who holds each item: per owner the count and containers, most first; totals by owner kind. */
export function heldItems(rows: readonly Held[], lang: string, names: OwnerNames): HeldItemRow[] {
  const byItem = new Map<string, { itemId: string; holders: Held[] }>();
  for (const r of rows) {
    let item = byItem.get(r.itemKey);
    if (!item) byItem.set(r.itemKey, (item = { itemId: r.itemId, holders: [] }));
    item.holders.push(r);
  }
  const out: HeldItemRow[] = [];
  for (const { itemId, holders } of byItem.values()) {
    const f = itemFacts(itemId);
    const byOwnerKind = { player: 0, base: 0, guild: 0, unassigned: 0 };
    const list = holders.map((h) => {
      byOwnerKind[h.owner.kind] += h.count;
      return { owner: ownerRow(h.owner, names), count: h.count, containers: h.containers };
    });
    list.sort((a, b) => b.count - a.count || String(a.owner.id).localeCompare(String(b.owner.id)));
    const total = list.reduce((n, h) => n + h.count, 0);
    out.push({
      itemId,
      name: itemName(itemId, lang),
      group: f?.group ?? null,
      rarity: f?.rarity ?? null,
      total,
      byOwnerKind,
      holders: list,
    });
  }
  out.sort((a, b) => b.total - a.total || a.itemId.localeCompare(b.itemId));
  return out;
}

/** The economy over every container: top items, counts by rarity, and the flags (a stack beyond
 * its limit; a player's total far beyond every other player's). */
export function economy(containers: readonly ItemContainer[], lang: string, names: OwnerNames, top = 20): EconomyRow {
  const totals = new Map<string, { itemId: string; count: number }>();
  const perPlayer = new Map<string, Map<string, number>>();
  const flags: EconomyRow['flags'] = [];
  const byOwnerKind = { player: 0, base: 0, guild: 0, unassigned: 0 };
  for (const c of containers) {
    byOwnerKind[c.owner.kind]++;
    for (const s of c.slots) {
      const key = s.itemId.toLowerCase();
      const t = totals.get(key) ?? { itemId: s.itemId, count: 0 };
      t.count += s.count;
      totals.set(key, t);
      const f = itemFacts(s.itemId);
      if (f && s.count > f.stackLimit) {
        flags.push({
          kind: 'overStack',
          itemId: s.itemId,
          name: itemName(s.itemId, lang),
          owner: ownerRow(c.owner, names),
          count: s.count,
          reference: f.stackLimit,
          detail: `${s.count} in one slot; the game stacks at most ${f.stackLimit}`,
        });
      }
      if (c.owner.kind === 'player' && c.owner.id) {
        let m = perPlayer.get(key);
        if (!m) perPlayer.set(key, (m = new Map<string, number>()));
        m.set(c.owner.id, (m.get(c.owner.id) ?? 0) + s.count);
      }
    }
  }
  for (const [key, m] of perPlayer) {
    const sorted = [...m].sort((a, b) => b[1] - a[1]);
    const [first, second] = sorted;
    if (!first || !isUnusual(first[1], second?.[1] ?? 0)) continue;
    const itemId = totals.get(key)!.itemId;
    flags.push({
      kind: 'unusual',
      itemId,
      name: itemName(itemId, lang),
      owner: ownerRow({ kind: 'player', id: first[0] }, names),
      count: first[1],
      reference: second[1],
      detail: `unusual: ${first[1]} against ${second[1]} for the next-highest player`,
    });
  }
  const rarity = new Map<number | null, { items: number; count: number }>();
  for (const t of totals.values()) {
    const r = itemFacts(t.itemId)?.rarity ?? null;
    const e = rarity.get(r) ?? { items: 0, count: 0 };
    e.items++;
    e.count += t.count;
    rarity.set(r, e);
  }
  const topItems = [...totals.values()]
    .sort((a, b) => b.count - a.count || a.itemId.localeCompare(b.itemId))
    .slice(0, top)
    .map((t) => ({ itemId: t.itemId, name: itemName(t.itemId, lang), rarity: itemFacts(t.itemId)?.rarity ?? null, count: t.count }));
  const assigned = containers.length - byOwnerKind.unassigned;
  return {
    itemsRead: true,
    containers: { total: containers.length, assigned, byOwnerKind },
    topItems,
    byRarity: [...rarity].map(([r, e]) => ({ rarity: r, ...e })).sort((a, b) => (a.rarity ?? -1) - (b.rarity ?? -1)),
    flags,
  };
}

/** Owner names from a parse's rows: a player's name, a guild's display name, a base's display
 * name (views/guild-labels.ts: the names the guild pages use). */
export function ownerNamesOf(players: readonly { uid: string; name: string }[], guilds: readonly WorldGuild[]): OwnerNames {
  const byPlayer = new Map(players.map((p) => [p.uid.toUpperCase(), p.name]));
  const byGuild = new Map<string, string>();
  const byBase = new Map<string, string>();
  for (const [id, label] of guildLabels(guilds)) {
    byGuild.set(id.toUpperCase(), label.name);
    for (const [b, name] of label.bases) byBase.set(b.toUpperCase(), name);
  }
  return (kind, id) => {
    if (id === null) return null;
    const up = id.toUpperCase();
    const m = kind === 'player' ? byPlayer : kind === 'guild' ? byGuild : kind === 'base' ? byBase : undefined;
    return m?.get(up) ?? null;
  };
}
