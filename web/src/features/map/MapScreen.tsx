// The live map: base camps from the save and live positions from the world snapshot, on a
// plain grid of in-game map coordinates (the units the game's own map shows; world units only in
// a card's small print). palpanel ships no map artwork; the host's own tiles (SERVICE_MAP_TILES_DIR,
// served at /map-tiles/, or SERVICE_MAP_TILE_URL) are drawn under the grid. Names stand beside
// the dots where they fit, overlapping dots become a bubble with a count, a tap, click, hover or
// keyboard focus opens a dot's card (Esc closes it); search finds players, bases and guilds, and
// "Fit a guild" zooms to a guild's bases. Pan by dragging or with the arrow keys, zoom with the
// buttons, + and -, or the wheel; every point is also listed below.
import { useState } from 'react';
import { ago, mapXY } from '../../shared/format';
import { useNow } from '../../shared/use-now';
import { Link, useSearch, useTitle } from '../../shared/router';
import { Card, PageHead } from '../../ui/bits';
import { CheckField } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async } from '../../ui/states';
import type { LayerKey } from './map-layout';
import { LAYER_WORDS } from './map-points';
import { MapView } from './MapView';
import { guildHref } from '../guilds/GuildDetail';
import { useMapDataset, useWorldSnapshot } from './api';

/** Where the live dots come from, as they are drawn: the game data's poll (with its time), the
 * game's player list (the REST poller: players only, no time of its own here), or nothing yet. */
function liveWords(
  s: { capturedAt: string | null; playersFrom: 'game-data' | 'rest'; players: unknown[] } | undefined,
  now: number,
): string {
  if (s?.capturedAt) return `live positions from ${ago(s.capturedAt, now)}`;
  if (s && s.players.length > 0) return `live positions from the game's player list${s.playersFrom === 'rest' ? ' (players only)' : ''}`;
  return 'live positions not read yet';
}

export function MapScreen() {
  useTitle('Map');
  const ds = useMapDataset({ refreshMs: 30000 });
  const snap = useWorldSnapshot({ refreshMs: 5000 });
  const query = useSearch();
  const focus = query.get('focus');
  const player = query.get('player');
  const now = useNow();
  const [layers, setLayers] = useState<Record<LayerKey, boolean>>({ bases: true, players: true, pals: false, boxes: true, npcs: false });
  return (
    <>
      <PageHead title="Map">
        <span className="muted small">
          Bases from the save{ds.data?.lastParseAt ? ` (${ago(ds.data.lastParseAt, now)})` : ''}; {liveWords(snap.data, now)}
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
