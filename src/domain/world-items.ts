// What a world's item containers hold, and whose they are: one parse's item rows (save/world/
// items.ts makes them, store/world-items.ts keeps them, views/item-rows.ts serves them).
import { CONTAINER_KINDS, OWNER_KINDS } from '../contract/panel/world-items.js';

export type ContainerOwnerKind = (typeof OWNER_KINDS)[number];
export type ContainerKind = (typeof CONTAINER_KINDS)[number];

export interface ContainerOwner {
  kind: ContainerOwnerKind;
  /** A player uid, base id or guild id; null for `unassigned`. */
  id: string | null;
}

export interface ItemSlot {
  slot: number;
  itemId: string;
  count: number;
  /** Weapons and armour: the durability left, where the save has it. */
  durability?: number;
  /** An egg with a pal inside: the pal's species id as the save names it. */
  eggCharacterId?: string;
}

export interface ItemContainer {
  id: string;
  kind: ContainerKind;
  owner: ContainerOwner;
  /** The map object holding the container (`ItemChest_02`, `PalFoodBox`, `TreasureBox`, …). */
  object?: string;
  /** Why a container is `unassigned`, in words. */
  reason?: string;
  /** How many slots the container has, where the save says (`SlotNum`, from 0.6). */
  capacity?: number;
  /** The occupied slots, by slot index. */
  slots: ItemSlot[];
}

/** One parse's containers, in container-id order. */
export interface WorldItems {
  containers: ItemContainer[];
  /** The players whose own save named their containers (its inventory info): only theirs are
   * shown; another player's inventory is omitted, never shown empty. */
  playersRead: string[];
}

/** A food box with fewer items than this is `low` (and with none, `empty`). */
export const FOOD_LOW_BELOW = 10;

/** A player's total of an item is `unusual` when it is at least this many times the next-highest
 * player's and at least `UNUSUAL_MIN_COUNT`: said as unusual, never as cheating (a generous
 * trader or a long grind can do it too). */
export const UNUSUAL_FACTOR = 10;
export const UNUSUAL_MIN_COUNT = 100;

export type FoodState = 'empty' | 'low' | 'ok';

export function foodState(total: number): FoodState {
  return total <= 0 ? 'empty' : total < FOOD_LOW_BELOW ? 'low' : 'ok';
}

/** Whether `top` stands far beyond `next` (the next-highest player's total; 0 when nobody else
 * holds the item, which is never unusual: there is nothing to compare with). */
export function isUnusual(top: number, next: number): boolean {
  return next > 0 && top >= UNUSUAL_MIN_COUNT && top >= UNUSUAL_FACTOR * next;
}
