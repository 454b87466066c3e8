// World units (Unreal cm, as the save and the game's REST API give positions) to the in-game
// map coordinates a player sees on the Paldex map (game-interfaces.md §3 A): the axes swap
// (map east = world Y, map north = world X), origin and scale fixed since v0.1 and still right
// for 1.0; the map grew since, so values now exceed ±1000.
export interface WorldXY {
  x: number;
  y: number;
}

export const MAP_SCALE = 459;
export const MAP_ORIGIN_WORLD_X = -123_888;
export const MAP_ORIGIN_WORLD_Y = 158_000;

export const MAP_COORDINATES_TEXT =
  'Map coordinates are the in-game map coordinates (Paldex map): map.x = (world.y - 158000) / 459 (east), ' +
  'map.y = (world.x + 123888) / 459 (north); world units are Unreal centimetres as the save and the REST API give them.';

/** In-game map coordinates of a world point (the web UI's map draws with these). */
export function worldToMap(w: WorldXY): WorldXY {
  return { x: (w.y - MAP_ORIGIN_WORLD_Y) / MAP_SCALE, y: (w.x - MAP_ORIGIN_WORLD_X) / MAP_SCALE };
}

/** In-game map coordinates of a world point, rounded to hundredths (as the API gives them). */
export function toMapCoords(w: WorldXY): WorldXY {
  const r = (v: number) => Math.round(v * 100) / 100;
  const m = worldToMap(w);
  return { x: r(m.x), y: r(m.y) };
}
