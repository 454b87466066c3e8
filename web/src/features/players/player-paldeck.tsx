// The player page's Paldeck (per species: unlocked, captures, how many players of the server
// have it) and its whitelist control (admins change it; viewers read the state).
import { useState } from 'react';
import { num } from '../../shared/format';
import { useAction } from '../../api/hooks';
import { useCanModerate } from '../../shared/session';
import type { PlayerDetail } from '../../types';
import { Badge, Card, Stat } from '../../ui/bits';
import { SelectField } from '../../ui/fields';
import { DataTable } from '../../ui/table';
import { Async, Empty, ErrorNote } from '../../ui/states';
import { addToWhitelist, removeFromWhitelist, usePaldeck } from './api';

type Show = 'all' | 'unlocked' | 'locked';

export function PaldeckCard({ uid }: { uid: string }) {
  const r = usePaldeck(uid);
  const [show, setShow] = useState<Show>('all');
  return (
    <Card title="Paldeck" className="wide-card">
      <Async r={r} what="Reading the Paldeck">
        {(d) => {
          const rows = d.species.filter((s) => show === 'all' || s.unlocked === (show === 'unlocked'));
          return (
            <>
              {!d.recorded && (
                <Empty>This player&apos;s own save was not read, so their Paldeck is unknown; every species shows as locked.</Empty>
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
              <div className="inline-form">
                <SelectField label="Show" value={show} onChange={(e) => setShow(e.target.value as Show)}>
                  <option value="all">All species ({d.species.length})</option>
                  <option value="unlocked">Unlocked ({d.totals.unlocked})</option>
                  <option value="locked">Locked ({d.species.length - d.totals.unlocked})</option>
                </SelectField>
              </div>
              <DataTable
                caption="Paldeck species"
                rows={rows}
                rowKey={(s) => s.key}
                filterText={(s) => `${s.name} ${s.key}`}
                empty="No species to show."
                initialSort={{ key: 'name', dir: 1 }}
                columns={[
                  { key: 'name', label: 'Species', sort: (s) => s.name.toLowerCase(), render: (s) => s.name },
                  {
                    key: 'unlocked',
                    label: 'Paldeck',
                    sort: (s) => (s.unlocked ? 1 : 0),
                    render: (s) => (s.unlocked ? <Badge tone="ok">unlocked</Badge> : <span className="muted">locked</span>),
                  },
                  { key: 'captured', label: 'Caught', numeric: true, sort: (s) => s.captured, render: (s) => s.captured || '—' },
                  {
                    key: 'server',
                    label: 'Players with it',
                    numeric: true,
                    sort: (s) => s.unlockedBy,
                    render: (s) => `${s.unlockedBy} / ${d.server.playersRecorded}`,
                  },
                  { key: 'key', label: 'Save key', wide: true, render: (s) => <code>{s.key}</code> },
                ]}
              />
            </>
          );
        }}
      </Async>
    </Card>
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
