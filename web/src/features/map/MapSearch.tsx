// The map's search: players, bases and guilds by name, up to eight matches; Enter takes the first.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Field } from '../../ui/fields';
import type { MapPoint } from './map-layout';

/** Finds players, bases and guilds by name; Enter takes the first match. */
export function MapSearch({
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
  const intl = useIntl();
  const say = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `map.${id}` }, values);
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
          .map((g) => ({ key: `g-${g.id}`, name: g.name, what: 'guild', go: () => onGuild(g.id) })),
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
        label={say('search.label')}
        hideLabel
        type="search"
        placeholder={say('search.label')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {needle && (
        <ul className="map-found" aria-label={say('search.matches')}>
          {found.length === 0 && <li className="muted small">{say('search.none')}</li>}
          {found.map((f) => (
            <li key={f.key}>
              <button type="button" className="link" onClick={() => take(f)}>
                {f.name}
              </button>{' '}
              <span className="muted small">{say('what', { what: f.what })}</span>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
