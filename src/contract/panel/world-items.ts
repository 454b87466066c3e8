// Shapes of the panel's world-item routes (issue 42): a player's inventory, a base's containers,
// who holds an item, the world's economy. Read by every signed-in role; never part of the
// Integration API.
import { z } from 'zod';
import { dataOf } from '../envelopes.js';

/** Who a container belongs to. `unassigned`: nobody the save names (a world chest, an item on the
 * ground, a container nothing refers to); the container's `reason` says which. */
export const OWNER_KINDS = ['player', 'base', 'guild', 'unassigned'] as const;

/**
 * What a container is. A player's six come from their save's inventory info; a guild's shared
 * storage from the guild's extra data; the rest from the map object that owns the container
 * (`object` holds its id, e.g. `ItemChest_02`), classified by that id.
 */
export const CONTAINER_KINDS = [
  'inventory',
  'keyItems',
  'weapons',
  'armor',
  'food',
  'dropSlot',
  'guildStorage',
  'chest',
  'foodBox',
  'incubator',
  'production',
  'dropped',
  'treasure',
  'other',
  'unknown',
] as const;

const OwnerKind = z.enum(OWNER_KINDS);
const ContainerKind = z.enum(CONTAINER_KINDS);

export const ItemLanguageQuery = {
  lang: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
    .optional()
    .meta({ description: 'BCP 47 tag of the language of item names (`de`, `zh-Hans`, …); the nearest one the tables have, else English.' }),
};

export const ItemSlotRowSchema = z.strictObject({
  slot: z.int(),
  itemId: z.string(),
  name: z.string().meta({ description: 'The display name in the asked language; the id itself when no table names it.' }),
  count: z.int(),
  group: z.string().nullable().meta({ description: "The game's item group (`Common`, `Weapon`, `Food`, …); null for an unknown id." }),
  type: z.string().nullable(),
  rarity: z.int().nullable().meta({ description: '0 common, 1 uncommon, 2 rare, 3 epic, 4 legendary; null for an unknown id.' }),
  stackLimit: z.int().nullable(),
  overStack: z.boolean().meta({ description: 'More in this slot than the game stacks: something the game cannot produce by itself.' }),
  durability: z.number().optional().meta({ description: 'Weapons and armour, where the save has it.' }),
  eggCharacterId: z.string().optional().meta({ description: "An egg's pal, as the save names the species." }),
  eggName: z.string().optional(),
});

export const OwnerSchema = z.strictObject({
  kind: OwnerKind,
  id: z.string().nullable(),
  name: z.string().nullable().meta({ description: "The player's, guild's or base's guild's name, when known." }),
});

export const ItemContainerRowSchema = z.strictObject({
  kind: ContainerKind,
  id: z.string(),
  owner: OwnerSchema,
  object: z.string().optional().meta({ description: 'The map object that holds it (`ItemChest_02`, `PalFoodBox`, …).' }),
  reason: z.string().optional().meta({ description: 'Why an `unassigned` container has no owner.' }),
  capacity: z.int().optional(),
  total: z.int().meta({ description: 'Items in all its slots.' }),
  food: z.enum(['empty', 'low', 'ok']).optional().meta({ description: 'Food boxes: empty, low (fewer than 10 items of food) or ok.' }),
  slots: z.array(ItemSlotRowSchema),
});

export const InventorySchema = dataOf(
  z.strictObject({
    uid: z.string(),
    itemsRead: z.boolean().meta({
      description:
        "False when the last parse read no items, or not this player's own save (missing, empty or unreadable): `containers` is then absent, never empty.",
    }),
    containers: z.array(ItemContainerRowSchema).optional(),
  }),
);

export const BaseContainersSchema = dataOf(
  z.strictObject({
    baseId: z.string(),
    guildId: z.string().nullable(),
    guildName: z.string().nullable(),
    itemsRead: z.boolean(),
    food: z.enum(['empty', 'low', 'ok', 'none']).meta({ description: 'The worst of its food boxes; `none` when it has no food box.' }),
    containers: z.array(ItemContainerRowSchema),
  }),
);

export const BasePath = z.object({
  id: z
    .string()
    .regex(/^[0-9A-Fa-f-]{32,36}$/)
    .meta({ description: 'The base id as /guilds gives it.', examples: ['75772734-4506-8FC1-52FF-0DB8FA0EAFF5'] }),
});

export const HolderSchema = z.strictObject({
  owner: OwnerSchema,
  count: z.int(),
  containers: z.int().meta({ description: 'How many of its containers hold the item.' }),
});

export const HeldItemSchema = z.strictObject({
  itemId: z.string(),
  name: z.string(),
  group: z.string().nullable(),
  rarity: z.int().nullable(),
  total: z.int().meta({ description: 'The sum of every holder’s count.' }),
  byOwnerKind: z.strictObject({ player: z.int(), base: z.int(), guild: z.int(), unassigned: z.int() }),
  holders: z.array(HolderSchema),
});

export const ItemSearchSchema = z.strictObject({
  query: z.string(),
  itemsRead: z.boolean(),
  items: z
    .array(HeldItemSchema)
    .meta({ description: 'The items whose id is the query or whose id or name holds it (at most 50), most held first.' }),
  total: z.int().meta({ description: 'All of them together.' }),
});

export const EconomyFlagSchema = z.strictObject({
  kind: z.enum(['overStack', 'unusual']),
  itemId: z.string(),
  name: z.string(),
  owner: OwnerSchema,
  count: z.int(),
  reference: z.int().meta({ description: 'The stack limit (overStack), or the next-highest player’s count (unusual): `detail`’s number.' }),
  detail: z.string().meta({ description: 'In words: the stack limit, or the next-highest player’s count.' }),
});

export const EconomySchema = dataOf(
  z.strictObject({
    itemsRead: z.boolean(),
    containers: z.strictObject({ total: z.int(), assigned: z.int(), byOwnerKind: z.record(OwnerKind, z.int()) }),
    topItems: z.array(z.strictObject({ itemId: z.string(), name: z.string(), rarity: z.int().nullable(), count: z.int() })),
    byRarity: z.array(z.strictObject({ rarity: z.int().nullable(), items: z.int(), count: z.int() })),
    flags: z.array(EconomyFlagSchema),
  }),
);

export const ItemSearchQuery = z.strictObject({
  q: z.string().min(1).max(64).optional().meta({ description: 'An item id or a part of its id or name: who holds it, with totals.' }),
  search: z.string().max(64).optional().meta({ description: 'Without `q`: searches the grant catalog (item ids to give).' }),
  ...ItemLanguageQuery,
});

export const LanguageOnlyQuery = z.strictObject({ ...ItemLanguageQuery });
