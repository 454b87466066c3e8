// Guilds and their bases, from the last parse of the save. A link to `#guild-<id>` (the command
// palette's) scrolls to that guild once the list is read.
import { useEffect } from 'react';
import { useTitle, Link } from '../../shared/router';
import { Card, PageHead } from '../../ui/bits';
import { DataTable } from '../../ui/table';
import { Async, Empty } from '../../ui/states';
import { useGuilds } from './api';
import { guildHref } from './GuildDetail';

export function Guilds() {
  useTitle('Guilds');
  const r = useGuilds();
  const loaded = r.data !== undefined;
  useEffect(() => {
    if (loaded && location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }, [loaded]);
  return (
    <>
      <PageHead title="Guilds and bases" />
      <Async r={r} what="Reading guilds">
        {(guilds) =>
          guilds.length === 0 ? (
            <Empty>No guilds in the save.</Empty>
          ) : (
            <>
              <div className="card">
                <DataTable
                  caption="Guilds"
                  rows={guilds}
                  rowKey={(g) => g.id}
                  filterText={(g) => `${g.displayName} ${g.members.map((m) => m.name).join(' ')}`}
                  initialSort={{ key: 'members', dir: -1 }}
                  columns={[
                    {
                      key: 'name',
                      label: 'Guild',
                      sort: (g) => g.displayName.toLowerCase(),
                      render: (g) => <Link href={guildHref(g.id)}>{g.displayName}</Link>,
                    },
                    { key: 'members', label: 'Members', numeric: true, sort: (g) => g.memberCount, render: (g) => g.memberCount },
                    // On a phone the leader's whole name matters more than the count of bases (below, per guild).
                    { key: 'bases', label: 'Bases', numeric: true, wide: true, sort: (g) => g.bases.length, render: (g) => g.bases.length },
                    { key: 'admin', label: 'Leader', render: (g) => g.members.find((m) => m.uid === g.adminUid)?.name ?? '—' },
                  ]}
                />
              </div>
              <div className="grid">
                {guilds.map((g) => (
                  <Card key={g.id} title={<span id={`guild-${g.id}`}>{g.displayName}</span>}>
                    <h3>Members</h3>
                    <ul className="plain inline">
                      {g.members.map((m) => (
                        <li key={m.uid}>
                          <Link href={`/players/${m.uid}`}>{m.name || '(no name)'}</Link>
                          {m.uid === g.adminUid && <span className="muted"> (leader)</span>}
                        </li>
                      ))}
                    </ul>
                    <p className="small">
                      <Link href={guildHref(g.id)}>Members, workers and pals</Link>
                    </p>
                    <h3>Bases</h3>
                    {g.bases.length === 0 ? (
                      <p className="muted">No bases.</p>
                    ) : (
                      <ul className="plain">
                        {g.bases.map((b) => (
                          <li key={b.id}>
                            {b.displayName} · level {b.level}
                            {b.map && (
                              <>
                                {' '}
                                · <Link href={`/map?focus=${b.id}`}>on the map</Link>{' '}
                                <span className="muted" title="In-game map coordinates">
                                  at {Math.round(b.map.x)}, {Math.round(b.map.y)}
                                </span>
                              </>
                            )}
                          </li>
                        ))}
                      </ul>
                    )}
                  </Card>
                ))}
              </div>
            </>
          )
        }
      </Async>
    </>
  );
}
