// Item ids for the panel's item grants (PalDefender gives by the game's internal ids, never by
// display names). A short catalog of common ids palpanel writes itself, to search and pick from;
// a grant may name any id of the same shape, which PalDefender itself checks.

export interface CatalogItem {
  id: string;
  name: string;
  category: 'currency' | 'material' | 'sphere' | 'food' | 'ammo';
}

const item = (id: string, name: string, category: CatalogItem['category']): CatalogItem => ({ id, name, category });

export const ITEM_CATALOG: readonly CatalogItem[] = [
  item('Money', 'Gold Coin', 'currency'),
  item('Wood', 'Wood', 'material'),
  item('Stone', 'Stone', 'material'),
  item('Fiber', 'Fiber', 'material'),
  item('Wool', 'Wool', 'material'),
  item('Leather', 'Leather', 'material'),
  item('Bone', 'Bone', 'material'),
  item('Coal', 'Coal', 'material'),
  item('Sulfur', 'Sulfur', 'material'),
  item('Cloth', 'Cloth', 'material'),
  item('Pal_crystal_S', 'Paldium Fragment', 'material'),
  item('PalSphere', 'Pal Sphere', 'sphere'),
  item('PalSphere_Mega', 'Mega Sphere', 'sphere'),
  item('PalSphere_Giga', 'Giga Sphere', 'sphere'),
  item('PalSphere_Tera', 'Hyper Sphere', 'sphere'),
  item('PalSphere_Master', 'Ultra Sphere', 'sphere'),
  item('PalSphere_Legend', 'Legendary Sphere', 'sphere'),
  item('Wheat', 'Wheat', 'food'),
  item('Tomato', 'Tomato', 'food'),
  item('Lettuce', 'Lettuce', 'food'),
  item('Honey', 'Honey', 'food'),
  item('Milk', 'Milk', 'food'),
  item('Egg', 'Egg', 'food'),
  item('Flour', 'Flour', 'food'),
  item('Bread', 'Bread', 'food'),
  item('Arrow', 'Arrow', 'ammo'),
];

/** The shape of a game item id: what a grant may name (a word of the wire). */

export function searchItems(q: string | undefined): CatalogItem[] {
  const s = (q ?? '').trim().toLowerCase();
  if (!s) return [...ITEM_CATALOG];
  return ITEM_CATALOG.filter((i) => i.id.toLowerCase().includes(s) || i.name.toLowerCase().includes(s));
}
