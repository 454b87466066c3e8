// The live map: base camps from the save and live positions from the world snapshot, on a
// plain grid of in-game map coordinates. palpanel ships no map artwork; when the host sets
// SERVICE_MAP_TILE_URL its tiles are drawn under the grid. Pan by dragging or with the arrow
// keys, zoom with the buttons, + and -, or the wheel; every point is also listed below.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { ago } from '../format';
import { useData, useNow } from '../hooks';
import { Link, useSearch, useTitle } from '../router';
import type { MapDataset, MapLayer, WorldSnapshot, XY } from '../types';
import { Card, PageHead } from '../ui/bits';
import { CheckField } from '../ui/fields';
import { DataTable } from '../ui/table';
import { Async } from '../ui/states';
import { worldToMap } from '../../../src/lib/map-coords';
import { guildHref } from './GuildDetail';

// In-game map coordinates from world units (the server's formula, lib/map-coords.ts).

interface View {
  cx: number;
  cy: number;
  /** Width of the view in map units. */
  w: number;
}

type LayerKey = 'bases' | 'players' | 'pals' | 'boxes' | 'npcs';
const LAYER_WORDS: Record<LayerKey, string> = {
  bases: 'Bases',
  players: 'Players',
  pals: 'Pals at bases and in parties',
  boxes: 'Palboxes',
  npcs: 'NPCs',
};

/** Height over width of the map view (svg.map in styles.css is 4 / 3). */
const ASPECT = 0.75;

function layerRect(l: MapLayer) {
  // Layer bounds are [east, north] in world units: east = world.y, north = world.x.
  const [[e0, n0], [e1, n1]] = l.bounds;
  const a = worldToMap({ x: n0, y: e0 });
  const b = worldToMap({ x: n1, y: e1 });
  return { x0: a.x, y0: a.y, x1: b.x, y1: b.y };
}

export function MapScreen() {
  useTitle('Map');
  const ds = useData<MapDataset>('/map/dataset', { refreshMs: 30000 });
  const snap = useData<WorldSnapshot>('/world/snapshot', { refreshMs: 5000 });
  const focus = useSearch().get('focus');
  const now = useNow();
  const [layers, setLayers] = useState<Record<LayerKey, boolean>>({ bases: true, players: true, pals: false, boxes: true, npcs: false });
  return (
    <>
      <PageHead title="Map">
        <span className="muted small">
          Bases from the save{ds.data?.lastParseAt ? ` (${ago(ds.data.lastParseAt, now)})` : ''}; live positions{' '}
          {snap.data?.capturedAt ? `from ${ago(snap.data.capturedAt, now)}` : 'not read yet'}
        </span>
      </PageHead>
      <Async r={ds} what="Reading the map">
        {(d) => (
          <>
            <fieldset className="layer-pick">
              <legend className="sr-only">Layers</legend>
              {(Object.keys(LAYER_WORDS) as LayerKey[]).map((k) => (
                <CheckField
                  key={k}
                  fieldClass={`check swatch-${k}`}
                  label={LAYER_WORDS[k]}
                  checked={layers[k]}
                  onChange={(e) => setLayers({ ...layers, [k]: e.target.checked })}
                />
              ))}
            </fieldset>
            {snap.data && snap.data.gameData !== 'ready' && snap.data.players.length === 0 && (
              <p className="muted small">
                No live positions:{' '}
                {snap.data.gameData === 'disabled'
                  ? 'the game-data poller is off and the game lists nobody online'
                  : `the game data is ${snap.data.gameData}`}
                .
              </p>
            )}
            <MapView d={d} snap={snap.data ?? null} layers={layers} focus={focus} />
            <div className="grid">
              <Card title={`Bases (${d.layers.bases.length})`}>
                <DataTable
                  caption="Bases"
                  rows={d.layers.bases}
                  rowKey={(b) => b.id}
                  filterText={(b) => `${b.displayName} ${b.guildName}`}
                  empty="No base in the save has a position."
                  columns={[
                    {
                      key: 'name',
                      label: 'Base',
                      sort: (b) => b.displayName.toLowerCase(),
                      render: (b) => <Link href={`/map?focus=${b.id}`}>{b.displayName}</Link>,
                    },
                    {
                      key: 'guild',
                      label: 'Guild',
                      sort: (b) => b.guildName,
                      render: (b) => <Link href={guildHref(b.guildId)}>{b.guildName}</Link>,
                    },
                    { key: 'at', label: 'Map x, y', render: (b) => `${Math.round(b.map.x)}, ${Math.round(b.map.y)}` },
                  ]}
                />
              </Card>
              <Card title={`Players on the map (${snap.data?.players.length ?? 0})`}>
                <DataTable
                  caption="Players on the map"
                  rows={snap.data?.players ?? []}
                  rowKey={(p) => p.name + p.world.x}
                  empty="Nobody online has a known position."
                  columns={[
                    { key: 'name', label: 'Player', sort: (p) => p.name, render: (p) => p.name },
                    { key: 'level', label: 'Level', numeric: true, sort: (p) => p.level, render: (p) => p.level },
                    { key: 'at', label: 'Map x, y', render: (p) => `${Math.round(p.map.x)}, ${Math.round(p.map.y)}` },
                  ]}
                />
              </Card>
            </div>
            <p className="muted small">{d.coordinates}</p>
          </>
        )}
      </Async>
    </>
  );
}

function MapView({
  d,
  snap,
  layers,
  focus,
}: {
  d: MapDataset;
  snap: WorldSnapshot | null;
  layers: Record<LayerKey, boolean>;
  focus: string | null;
}) {
  const main = d.map.layers.find((l) => l.id === 'palpagos') ?? d.map.layers[0];
  const rect = useMemo(() => layerRect(main), [main]);
  // The map texture is square: the whole map fits the 4:3 view by its height.
  const full: View = {
    cx: (rect.x0 + rect.x1) / 2,
    cy: (rect.y0 + rect.y1) / 2,
    w: Math.max(rect.x1 - rect.x0, (rect.y1 - rect.y0) / ASPECT),
  };
  const focused = focus ? d.layers.bases.find((b) => b.id === focus) : undefined;
  const [view, setView] = useState<View>(focused ? { cx: focused.map.x, cy: focused.map.y, w: 400 } : full);
  const drag = useRef<{ x: number; y: number; v: View } | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const [hover, setHover] = useState<string | null>(null);

  const h = view.w * ASPECT;
  // SVG y grows downward; map north (y) grows upward: draw at -y.
  const vb = `${view.cx - view.w / 2} ${-view.cy - h / 2} ${view.w} ${h}`;
  // Dots and labels keep their size on screen (a phone draws the map a third as wide as a
  // desktop): sizes are screen pixels turned into map units at the drawn width.
  const [widthPx, setWidthPx] = useState(900);
  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    // max-height can make the box wider than 4:3; the drawing is then as wide as the height allows.
    const watch = new ResizeObserver(
      ([e]) => e.contentRect.width > 0 && setWidthPx(Math.min(e.contentRect.width, e.contentRect.height / ASPECT)),
    );
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  const perPx = view.w / widthPx;
  const r = 5.5 * perPx;
  const fontSize = 12 * perPx;
  const zoom = (f: number) => setView((v) => ({ ...v, w: Math.min(full.w * 2, Math.max(50, v.w * f)) }));
  const pan = (dx: number, dy: number) => setView((v) => ({ ...v, cx: v.cx + dx * v.w, cy: v.cy + dy * v.w }));
  const key = (e: KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowLeft: () => pan(-0.1, 0),
      ArrowRight: () => pan(0.1, 0),
      ArrowUp: () => pan(0, 0.1),
      ArrowDown: () => pan(0, -0.1),
      '+': () => zoom(0.7),
      '=': () => zoom(0.7),
      '-': () => zoom(1.4),
      '0': () => setView(full),
    };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      m();
    }
  };
  const down = (e: PointerEvent<SVGSVGElement>) => {
    drag.current = { x: e.clientX, y: e.clientY, v: view };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const move = (e: PointerEvent<SVGSVGElement>) => {
    const g = drag.current;
    if (!g) return;
    const k = g.v.w / widthPx;
    setView({ ...g.v, cx: g.v.cx - (e.clientX - g.x) * k, cy: g.v.cy + (e.clientY - g.y) * k });
  };
  const wheel = (e: WheelEvent) => zoom(e.deltaY > 0 ? 1.15 : 0.87);

  const step = view.w > 1500 ? 500 : view.w > 600 ? 200 : view.w > 250 ? 100 : 50;
  const lines: number[][] = [[], []];
  for (let x = Math.ceil((view.cx - view.w / 2) / step) * step; x <= view.cx + view.w / 2; x += step) lines[0].push(x);
  for (let y = Math.ceil((view.cy - h / 2) / step) * step; y <= view.cy + h / 2; y += step) lines[1].push(y);

  const points: { id: string; kind: LayerKey; at: XY; label: string }[] = [];
  if (layers.bases)
    for (const b of d.layers.bases)
      points.push({ id: `b-${b.id}`, kind: 'bases', at: b.map, label: `${b.displayName} (${b.guildName}), level ${b.level}` });
  if (snap) {
    if (layers.boxes)
      for (const [i, b] of snap.palBoxes.entries())
        points.push({ id: `x-${i}`, kind: 'boxes', at: b.map, label: `Palbox${b.guildName ? ` of ${b.guildName}` : ''}` });
    if (layers.pals)
      for (const [i, p] of snap.pals.entries())
        points.push({
          id: `p-${i}`,
          kind: 'pals',
          at: p.map,
          label: `${p.name}, level ${p.level}${p.trainerName ? `, with ${p.trainerName}` : p.guildName ? `, ${p.guildName}` : ''}`,
        });
    if (layers.npcs)
      for (const [i, n] of snap.npcs.entries())
        points.push({ id: `n-${i}`, kind: 'npcs', at: n.map, label: `${n.name}, level ${n.level}` });
    if (layers.players)
      for (const [i, p] of snap.players.entries())
        points.push({ id: `u-${i}`, kind: 'players', at: p.map, label: `${p.name}, level ${p.level}` });
  }
  const shown = hover ? points.find((p) => p.id === hover) : undefined;
  const focusPoint = focus ? points.find((p) => p.id === `b-${focus}`) : undefined;
  // Its name alone (the hover line and the table say guild and level): short enough for a phone.
  const focusName = focused?.displayName ?? 'Base';
  const focusLeft = focusPoint !== undefined && focusPoint.at.x + r * 2.5 + focusName.length * 0.66 * fontSize > view.cx + view.w / 2;

  return (
    <div className="map-wrap card">
      <div className="map-tools">
        <button type="button" onClick={() => zoom(0.7)} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => zoom(1.4)} aria-label="Zoom out">
          −
        </button>
        <button type="button" onClick={() => setView(full)}>
          Whole map
        </button>
        <span className="muted small" aria-live="polite">
          {shown ? shown.label : 'Drag or use the arrow keys to move; + and − zoom.'}
        </span>
      </div>
      <svg
        ref={svg}
        className="map"
        viewBox={vb}
        tabIndex={0}
        role="img"
        aria-label={`Map of Palpagos with ${points.length} points; the tables below list them`}
        onKeyDown={key}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={() => (drag.current = null)}
        onWheel={wheel}
      >
        <rect x={rect.x0} y={-rect.y1} width={rect.x1 - rect.x0} height={rect.y1 - rect.y0} className="map-land" />
        {d.tileUrl && <Tiles template={d.tileUrl} rect={rect} view={view} h={h} widthPx={widthPx} />}
        {lines[0].map((x) => (
          <g key={`x${x}`}>
            <line x1={x} x2={x} y1={-view.cy - h} y2={-view.cy + h} className={x === 0 ? 'map-axis' : 'map-grid'} />
            {/* None the right edge would cut (a label is up to about 3.5 font sizes wide). */}
            {x + r + 3.5 * fontSize < view.cx + view.w / 2 && (
              <text x={x + r} y={-view.cy + h / 2 - r} fontSize={fontSize} className="map-label">
                {x}
              </text>
            )}
          </g>
        ))}
        {lines[1].map((y) => (
          <g key={`y${y}`}>
            <line y1={-y} y2={-y} x1={view.cx - view.w} x2={view.cx + view.w} className={y === 0 ? 'map-axis' : 'map-grid'} />
            {/* Below its line (above the topmost line it would fall outside the view); none in the
                bottom row, which holds the x labels. */}
            {-y + 2.5 * fontSize < -view.cy + h / 2 && (
              <text x={view.cx - view.w / 2 + r} y={-y + fontSize + r / 2} fontSize={fontSize} className="map-label">
                {y}
              </text>
            )}
          </g>
        ))}
        {points.map((p) => (
          <circle
            key={p.id}
            cx={p.at.x}
            cy={-p.at.y}
            r={p.kind === 'players' ? r * 1.4 : p.kind === 'bases' ? r * 1.6 : r}
            className={`pt pt-${p.kind}${p === focusPoint ? ' focused' : ''}`}
            onPointerEnter={() => setHover(p.id)}
            onPointerLeave={() => setHover(null)}
          >
            <title>{p.label}</title>
          </circle>
        ))}
        {/* The base the page was opened for (from a guild's "on the map") is named beside its dot. */}
        {focusPoint && (
          // Right of the dot, or left of it where the view's right edge would cut it (a phone):
          // a character is about 0.6 of the font size wide.
          <text
            x={focusLeft ? focusPoint.at.x - r * 2.5 : focusPoint.at.x + r * 2.5}
            textAnchor={focusLeft ? 'end' : 'start'}
            y={-focusPoint.at.y + fontSize / 3}
            fontSize={fontSize * 1.1}
            className="map-focus-label"
          >
            {focusName}
          </text>
        )}
      </svg>
    </div>
  );
}

/** The host's tiles under the grid: a 256-pixel pyramid of the layer, at the zoom whose tiles
 * are about 256 screen pixels wide, only those in view. */
function Tiles({
  template,
  rect,
  view,
  h,
  widthPx,
}: {
  template: string;
  rect: { x0: number; y0: number; x1: number; y1: number };
  view: View;
  h: number;
  widthPx: number;
}) {
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
