// The player page's Paldeck (per species: unlocked, captures, how many players of the server
// have it, as a compact grid) and its whitelist control (admins change it; viewers read the state).
import { useState } from 'react';
import { num } from '../../shared/format';
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
  const r = usePaldeck(uid);
  const [missing, setMissing] = useState(false);
  const [filter, setFilter] = useState('');
  return (
    <Async r={r} what="Reading the Paldeck">
      {(d) => {
        const needle = filter.trim().toLowerCase();
        const rows = d.species
          .filter((s) => !missing || !s.unlocked)
          .filter((s) => !needle || s.name.toLowerCase().includes(needle) || s.key.toLowerCase().includes(needle))
          .sort((a, b) => a.name.localeCompare(b.name));
        return (
          <>
            {!d.recorded && (
              <Empty>This player&apos;s own save was not read, so their Paldeck is unknown; every species shows as missing.</Empty>
            )}
            <div className="stats">
              <Stat label="Unlocked" value={`${d.totals.unlocked} / ${d.species.length}`} sub="species in the Paldeck" />
              <Stat label="Caught" value={num(d.totals.captureTotal)} sub={`${d.totals.capturedSpecies} species`} />
              <Stat
                label="Server"
                value={`${d.server.speciesUnlocked} species`}
                sub={`unlocked by anyone · ${num(d.server.captureTotal)} caught by ${d.server.playersRecorded} players`}
              />
            </div>
            <div className="paldeck-tools">
              <Field
                hideLabel
                label="Filter species"
                type="search"
                placeholder="Filter species…"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
              />
              <CheckField
                label={`Missing only (${d.species.length - d.totals.unlocked})`}
                checked={missing}
                onChange={(e) => setMissing(e.target.checked)}
              />
            </div>
            {rows.length === 0 ? (
              <Empty>{missing && !needle ? 'Nothing missing: every species is unlocked.' : 'No species matches.'}</Empty>
            ) : (
              <ul className="paldeck-grid" aria-label="Paldeck species">
                {rows.map((s) => (
                  <li
                    key={s.key}
                    className={s.unlocked ? 'got' : 'missing'}
                    title={`${s.key} · ${s.unlockedBy} of ${d.server.playersRecorded} players have it`}
                  >
                    <span className="paldeck-name">
                      <span aria-hidden="true">{s.unlocked ? '✓' : '·'}</span> {s.name}
                      <span className="sr-only">{s.unlocked ? ', unlocked' : ', missing'}</span>
                    </span>
                    <span className="muted small">
                      {s.captured > 0 ? `${s.captured} caught` : 'none caught'} · {s.unlockedBy}/{d.server.playersRecorded} players
                    </span>
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
  const admin = useCanModerate();
  const a = useAction();
  const [done, setDone] = useState<string | null>(null);
  const on = player.whitelisted;
  const change = async () => {
    setDone(null);
    const res = await a.run(() => (on ? removeFromWhitelist(player.uid) : addToWhitelist(player.uid)));
    if (res === undefined) return;
    setDone(res.data.whitelisted ? `${player.name} is on the whitelist.` : `${player.name} is off the whitelist.`);
    onDone();
  };
  return (
    <>
      {/* On it, the page's "whitelisted" badge says so already. */}
      {!admin && !on && <span className="muted small">Not on the whitelist</span>}
      {admin && (
        <button type="button" disabled={a.busy} onClick={() => void change()}>
          {on ? 'Remove from whitelist' : 'Add to whitelist'}
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
