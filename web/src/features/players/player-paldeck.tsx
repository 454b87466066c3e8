// The player page's Paldeck (per species: unlocked, captures, how many players of the server
// have it, as a compact grid) and its whitelist control (admins change it; viewers read the state).
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useGameName } from '../../i18n/game-names';
import { useAction } from '../../api/hooks';
import { useCanModerate } from '../../shared/session';
import type { PlayerDetail } from '../../types';
import { Stat } from '../../ui/bits';
import { CheckField, Field } from '../../ui/fields';
import { Async, Empty, ErrorNote } from '../../ui/states';
import { addToWhitelist, removeFromWhitelist, usePaldeck } from './api';

/** The Paldeck as a compact grid: a tile per species (its name, caught how often, how many
 * players have it), the ones this player still misses marked, "missing only" to see just those,
 * and a filter by name or save key. */
export function PaldeckBody({ uid }: { uid: string }) {
  const intl = useIntl();
  const say = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `players.paldeck.${id}` }, values);
  const name = useGameName();
  const r = usePaldeck(uid);
  const [missing, setMissing] = useState(false);
  const [filter, setFilter] = useState('');
  return (
    <Async r={r} what={say('reading')}>
      {(d) => {
        const needle = filter.trim().toLowerCase();
        // Found by its name in the UI's language, its English name or its save key.
        const named = d.species.map((s) => ({ ...s, shown: name('species', s.key, s.name) }));
        const rows = named
          .filter((s) => !missing || !s.unlocked)
          .filter((s) => !needle || [s.shown, s.name, s.key].some((w) => w.toLowerCase().includes(needle)))
          .sort((a, b) => a.shown.localeCompare(b.shown, intl.locale));
        const players = d.server.playersRecorded;
        return (
          <>
            {!d.recorded && <Empty>{say('unrecorded')}</Empty>}
            <div className="stats">
              <Stat
                label={say('unlocked')}
                value={say('unlockedValue', { unlocked: d.totals.unlocked, all: d.species.length })}
                sub={say('unlockedSub')}
              />
              <Stat
                label={say('caught')}
                value={intl.formatNumber(d.totals.captureTotal)}
                sub={say('species', { count: d.totals.capturedSpecies })}
              />
              <Stat
                label={say('server')}
                value={say('species', { count: d.server.speciesUnlocked })}
                sub={say('serverSub', { caught: d.server.captureTotal, players })}
              />
            </div>
            <div className="paldeck-tools">
              <Field
                hideLabel
                label={say('filter')}
                type="search"
                placeholder={say('filterPlaceholder')}
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
              />
              <CheckField
                label={say('missingOnly', { count: d.species.length - d.totals.unlocked })}
                checked={missing}
                onChange={(e) => setMissing(e.target.checked)}
              />
            </div>
            {rows.length === 0 ? (
              <Empty>{missing && !needle ? say('nothingMissing') : say('noMatch')}</Empty>
            ) : (
              <ul className="paldeck-grid" aria-label={say('grid')}>
                {rows.map((s) => (
                  <li
                    key={s.key}
                    className={s.unlocked ? 'got' : 'missing'}
                    title={say('tileTitle', { key: s.key, by: s.unlockedBy, players })}
                  >
                    <span className="paldeck-name">
                      <span aria-hidden="true">{s.unlocked ? '✓' : '·'}</span> {s.shown}
                      <span className="sr-only">{say(s.unlocked ? 'srUnlocked' : 'srMissing')}</span>
                    </span>
                    <span className="muted small">{say('tileLine', { caught: s.captured, by: s.unlockedBy, players })}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        );
      }}
    </Async>
  );
}

/** The whitelist state as text for a viewer; the add or remove button for a moderator or an admin. */
export function WhitelistControl({ player, onDone }: { player: PlayerDetail; onDone: () => void }) {
  const intl = useIntl();
  const say = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `players.whitelist.${id}` }, values);
  const admin = useCanModerate();
  const a = useAction();
  const [done, setDone] = useState<string | null>(null);
  const on = player.whitelisted;
  const change = async () => {
    setDone(null);
    const res = await a.run(() => (on ? removeFromWhitelist(player.uid) : addToWhitelist(player.uid)));
    if (res === undefined) return;
    setDone(say(res.data.whitelisted ? 'added' : 'removed', { name: player.name }));
    onDone();
  };
  return (
    <>
      {/* On it, the page's "whitelisted" badge says so already. */}
      {!admin && !on && <span className="muted small">{say('notOn')}</span>}
      {admin && (
        <button type="button" disabled={a.busy} onClick={() => void change()}>
          {say(on ? 'remove' : 'add')}
        </button>
      )}
      {done && (
        <span role="status" className="muted small">
          {done}
        </span>
      )}
      <ErrorNote error={a.error} />
    </>
  );
}
