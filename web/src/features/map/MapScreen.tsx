// The live map: base camps from the save and live positions from the world snapshot, on a
// plain grid of in-game map coordinates (the units the game's own map shows; world units only in
// a card's small print). palpanel ships no map artwork; the host's own tiles (SERVICE_MAP_TILES_DIR,
// served at /map-tiles/, or SERVICE_MAP_TILE_URL) are drawn under the grid. Names stand beside
// the dots where they fit, overlapping dots become a bubble with a count, a tap, click, hover or
// keyboard focus opens a dot's card (Esc closes it); search finds players, bases and guilds, and
// "Fit a guild" zooms to a guild's bases. Pan by dragging or with the arrow keys, zoom with the
// buttons, + and -, or the wheel; every point is also listed below.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { ago, mapXY } from '../../shared/format';
import { useData, useNow } from '../../api/hooks';
import { Link, useSearch, useTitle } from '../../shared/router';
import type { MapDataset, MapLayer, WorldSnapshot } from '../../types';
import { Card, PageHead } from '../../ui/bits';
import { CheckField, Field, SelectField } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async } from '../../ui/states';
import { worldToMap } from '../../../../src/lib/map-coords';
import { groupMarkers, placeLabels, type LayerKey, type MapPoint, type Marker } from './map-layout';
import { MapCard, type Shown } from './MapCard';
import { guildHref } from '../guilds/GuildDetail';

interface View {
  cx: number;
  cy: number;
  /** Width of the view in map units. */
  w: number;
}

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
  const query = useSearch();
  const focus = query.get('focus');
  const player = query.get('player');
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
            <MapView d={d} snap={snap.data ?? null} layers={layers} setLayers={setLayers} focus={focus} player={player} />
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
                    { key: 'at', label: 'Map x, y', render: (b) => mapXY(b.map) },
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
                    { key: 'at', label: 'Map x, y', render: (p) => mapXY(p.map) },
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

/** Dots closer than this many screen pixels are drawn as one bubble with a count (more than two
 * of the largest bubbles' radii, so bubbles never overlap one another). */
const GROUP_PX = 26;
/** A dot's radius on screen, pixels. */
const DOT_PX = 6;
/** The narrowest view, map units: closer than this, dots that still overlap share one spot. */
const MIN_W = 50;

/** Every point of the data, each layer's own, with what its card says. */
function allPoints(d: MapDataset, snap: WorldSnapshot | null): MapPoint[] {
  const out: MapPoint[] = d.layers.bases.map((b) => ({
    id: `b-${b.id}`,
    kind: 'bases',
    at: b.map,
    world: b.world,
    name: b.displayName,
    what: 'Base',
    level: b.level,
    guildId: b.guildId,
    guildName: b.guildName,
  }));
  // Players from the live snapshot (game data or REST), their ids from the dataset's REST list.
  const ids = new Map(d.layers.players.map((p) => [p.name, p]));
  const players = snap && snap.players.length > 0 ? snap.players : d.layers.players;
  for (const [i, p] of players.entries()) {
    const known = ids.get(p.name);
    out.push({
      id: `u-${i}-${p.name}`,
      kind: 'players',
      at: p.map,
      world: p.world,
      name: p.name,
      what: 'Player',
      level: p.level,
      // The save's guild first: it is the one the guild pages (/guilds/{id}) know.
      guildId: known?.guildId ?? p.guildId ?? null,
      guildName: known?.guildName ?? p.guildName ?? null,
      playerId: known?.playerId,
    });
  }
  if (!snap) return out;
  for (const [i, b] of snap.palBoxes.entries())
    out.push({
      id: `x-${i}`,
      kind: 'boxes',
      at: b.map,
      world: b.world,
      name: b.guildName ? `Palbox of ${b.guildName}` : 'Palbox',
      what: 'Palbox',
      level: null,
      guildId: b.guildId,
      guildName: b.guildName,
    });
  for (const [i, p] of snap.pals.entries())
    out.push({
      id: `p-${i}`,
      kind: 'pals',
      at: p.map,
      world: p.world,
      name: p.name,
      what: p.kind === 'partyPal' ? 'Pal in a party' : 'Pal at a base',
      level: p.level,
      guildId: p.guildId,
      guildName: p.guildName,
      note: p.trainerName ? `With ${p.trainerName}` : undefined,
    });
  for (const [i, n] of snap.npcs.entries())
    out.push({
      id: `n-${i}`,
      kind: 'npcs',
      at: n.map,
      world: n.world,
      name: n.name,
      what: 'NPC',
      level: n.level,
      guildId: null,
      guildName: null,
    });
  return out;
}

/** The view that holds these points with a margin (at least MIN_W wide). */
function fitView(pts: MapPoint[]): View {
  const xs = pts.map((p) => p.at.x);
  const ys = pts.map((p) => p.at.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return { cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, w: Math.max(MIN_W * 2, (x1 - x0) * 1.4, ((y1 - y0) * 1.4) / ASPECT) };
}

type Pick = { kind: 'point'; id: string } | { kind: 'group'; ids: string[] } | { kind: 'guild'; id: string };

function MapView({
  d,
  snap,
  layers,
  setLayers,
  focus,
  player,
}: {
  d: MapDataset;
  snap: WorldSnapshot | null;
  layers: Record<LayerKey, boolean>;
  setLayers: (l: Record<LayerKey, boolean>) => void;
  focus: string | null;
  /** A player's save uid or REST id (a player page's "on the map"): their card opens once they are on it. */
  player: string | null;
}) {
  const main = d.map.layers.find((l) => l.id === 'palpagos') ?? d.map.layers[0];
  const rect = useMemo(() => layerRect(main), [main]);
  // The map texture is square: the whole map fits the 4:3 view by its height.
  const full: View = {
    cx: (rect.x0 + rect.x1) / 2,
    cy: (rect.y0 + rect.y1) / 2,
    w: Math.max(rect.x1 - rect.x0, (rect.y1 - rect.y0) / ASPECT),
  };
  const every = useMemo(() => allPoints(d, snap), [d, snap]);
  const focused = focus ? d.layers.bases.find((b) => b.id === focus) : undefined;
  const [view, setView] = useState<View>(focused ? { cx: focused.map.x, cy: focused.map.y, w: 400 } : full);
  // The card: what it is for, and whether it stays (tap, click, search) or goes with the pointer (hover).
  const [pick, setPick] = useState<{ what: Pick; pinned: boolean } | null>(
    focused ? { what: { kind: 'point', id: `b-${focused.id}` }, pinned: true } : null,
  );
  const drag = useRef<{ x: number; y: number; v: View; target: string | null; moved: boolean } | null>(null);
  const svg = useRef<SVGSVGElement>(null);

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
  // The player a page asked for, once the live positions hold them (only once: the user moves on).
  const wanted = useRef(player ? player.replace(/-/g, '').toUpperCase() : null);
  useEffect(() => {
    const p = wanted.current ? every.find((x) => x.playerId?.toUpperCase() === wanted.current) : undefined;
    if (!p) return;
    wanted.current = null;
    setView((v) => ({ cx: p.at.x, cy: p.at.y, w: Math.min(v.w, 600) }));
    setPick({ what: { kind: 'point', id: p.id }, pinned: true });
  }, [every]);
  // Esc closes the card wherever the focus is.
  useEffect(() => {
    if (!pick) return;
    const onKey = (e: globalThis.KeyboardEvent) => e.key === 'Escape' && setPick(null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [pick]);
  const perPx = view.w / widthPx;
  const fontSize = 12 * perPx;
  const zoom = (f: number) => setView((v) => ({ ...v, w: Math.min(full.w * 2, Math.max(MIN_W, v.w * f)) }));
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

  const shownPoints = every.filter((p) => layers[p.kind]);
  const left = view.cx - view.w / 2;
  const top = view.cy + h / 2;
  const toScreen = (p: MapPoint): [number, number] => [(p.at.x - left) / perPx, (top - p.at.y) / perPx];
  const inView = shownPoints.filter((p) => {
    const [sx, sy] = toScreen(p);
    return sx > -GROUP_PX && sx < widthPx + GROUP_PX && sy > -GROUP_PX && sy < widthPx * ASPECT + GROUP_PX;
  });
  const markers = groupMarkers(inView, toScreen, GROUP_PX);
  const selectedId = pick?.what.kind === 'point' ? pick.what.id : null;
  const labels = placeLabels(markers, widthPx, widthPx * ASPECT, DOT_PX, selectedId);
  const byKey = new Map(markers.map((m) => [m.key, m]));

  // Opens a point's card and brings it into view (its layer on, the view centred on it).
  const showPoint = (p: MapPoint, pinned = true) => {
    if (!layers[p.kind]) setLayers({ ...layers, [p.kind]: true });
    setView((v) => ({ cx: p.at.x, cy: p.at.y, w: Math.min(v.w, 600) }));
    setPick({ what: { kind: 'point', id: p.id }, pinned });
  };
  const showGuild = (id: string) => {
    const bases = every.filter((p) => p.kind === 'bases' && p.guildId === id);
    const all = bases.length > 0 ? bases : every.filter((p) => p.guildId === id);
    if (all.length > 0) setView(fitView(all));
    if (!layers.bases && bases.length > 0) setLayers({ ...layers, bases: true });
    setPick({ what: { kind: 'guild', id }, pinned: true });
  };
  // A tap, a click, Enter: a dot opens its card; a group zooms in until its dots part, or,
  // when they share one spot, lists them.
  const activate = (m: Marker) => {
    if (m.members.length === 1) return setPick({ what: { kind: 'point', id: m.members[0].id }, pinned: true });
    const fit = fitView(m.members);
    if (view.w <= MIN_W * 1.01 || fit.w >= view.w) setPick({ what: { kind: 'group', ids: m.members.map((p) => p.id) }, pinned: true });
    else setView({ ...fit, w: Math.max(MIN_W, Math.min(fit.w, view.w / 2)) });
  };

  const down = (e: PointerEvent<SVGSVGElement>) => {
    const target = (e.target as Element).closest('[data-mk]')?.getAttribute('data-mk') ?? null;
    drag.current = { x: e.clientX, y: e.clientY, v: view, target, moved: false };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const move = (e: PointerEvent<SVGSVGElement>) => {
    const g = drag.current;
    if (!g) return;
    // A finger wobbles: under 6 pixels is still a tap.
    if (!g.moved && Math.hypot(e.clientX - g.x, e.clientY - g.y) < 6) return;
    g.moved = true;
    const k = g.v.w / widthPx;
    setView({ ...g.v, cx: g.v.cx - (e.clientX - g.x) * k, cy: g.v.cy + (e.clientY - g.y) * k });
  };
  const up = () => {
    const g = drag.current;
    drag.current = null;
    if (!g || g.moved) return;
    const m = g.target ? byKey.get(g.target) : undefined;
    if (m) activate(m);
    else if (pick) setPick(null);
  };
  const wheel = (e: WheelEvent) => zoom(e.deltaY > 0 ? 1.15 : 0.87);

  const step = view.w > 1500 ? 500 : view.w > 600 ? 200 : view.w > 250 ? 100 : 50;
  const lines: number[][] = [[], []];
  for (let x = Math.ceil((view.cx - view.w / 2) / step) * step; x <= view.cx + view.w / 2; x += step) lines[0].push(x);
  for (let y = Math.ceil((view.cy - h / 2) / step) * step; y <= view.cy + h / 2; y += step) lines[1].push(y);
  const r = DOT_PX * perPx;

  // Guilds to search and fit: those with bases, and those of players on the map.
  const guilds = useMemo(() => {
    const g = new Map<string, string>();
    for (const p of every) if (p.guildId && p.guildName && (p.kind === 'bases' || p.kind === 'players')) g.set(p.guildId, p.guildName);
    return [...g].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [every]);
  const shown: Shown | null = !pick
    ? null
    : pick.what.kind === 'point'
      ? ((id) => {
          const p = every.find((x) => x.id === id);
          return p ? { kind: 'point' as const, point: p } : null;
        })(pick.what.id)
      : pick.what.kind === 'group'
        ? { kind: 'group', points: every.filter((p) => (pick.what as { ids: string[] }).ids.includes(p.id)) }
        : ((id) => {
            const g = guilds.find((x) => x.id === id);
            if (!g) return null;
            return {
              kind: 'guild' as const,
              id,
              name: g.name,
              bases: every.filter((p) => p.kind === 'bases' && p.guildId === id),
              players: every.filter((p) => p.kind === 'players' && p.guildId === id),
            };
          })(pick.what.id);

  return (
    <div className="map-wrap card">
      <div className="map-tools">
        <MapSearch
          points={every.filter((p) => p.kind === 'players' || p.kind === 'bases')}
          guilds={guilds}
          onPoint={showPoint}
          onGuild={showGuild}
        />
        <SelectField
          label="Fit guild"
          hideLabel
          value=""
          onChange={(e) => e.target.value && showGuild(e.target.value)}
          disabled={guilds.length === 0}
        >
          <option value="">Fit a guild…</option>
          {guilds.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
        <button type="button" onClick={() => zoom(0.7)} aria-label="Zoom in">
          +
        </button>
        <button type="button" onClick={() => zoom(1.4)} aria-label="Zoom out">
          −
        </button>
        <button type="button" onClick={() => setView(full)}>
          Whole map
        </button>
      </div>
      <p className="muted small map-hint">
        Tap or hover a dot for its card; a bubble groups dots that overlap. Drag or use the arrow keys to move; + and − zoom.
      </p>
      <div className="map-stage">
        <svg
          ref={svg}
          className="map"
          viewBox={vb}
          tabIndex={0}
          role="group"
          aria-label={`Map of Palpagos with ${shownPoints.length} points; Tab moves through them, the tables below list them`}
          onKeyDown={key}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={() => (drag.current = null)}
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
          {markers.map((m) => {
            const x = left + m.sx * perPx;
            const y = -top + m.sy * perPx;
            const one = m.members.length === 1 ? m.members[0] : null;
            if (one)
              return (
                <g
                  key={m.key}
                  data-mk={m.key}
                  tabIndex={0}
                  role="button"
                  aria-label={`${one.name}, ${one.what.toLowerCase()}${one.level !== null ? `, level ${one.level}` : ''}`}
                  className="mk"
                  onPointerEnter={(e) =>
                    e.pointerType === 'mouse' && !pick?.pinned && setPick({ what: { kind: 'point', id: one.id }, pinned: false })
                  }
                  onPointerLeave={(e) => e.pointerType === 'mouse' && setPick((c) => (c && !c.pinned ? null : c))}
                  onFocus={() =>
                    setPick((c) => (c?.pinned && c.what.kind !== 'point' ? c : { what: { kind: 'point', id: one.id }, pinned: true }))
                  }
                  onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), activate(m))}
                >
                  <circle
                    cx={x}
                    cy={y}
                    r={one.kind === 'players' ? r * 1.25 : one.kind === 'bases' ? r * 1.4 : r * 0.9}
                    className={`pt pt-${one.kind}${one.id === selectedId ? ' focused' : ''}`}
                  />
                </g>
              );
            const n = m.members.length;
            const br = (8 + Math.min(4, Math.log2(n) * 1.5)) * perPx;
            return (
              <g
                key={m.key}
                data-mk={m.key}
                tabIndex={0}
                role="button"
                aria-label={`${n} points here: ${m.members
                  .slice(0, 3)
                  .map((p) => p.name)
                  .join(', ')}${n > 3 ? ' and more' : ''}; zoom in`}
                className="mk"
                onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), activate(m))}
              >
                <circle cx={x} cy={y} r={br} className={`pt-group pt-group-${m.members[0].kind}`} />
                <text x={x} y={y + fontSize * 0.36} fontSize={fontSize * 0.95} textAnchor="middle" className="pt-count">
                  {n}
                </text>
              </g>
            );
          })}
          {labels.map((l) => (
            <text
              key={l.key}
              x={left + l.x * perPx}
              y={-top + l.y * perPx}
              fontSize={fontSize}
              textAnchor={l.left ? 'end' : 'start'}
              className={`map-name${l.key === selectedId ? ' selected' : ''}`}
              aria-hidden="true"
            >
              {l.text}
            </text>
          ))}
        </svg>
        {shown && (
          <MapCard
            shown={shown}
            onClose={() => {
              setPick(null);
              svg.current?.focus();
            }}
            onPick={(p) => showPoint(p)}
          />
        )}
      </div>
    </div>
  );
}

/** Finds players, bases and guilds by name; Enter takes the first match. */
function MapSearch({
  points,
  guilds,
  onPoint,
  onGuild,
}: {
  points: MapPoint[];
  guilds: { id: string; name: string }[];
  onPoint: (p: MapPoint) => void;
  onGuild: (id: string) => void;
}) {
  const [q, setQ] = useState('');
  const needle = q.trim().toLowerCase();
  const found: { key: string; name: string; what: string; go: () => void }[] = !needle
    ? []
    : [
        ...points
          .filter((p) => p.name.toLowerCase().includes(needle))
          .map((p) => ({ key: p.id, name: p.name, what: p.what, go: () => onPoint(p) })),
        ...guilds
          .filter((g) => g.name.toLowerCase().includes(needle))
          .map((g) => ({ key: `g-${g.id}`, name: g.name, what: 'Guild', go: () => onGuild(g.id) })),
      ].slice(0, 8);
  const take = (f: (typeof found)[number]) => {
    f.go();
    setQ('');
  };
  return (
    <form
      className="map-search"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        if (found[0]) take(found[0]);
      }}
    >
      <Field
        label="Find a player, base or guild"
        hideLabel
        type="search"
        placeholder="Find a player, base or guild"
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {needle && (
        <ul className="map-found" aria-label="Matches">
          {found.length === 0 && <li className="muted small">Nothing on the map is called that.</li>}
          {found.map((f) => (
            <li key={f.key}>
              <button type="button" className="link" onClick={() => take(f)}>
                {f.name}
              </button>{' '}
              <span className="muted small">{f.what}</span>
            </li>
          ))}
        </ul>
      )}
    </form>
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
