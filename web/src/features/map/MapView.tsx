// The map itself: the tools (search, fit a guild, zoom), the svg with the land, the host's tiles,
// the grid, the dots and their names, and the card of what is picked.
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useGameName } from '../../i18n/game-names';
import type { MapDataset, WorldSnapshot } from '../../types';
import { SelectField } from '../../ui/fields';
import { groupMarkers, placeLabels, type MapPoint } from './map-layout';
import { allPoints, ASPECT, DOT_PX, GROUP_PX, guildsOf, layerRect, shownOf, type GuildRef, type View } from './map-points';
import { MapCard } from './MapCard';
import { MapGrid, MapMarkers } from './MapDrawing';
import { MapSearch } from './MapSearch';
import { Tiles } from './Tiles';
import { useMapDrag, useMapView, type Layers } from './use-map-view';

export function MapView({
  d,
  snap,
  layers,
  setLayers,
  focus,
  player,
}: {
  d: MapDataset;
  snap: WorldSnapshot | null;
  layers: Layers;
  setLayers: (l: Layers) => void;
  focus: string | null;
  /** A player's save uid or REST id (a player page's "on the map"): their card opens once they are on it. */
  player: string | null;
}) {
  const main = d.map.layers.find((l) => l.id === 'palpagos') ?? d.map.layers[0];
  const rect = useMemo(() => layerRect(main), [main]);
  const intl = useIntl();
  const name = useGameName();
  const every = useMemo(() => allPoints(d, snap, intl, name), [d, snap, intl, name]);
  const focused = focus ? d.layers.bases.find((b) => b.id === focus) : undefined;
  const mv = useMapView({ rect, every, layers, setLayers, focused, player });
  const { view, widthPx, pick, setPick, svg } = mv;

  const h = view.w * ASPECT;
  // SVG y grows downward; map north (y) grows upward: draw at -y.
  const vb = `${view.cx - view.w / 2} ${-view.cy - h / 2} ${view.w} ${h}`;
  const perPx = view.w / widthPx;
  const fontSize = 12 * perPx;
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
  const pointer = useMapDrag({ view, setView: mv.setView, widthPx, byKey, activate: mv.activate, pick, setPick });
  const r = DOT_PX * perPx;
  const guilds = useMemo(() => guildsOf(every), [every]);
  const shown = shownOf(pick?.what ?? null, every, guilds);

  return (
    <div className="map-wrap card">
      <MapTools every={every} guilds={guilds} mv={mv} />
      <p className="muted small map-hint">{intl.formatMessage({ id: 'map.hint' })}</p>
      <div className="map-stage">
        <svg
          ref={svg}
          className="map"
          viewBox={vb}
          tabIndex={0}
          role="group"
          aria-label={intl.formatMessage({ id: 'map.svgLabel' }, { count: shownPoints.length })}
          onKeyDown={mv.key}
          {...pointer}
          onWheel={mv.wheel}
        >
          <rect x={rect.x0} y={-rect.y1} width={rect.x1 - rect.x0} height={rect.y1 - rect.y0} className="map-land" />
          {d.tileUrl && <Tiles template={d.tileUrl} rect={rect} view={view} h={h} widthPx={widthPx} />}
          <MapGrid view={view} h={h} fontSize={fontSize} r={r} />
          <MapMarkers
            markers={markers}
            labels={labels}
            placed={{ left, top, perPx, fontSize }}
            r={r}
            selectedId={selectedId}
            pick={pick}
            setPick={setPick}
            activate={mv.activate}
          />
        </svg>
        {shown && (
          <MapCard
            shown={shown}
            onClose={() => {
              setPick(null);
              svg.current?.focus();
            }}
            onPick={(p) => mv.showPoint(p)}
          />
        )}
      </div>
    </div>
  );
}

function MapTools({
  every,
  guilds,
  mv,
}: {
  every: MapPoint[];
  guilds: GuildRef[];
  mv: {
    showPoint: (p: MapPoint) => void;
    showGuild: (id: string) => void;
    zoom: (f: number) => void;
    setView: (v: View) => void;
    full: View;
  };
}) {
  const intl = useIntl();
  const say = (id: string) => intl.formatMessage({ id: `map.tools.${id}` });
  return (
    <div className="map-tools">
      <MapSearch
        points={every.filter((p) => p.kind === 'players' || p.kind === 'bases')}
        guilds={guilds}
        onPoint={mv.showPoint}
        onGuild={mv.showGuild}
      />
      <SelectField
        label={say('fitGuild')}
        hideLabel
        value=""
        onChange={(e) => e.target.value && mv.showGuild(e.target.value)}
        disabled={guilds.length === 0}
      >
        <option value="">{say('fitAGuild')}</option>
        {guilds.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </SelectField>
      <button type="button" onClick={() => mv.zoom(0.7)} aria-label={say('zoomIn')}>
        +
      </button>
      <button type="button" onClick={() => mv.zoom(1.4)} aria-label={say('zoomOut')}>
        −
      </button>
      <button type="button" onClick={() => mv.setView(mv.full)}>
        {say('wholeMap')}
      </button>
    </div>
  );
}
