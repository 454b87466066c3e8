// The host's own map tiles (SERVICE_MAP_TILES_DIR or SERVICE_MAP_TILE_URL) under the map's grid.
import type { Rect, View } from './map-points';

/** The host's tiles under the grid: a 256-pixel pyramid of the layer, at the zoom whose tiles
 * are about 256 screen pixels wide, only those in view. */
export function Tiles({ template, rect, view, h, widthPx }: { template: string; rect: Rect; view: View; h: number; widthPx: number }) {
  const width = rect.x1 - rect.x0;
  const height = rect.y1 - rect.y0;
  // The whole layer would be (width / view.w) * widthPx screen pixels wide: 256 · 2^z of them.
  const z = Math.max(0, Math.min(5, Math.round(Math.log2(((width / view.w) * widthPx) / 256))));
  const n = 2 ** z;
  const tw = width / n;
  const th = height / n;
  const tiles: { x: number; y: number }[] = [];
  for (let tx = 0; tx < n; tx++) {
    const x0 = rect.x0 + tx * tw;
    if (x0 + tw < view.cx - view.w / 2 || x0 > view.cx + view.w / 2) continue;
    for (let ty = 0; ty < n; ty++) {
      const top = rect.y1 - ty * th;
      if (top < view.cy - h / 2 || top - th > view.cy + h / 2) continue;
      tiles.push({ x: tx, y: ty });
    }
  }
  return (
    <g className="tiles">
      {tiles.map((t) => (
        <image
          key={`${z}/${t.x}/${t.y}`}
          href={template.replace('{z}', String(z)).replace('{x}', String(t.x)).replace('{y}', String(t.y))}
          x={rect.x0 + t.x * tw}
          y={-(rect.y1 - t.y * th)}
          width={tw}
          height={th}
          preserveAspectRatio="none"
        />
      ))}
    </g>
  );
}
