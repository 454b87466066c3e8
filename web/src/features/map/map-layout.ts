// What the map draws where, in screen pixels: dots that would overlap become one bubble with a
// count, and names stand beside the dots only where they overlap no other name or dot (the rest
// appear as the map is zoomed in). Pure functions of the points and the view, so the screen
// redraws them on every pan and zoom without keeping state.
import type { XY } from '../../types';

export type LayerKey = 'bases' | 'players' | 'pals' | 'boxes' | 'npcs';

/** One thing on the map, with what its card says. */
export interface MapPoint {
  id: string;
  kind: LayerKey;
  /** In-game map coordinates. */
  at: XY;
  /** World units (Unreal cm), the card's small print. */
  world: XY;
  name: string;
  /** What it is, as the key the `map` catalog names it by: base, player, palbox, partyPal, basePal, npc. */
  what: string;
  level: number | null;
  guildId: string | null;
  guildName: string | null;
  /** A line more: whose pal it is. */
  note?: string;
  /** The player's page, when the player is known by id. */
  playerId?: string;
}

/** Which kind wins a place first: players and bases are what people look for. */
const RANK: Record<LayerKey, number> = { players: 0, bases: 1, boxes: 2, pals: 3, npcs: 4 };

export interface Marker {
  /** `m-<point id>` for a single dot, `g-<first member id>` for a group. */
  key: string;
  members: MapPoint[];
  /** Screen position (pixels from the view's top left). */
  sx: number;
  sy: number;
}

/** Groups the points whose screen positions lie within `radius` pixels of a group's first point
 * (the highest-ranked one, so a player is never hidden inside a group led by a pal). */
export function groupMarkers(points: MapPoint[], screen: (p: MapPoint) => [number, number], radius: number): Marker[] {
  const sorted = [...points].sort((a, b) => RANK[a.kind] - RANK[b.kind]);
  const cells = new Map<string, { p: MapPoint; sx: number; sy: number }[]>();
  const placed = sorted.map((p) => {
    const [sx, sy] = screen(p);
    const e = { p, sx, sy };
    const k = `${Math.floor(sx / radius)},${Math.floor(sy / radius)}`;
    cells.set(k, [...(cells.get(k) ?? []), e]);
    return e;
  });
  const taken = new Set<MapPoint>();
  const out: Marker[] = [];
  for (const seed of placed) {
    if (taken.has(seed.p)) continue;
    const members: MapPoint[] = [];
    const cx = Math.floor(seed.sx / radius);
    const cy = Math.floor(seed.sy / radius);
    for (let i = cx - 1; i <= cx + 1; i++)
      for (let j = cy - 1; j <= cy + 1; j++)
        for (const e of cells.get(`${i},${j}`) ?? [])
          if (!taken.has(e.p) && Math.hypot(e.sx - seed.sx, e.sy - seed.sy) <= radius) {
            taken.add(e.p);
            members.push(e.p);
          }
    members.sort((a, b) => RANK[a.kind] - RANK[b.kind]);
    out.push({ key: members.length === 1 ? `m-${seed.p.id}` : `g-${seed.p.id}`, members, sx: seed.sx, sy: seed.sy });
  }
  return out;
}

export interface Label {
  key: string;
  text: string;
  /** Screen position of the text's start (left: its end) and baseline. */
  x: number;
  y: number;
  left: boolean;
}

/** Width of a name in pixels at the label's 12 px font (a character is about 0.6 of it). */
const textWidth = (s: string) => s.length * 7.2 + 4;

/** Names of single dots, beside the dot (right of it, or left where the view's edge would cut it),
 * each only where it overlaps no name placed before it and no dot, and lies inside the view;
 * `first` (the selected point) is placed before all others and even over a dot. */
export function placeLabels(markers: Marker[], widthPx: number, heightPx: number, dotPx: number, first: string | null): Label[] {
  const singles = markers.filter((m) => m.members.length === 1);
  singles.sort((a, b) => Number(b.members[0].id === first) - Number(a.members[0].id === first));
  const boxes: [number, number, number, number][] = markers.map((m) => {
    const r = m.members.length === 1 ? dotPx : dotPx * 2;
    return [m.sx - r, m.sy - r, m.sx + r, m.sy + r];
  });
  const hits = (b: [number, number, number, number], skip: number) =>
    boxes.some((o, i) => i !== skip && b[0] < o[2] && b[2] > o[0] && b[1] < o[3] && b[3] > o[1]);
  const out: Label[] = [];
  for (const m of singles) {
    const p = m.members[0];
    // The selected name is bold, a tenth wider.
    const w = textWidth(p.name) * (p.id === first ? 1.1 : 1);
    const left = m.sx + dotPx + 3 + w > widthPx;
    const x0 = left ? m.sx - dotPx - 3 - w : m.sx + dotPx + 3;
    const box: [number, number, number, number] = [x0, m.sy - 8, x0 + w, m.sy + 8];
    // None the top or bottom edge would cut.
    if (box[1] < 0 || box[3] > heightPx) continue;
    if (hits(box, markers.indexOf(m)) && p.id !== first) continue;
    boxes.push(box);
    out.push({ key: p.id, text: p.name, x: left ? x0 + w : x0, y: m.sy + 4, left });
  }
  return out;
}
