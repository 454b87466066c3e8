// The map's layout in screen pixels: overlapping dots become one group led by the player, every
// point is in exactly one marker, and names are placed only where they overlap no other name,
// dot or edge, the selected point's first.
import { describe, expect, it } from 'vitest';
import { groupMarkers, placeLabels, type LayerKey, type MapPoint } from '../src/features/map/map-layout';

const pt = (id: string, kind: LayerKey, x: number, y: number, name = id): MapPoint => ({
  id,
  kind,
  at: { x, y },
  world: { x: 0, y: 0 },
  name,
  what: kind,
  level: 1,
  guildId: null,
  guildName: null,
});
// Screen position = map position (y down), for the tests.
const screen = (p: MapPoint): [number, number] => [p.at.x, p.at.y];

describe('groupMarkers', () => {
  it('groups the dots within the radius, led by a player, and leaves the far ones alone', () => {
    const pts = [
      pt('base', 'bases', 100, 100),
      pt('pal', 'pals', 105, 102),
      pt('player', 'players', 110, 100),
      pt('far', 'bases', 300, 300),
    ];
    const ms = groupMarkers(pts, screen, 16);
    expect(ms.map((m) => m.members.map((p) => p.id))).toEqual([['player', 'base', 'pal'], ['far']]);
    expect(ms[0].key).toBe('g-player');
    expect(ms[1].key).toBe('m-far');
  });

  it('puts every point in exactly one marker, however crowded', () => {
    const pts = Array.from({ length: 300 }, (_, i) => pt(`p${i}`, i % 2 ? 'players' : 'bases', (i * 37) % 200, (i * 53) % 150));
    const ms = groupMarkers(pts, screen, 26);
    const ids = ms.flatMap((m) => m.members.map((p) => p.id));
    expect(ids.sort()).toEqual(pts.map((p) => p.id).sort());
    // Seeds of two markers are never within the radius of one another.
    for (const [i, a] of ms.entries()) for (const b of ms.slice(i + 1)) expect(Math.hypot(a.sx - b.sx, a.sy - b.sy)).toBeGreaterThan(26);
  });
});

describe('placeLabels', () => {
  const ms = groupMarkers(
    [pt('a', 'players', 100, 100, 'Alpha Centauri'), pt('b', 'players', 130, 104, 'Beta'), pt('c', 'bases', 100, 300)],
    screen,
    16,
  );

  it('drops a name that would cover a dot or a name placed before it, and places the selected one first', () => {
    // Alpha's long name would cover Beta's dot.
    expect(placeLabels(ms, 800, 600, 6, null).map((l) => l.key)).toEqual(['b', 'c']);
    // Selected, Alpha's name is placed (over the dot); Beta's would now overlap it.
    expect(placeLabels(ms, 800, 600, 6, 'a').map((l) => l.key)).toEqual(['a', 'c']);
  });

  it('puts a name left of its dot at the right edge, and none the top or bottom edge would cut', () => {
    const [l] = placeLabels(groupMarkers([pt('e', 'players', 790, 100, 'Edge')], screen, 16), 800, 600, 6, null);
    expect(l.left).toBe(true);
    expect(l.x).toBeLessThan(790);
    expect(placeLabels(groupMarkers([pt('t', 'players', 100, 3)], screen, 16), 800, 600, 6, null)).toEqual([]);
  });
});
