// What the map's svg draws over the land: the grid with its coordinates, the dots and bubbles
// (each a button for the keyboard), and the names placed beside them.
import type { Dispatch, SetStateAction } from 'react';
import { useIntl } from 'react-intl';
import type { Label, Marker } from './map-layout';
import type { View } from './map-points';
import type { CardPick } from './use-map-view';

/** Grid lines every 50 to 500 map units as the view zooms, with their coordinates. */
export function MapGrid({ view, h, fontSize, r }: { view: View; h: number; fontSize: number; r: number }) {
  const step = view.w > 1500 ? 500 : view.w > 600 ? 200 : view.w > 250 ? 100 : 50;
  const lines: number[][] = [[], []];
  for (let x = Math.ceil((view.cx - view.w / 2) / step) * step; x <= view.cx + view.w / 2; x += step) lines[0].push(x);
  for (let y = Math.ceil((view.cy - h / 2) / step) * step; y <= view.cy + h / 2; y += step) lines[1].push(y);
  return (
    <>
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
    </>
  );
}

interface Placed {
  /** The view's left and top edges, map units. */
  left: number;
  top: number;
  perPx: number;
  fontSize: number;
}

/** A dot: its card opens on hover (mouse), focus, a tap or Enter. */
function Dot({
  m,
  at,
  r,
  selectedId,
  pick,
  setPick,
  activate,
}: {
  m: Marker;
  at: { x: number; y: number };
  r: number;
  selectedId: string | null;
  pick: CardPick;
  setPick: Dispatch<SetStateAction<CardPick>>;
  activate: (m: Marker) => void;
}) {
  const intl = useIntl();
  const one = m.members[0];
  return (
    <g
      data-mk={m.key}
      tabIndex={0}
      role="button"
      aria-label={intl.formatMessage({ id: 'map.dot.label' }, { name: one.name, what: one.what, level: one.level ?? 'none' })}
      className="mk"
      onPointerEnter={(e) => e.pointerType === 'mouse' && !pick?.pinned && setPick({ what: { kind: 'point', id: one.id }, pinned: false })}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setPick((c) => (c && !c.pinned ? null : c))}
      onFocus={() => setPick((c) => (c?.pinned && c.what.kind !== 'point' ? c : { what: { kind: 'point', id: one.id }, pinned: true }))}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), activate(m))}
    >
      <circle
        cx={at.x}
        cy={at.y}
        r={one.kind === 'players' ? r * 1.25 : one.kind === 'bases' ? r * 1.4 : r * 0.9}
        className={`pt pt-${one.kind}${one.id === selectedId ? ' focused' : ''}`}
      />
    </g>
  );
}

/** A bubble of dots too close to part at this zoom: its count, and Enter zooms in. */
function Bubble({ m, at, placed, activate }: { m: Marker; at: { x: number; y: number }; placed: Placed; activate: (m: Marker) => void }) {
  const intl = useIntl();
  const { perPx, fontSize } = placed;
  const n = m.members.length;
  const br = (8 + Math.min(4, Math.log2(n) * 1.5)) * perPx;
  return (
    <g
      data-mk={m.key}
      tabIndex={0}
      role="button"
      aria-label={intl.formatMessage(
        { id: 'map.bubble.label' },
        {
          count: n,
          names: intl.formatList(
            m.members.slice(0, 3).map((p) => p.name),
            { type: 'unit' },
          ),
          more: n > 3 ? 'yes' : 'no',
        },
      )}
      className="mk"
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), activate(m))}
    >
      <circle cx={at.x} cy={at.y} r={br} className={`pt-group pt-group-${m.members[0].kind}`} />
      <text x={at.x} y={at.y + fontSize * 0.36} fontSize={fontSize * 0.95} textAnchor="middle" className="pt-count">
        {n}
      </text>
    </g>
  );
}

export function MapMarkers({
  markers,
  labels,
  placed,
  r,
  selectedId,
  pick,
  setPick,
  activate,
}: {
  markers: Marker[];
  labels: Label[];
  placed: Placed;
  r: number;
  selectedId: string | null;
  pick: CardPick;
  setPick: Dispatch<SetStateAction<CardPick>>;
  activate: (m: Marker) => void;
}) {
  const { left, top, perPx, fontSize } = placed;
  return (
    <>
      {markers.map((m) => {
        const at = { x: left + m.sx * perPx, y: -top + m.sy * perPx };
        return m.members.length === 1 ? (
          <Dot key={m.key} m={m} at={at} r={r} selectedId={selectedId} pick={pick} setPick={setPick} activate={activate} />
        ) : (
          <Bubble key={m.key} m={m} at={at} placed={placed} activate={activate} />
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
    </>
  );
}
