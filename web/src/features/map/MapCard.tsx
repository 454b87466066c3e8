// The card the map opens for a dot (tap, click, hover or keyboard focus), for a group of dots
// that no zoom separates, and for a guild (search, "Fit guild"): names, level, guild, the position
// in map coordinates with world units in small print, and the pages to go on to.
import { mapXY, worldXY } from '../../shared/format';
import { Link } from '../../shared/router';
import type { MapPoint } from './map-layout';

export type Shown =
  | { kind: 'point'; point: MapPoint }
  | { kind: 'group'; points: MapPoint[] }
  | { kind: 'guild'; id: string; name: string; bases: MapPoint[]; players: MapPoint[] };

export function MapCard({ shown, onClose, onPick }: { shown: Shown; onClose: () => void; onPick: (p: MapPoint) => void }) {
  const title = shown.kind === 'point' ? shown.point.name : shown.kind === 'guild' ? shown.name : `${shown.points.length} here`;
  return (
    <section className="map-card" aria-label={title}>
      <div className="map-card-head">
        <h3>{title}</h3>
        <button type="button" className="map-card-close" onClick={onClose} aria-label="Close the card">
          ×
        </button>
      </div>
      {shown.kind === 'point' && <PointFacts p={shown.point} />}
      {shown.kind === 'group' && <PickList points={shown.points} onPick={onPick} />}
      {shown.kind === 'guild' && (
        <>
          <p className="small">
            Guild · {shown.bases.length} {shown.bases.length === 1 ? 'base' : 'bases'}
            {shown.players.length > 0 && ` · ${shown.players.length} on the map`}
          </p>
          <PickList points={[...shown.bases, ...shown.players]} onPick={onPick} />
          <p className="small">
            <Link href={`/guilds/${encodeURIComponent(shown.id)}`}>Guild page</Link>
          </p>
        </>
      )}
    </section>
  );
}

function PointFacts({ p }: { p: MapPoint }) {
  return (
    <>
      <p className="small">
        {p.what}
        {p.level !== null && ` · level ${p.level}`}
      </p>
      {p.note && <p className="small">{p.note}</p>}
      <dl className="map-card-facts small">
        {p.guildName && (
          <>
            <dt>Guild</dt>
            <dd>{p.guildId ? <Link href={`/guilds/${encodeURIComponent(p.guildId)}`}>{p.guildName}</Link> : p.guildName}</dd>
          </>
        )}
        <dt>Map x, y</dt>
        <dd>
          {mapXY(p.at)} <span className="muted">({worldXY(p.world)})</span>
        </dd>
      </dl>
      {p.playerId && (
        <p className="small">
          <Link href={`/players/${encodeURIComponent(p.playerId)}`}>Player page</Link>
        </p>
      )}
    </>
  );
}

function PickList({ points, onPick }: { points: MapPoint[]; onPick: (p: MapPoint) => void }) {
  return (
    <ul className="map-card-list">
      {points.slice(0, 30).map((p) => (
        <li key={p.id}>
          <button type="button" className="link" onClick={() => onPick(p)}>
            {p.name}
          </button>{' '}
          <span className="muted small">
            {p.what}
            {p.level !== null && `, level ${p.level}`}
          </span>
        </li>
      ))}
      {points.length > 30 && <li className="muted small">and {points.length - 30} more: zoom in</li>}
    </ul>
  );
}
