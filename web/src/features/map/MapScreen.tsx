// The live map: base camps from the save and live positions from the world snapshot, on a
// plain grid of in-game map coordinates (the units the game's own map shows; world units only in
// a card's small print). palpanel ships no map artwork; the host's own tiles (SERVICE_MAP_TILES_DIR,
// served at /map-tiles/, or SERVICE_MAP_TILE_URL) are drawn under the grid. Names stand beside
// the dots where they fit, overlapping dots become a bubble with a count, a tap, click, hover or
// keyboard focus opens a dot's card (Esc closes it); search finds players, bases and guilds, and
// "Fit a guild" zooms to a guild's bases. Pan by dragging or with the arrow keys, zoom with the
// buttons, + and -, or the wheel; every point is also listed below.
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { ago, mapXY } from '../../shared/format';
import { useNow } from '../../shared/use-now';
import { Link, useSearch, useTitle } from '../../shared/router';
import { Card, Data, PageHead } from '../../ui/bits';
import { CheckField } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async } from '../../ui/states';
import type { LayerKey } from './map-layout';
import { MAP_ORIGIN_WORLD_X, MAP_ORIGIN_WORLD_Y, MAP_SCALE } from '../../../../src/lib/map-coords';
import { LAYER_KEYS } from './map-points';
import { MapView } from './MapView';
import { guildHref } from '../guilds/GuildDetail';
import { useMapDataset, useWorldSnapshot } from './api';

/** Where the live dots come from, as they are drawn: the game data's poll (with its time), the
 * game's player list (the REST poller: players only, no time of its own here), or nothing yet. */
function liveWords(
  intl: IntlShape,
  s: { capturedAt: string | null; playersFrom: 'game-data' | 'rest'; players: unknown[] } | undefined,
  now: number,
): string {
  if (s?.capturedAt) return intl.formatMessage({ id: 'map.live.at' }, { ago: ago(s.capturedAt, now) });
  if (s && s.players.length > 0) return intl.formatMessage({ id: 'map.live.list' }, { from: s.playersFrom });
  return intl.formatMessage({ id: 'map.live.none' });
}

export function MapScreen() {
  const intl = useIntl();
  const say = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `map.${id}` }, values);
  const title = say('title');
  useTitle(title);
  const ds = useMapDataset({ refreshMs: 30000 });
  const snap = useWorldSnapshot({ refreshMs: 5000 });
  const query = useSearch();
  const focus = query.get('focus');
  const player = query.get('player');
  const now = useNow();
  const [layers, setLayers] = useState<Record<LayerKey, boolean>>({ bases: true, players: true, pals: false, boxes: true, npcs: false });
  return (
    <>
      <PageHead title={title}>
        <span className="muted small">
          {say(ds.data?.lastParseAt ? 'sources.parsed' : 'sources', {
            ago: ds.data?.lastParseAt ? ago(ds.data.lastParseAt, now) : '',
            live: liveWords(intl, snap.data, now),
          })}
        </span>
      </PageHead>
      <Async r={ds} what={say('reading')}>
        {(d) => (
          <>
            <fieldset className="layer-pick">
              <legend className="sr-only">{say('layers')}</legend>
              {LAYER_KEYS.map((k) => (
                <CheckField
                  key={k}
                  fieldClass={`check swatch-${k}`}
                  label={say('layer', { layer: k })}
                  checked={layers[k]}
                  onChange={(e) => setLayers({ ...layers, [k]: e.target.checked })}
                />
              ))}
            </fieldset>
            {snap.data && snap.data.gameData !== 'ready' && snap.data.players.length === 0 && (
              <p className="muted small">{say('noLive', { state: snap.data.gameData })}</p>
            )}
            <MapView d={d} snap={snap.data ?? null} layers={layers} setLayers={setLayers} focus={focus} player={player} />
            <div className="grid">
              <Card title={say('bases.title', { count: d.layers.bases.length })}>
                <DataTable
                  caption={say('bases.caption')}
                  rows={d.layers.bases}
                  rowKey={(b) => b.id}
                  filterText={(b) => `${b.displayName} ${b.guildName}`}
                  empty={say('bases.empty')}
                  columns={[
                    {
                      key: 'name',
                      label: say('col.base'),
                      sort: (b) => b.displayName.toLowerCase(),
                      render: (b) => (
                        <Link href={`/map?focus=${b.id}`} translate="no">
                          {b.displayName}
                        </Link>
                      ),
                    },
                    {
                      key: 'guild',
                      label: say('col.guild'),
                      sort: (b) => b.guildName,
                      render: (b) => (
                        <Link href={guildHref(b.guildId)} translate="no">
                          {b.guildName}
                        </Link>
                      ),
                    },
                    { key: 'at', label: say('col.mapXY'), render: (b) => mapXY(b.map) },
                  ]}
                />
              </Card>
              <Card title={say('players.title', { count: snap.data?.players.length ?? 0 })}>
                <DataTable
                  caption={say('players.caption')}
                  rows={snap.data?.players ?? []}
                  rowKey={(p) => p.name + p.world.x}
                  empty={say('players.empty')}
                  columns={[
                    { key: 'name', label: say('col.player'), sort: (p) => p.name, render: (p) => <Data>{p.name}</Data> },
                    { key: 'level', label: say('col.level'), numeric: true, sort: (p) => p.level, render: (p) => p.level },
                    { key: 'at', label: say('col.mapXY'), render: (p) => mapXY(p.map) },
                  ]}
                />
              </Card>
            </div>
            <p className="muted small">
              {/* The server's `coordinates` in words of the UI's language, its formulas from the same constants. */}
              {say('coordinates', {
                east: `map.x = (world.y - ${MAP_ORIGIN_WORLD_Y}) / ${MAP_SCALE}`,
                north: `map.y = (world.x + ${-MAP_ORIGIN_WORLD_X}) / ${MAP_SCALE}`,
              })}
            </p>
          </>
        )}
      </Async>
    </>
  );
}
