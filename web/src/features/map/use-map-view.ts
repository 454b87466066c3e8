// What the map looks at and which card is open: the view (pan and zoom), the drawn width that
// turns screen pixels into map units, the pick, and the moves that change them (keys, buttons,
// search, a tap on a dot or a bubble, a drag, the wheel).
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import type { LayerKey, MapPoint, Marker } from './map-layout';
import { ASPECT, fitView, MIN_W, type Pick, type Rect, type View } from './map-points';

export type Layers = Record<LayerKey, boolean>;
/** The card: what it is for, and whether it stays (tap, click, search) or goes with the pointer (hover). */
export type CardPick = { what: Pick; pinned: boolean } | null;

export function useMapView(opts: {
  rect: Rect;
  every: MapPoint[];
  layers: Layers;
  setLayers: (l: Layers) => void;
  focused: { id: string; map: { x: number; y: number } } | undefined;
  player: string | null;
}) {
  const { rect, every, layers, setLayers, focused, player } = opts;
  // The map texture is square: the whole map fits the 4:3 view by its height.
  const full: View = {
    cx: (rect.x0 + rect.x1) / 2,
    cy: (rect.y0 + rect.y1) / 2,
    w: Math.max(rect.x1 - rect.x0, (rect.y1 - rect.y0) / ASPECT),
  };
  const [view, setView] = useState<View>(focused ? { cx: focused.map.x, cy: focused.map.y, w: 400 } : full);
  const [pick, setPick] = useState<CardPick>(focused ? { what: { kind: 'point', id: `b-${focused.id}` }, pinned: true } : null);
  const svg = useRef<SVGSVGElement>(null);
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
  const wheel = (e: WheelEvent) => zoom(e.deltaY > 0 ? 1.15 : 0.87);

  return { full, view, setView, pick, setPick, svg, widthPx, zoom, key, showPoint, showGuild, activate, wheel };
}

/** Dragging pans; a press that moved less than a finger's wobble is a tap on what it started on. */
export function useMapDrag(opts: {
  view: View;
  setView: (v: View) => void;
  widthPx: number;
  byKey: Map<string, Marker>;
  activate: (m: Marker) => void;
  pick: CardPick;
  setPick: (p: CardPick) => void;
}) {
  const { view, setView, widthPx, byKey, activate, pick, setPick } = opts;
  const drag = useRef<{ x: number; y: number; v: View; target: string | null; moved: boolean } | null>(null);
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
  const cancel = () => (drag.current = null);
  return { onPointerDown: down, onPointerMove: move, onPointerUp: up, onPointerCancel: cancel };
}
