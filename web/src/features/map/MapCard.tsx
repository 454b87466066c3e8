// The card the map opens for a dot (tap, click, hover or keyboard focus), for a group of dots
// that no zoom separates, and for a guild (search, "Fit guild"): names, level, guild, the position
// in map coordinates with world units in small print, and the pages to go on to.
import { useIntl } from 'react-intl';
import { mapXY, worldXY } from '../../shared/format';
import { Link } from '../../shared/router';
import type { MapPoint } from './map-layout';

export type Shown =
  | { kind: 'point'; point: MapPoint }
  | { kind: 'group'; points: MapPoint[] }
  | { kind: 'guild'; id: string; name: string; bases: MapPoint[]; players: MapPoint[] };

export function MapCard({ shown, onClose, onPick }: { shown: Shown; onClose: () => void; onPick: (p: MapPoint) => void }) {
  const intl = useIntl();
  const say = (id: string, values?: Record<string, number>) => intl.formatMessage({ id: `map.card.${id}` }, values);
  const title =
    shown.kind === 'point' ? shown.point.name : shown.kind === 'guild' ? shown.name : say('groupTitle', { count: shown.points.length });
  return (
    <section className="map-card" aria-label={title}>
      <div className="map-card-head">
        <h3>{title}</h3>
        <button type="button" className="map-card-close" onClick={onClose} aria-label={say('close')}>
          ×
        </button>
      </div>
      {shown.kind === 'point' && <PointFacts p={shown.point} />}
      {shown.kind === 'group' && <PickList points={shown.points} onPick={onPick} />}
      {shown.kind === 'guild' && (
        <>
          <p className="small">
            {say(shown.players.length > 0 ? 'guildLinePlayers' : 'guildLine', { bases: shown.bases.length, players: shown.players.length })}
          </p>
          <PickList points={[...shown.bases, ...shown.players]} onPick={onPick} />
          <p className="small">
            <Link href={`/guilds/${encodeURIComponent(shown.id)}`}>{say('guildPage')}</Link>
          </p>
        </>
      )}
    </section>
  );
}

function PointFacts({ p }: { p: MapPoint }) {
  const intl = useIntl();
  const say = (id: string) => intl.formatMessage({ id: `map.card.${id}` });
  return (
    <>
      <p className="small">{intl.formatMessage({ id: 'map.card.whatLine' }, { what: p.what, level: p.level ?? 'none' })}</p>
      {p.note && <p className="small">{p.note}</p>}
      <dl className="map-card-facts small">
        {p.guildName && (
          <>
            <dt>{say('guild')}</dt>
            <dd>
              {p.guildId ? (
                <Link href={`/guilds/${encodeURIComponent(p.guildId)}`} translate="no">
                  {p.guildName}
                </Link>
              ) : (
                p.guildName
              )}
            </dd>
          </>
        )}
        <dt>{say('mapXY')}</dt>
        <dd>
          {mapXY(p.at)} <span className="muted">({worldXY(p.world)})</span>
        </dd>
      </dl>
      {p.playerId && (
        <p className="small">
          <Link href={`/players/${encodeURIComponent(p.playerId)}`}>{say('playerPage')}</Link>
        </p>
      )}
    </>
  );
}

function PickList({ points, onPick }: { points: MapPoint[]; onPick: (p: MapPoint) => void }) {
  const intl = useIntl();
  return (
    <ul className="map-card-list">
      {points.slice(0, 30).map((p) => (
        <li key={p.id}>
          <button type="button" className="link" onClick={() => onPick(p)}>
            {p.name}
          </button>{' '}
          <span className="muted small">{intl.formatMessage({ id: 'map.card.pickLine' }, { what: p.what, level: p.level ?? 'none' })}</span>
        </li>
      ))}
      {points.length > 30 && <li className="muted small">{intl.formatMessage({ id: 'map.card.more' }, { count: points.length - 30 })}</li>}
    </ul>
  );
}
