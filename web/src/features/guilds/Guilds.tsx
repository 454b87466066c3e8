// Guilds and their bases, from the last parse of the save. A link to `#guild-<id>` (the command
// palette's) scrolls to that guild once the list is read.
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useTitle, Link } from '../../shared/router';
import { Card, Data, PageHead } from '../../ui/bits';
import { DataTable } from '../../ui/table';
import { Async, Empty } from '../../ui/states';
import { useGuilds } from './api';
import { guildHref } from './GuildDetail';

export function Guilds() {
  const intl = useIntl();
  const say = (id: string, values?: Record<string, number>) => intl.formatMessage({ id: `guilds.${id}` }, values);
  useTitle(say('list.title'));
  const r = useGuilds();
  const loaded = r.data !== undefined;
  useEffect(() => {
    if (loaded && location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }, [loaded]);
  return (
    <>
      <PageHead title={say('list.head')} />
      <Async r={r} what={say('list.reading')}>
        {(guilds) =>
          guilds.length === 0 ? (
            <Empty>{say('list.empty')}</Empty>
          ) : (
            <>
              <div className="card">
                <DataTable
                  caption={say('list.title')}
                  rows={guilds}
                  rowKey={(g) => g.id}
                  filterText={(g) => `${g.displayName} ${g.members.map((m) => m.name).join(' ')}`}
                  initialSort={{ key: 'members', dir: -1 }}
                  columns={[
                    {
                      key: 'name',
                      label: say('col.guild'),
                      sort: (g) => g.displayName.toLowerCase(),
                      render: (g) => (
                        <Link href={guildHref(g.id)} translate="no">
                          {g.displayName}
                        </Link>
                      ),
                    },
                    { key: 'members', label: say('col.members'), numeric: true, sort: (g) => g.memberCount, render: (g) => g.memberCount },
                    // On a phone the leader's whole name matters more than the count of bases (below, per guild).
                    {
                      key: 'bases',
                      label: say('col.bases'),
                      numeric: true,
                      wide: true,
                      sort: (g) => g.bases.length,
                      render: (g) => g.bases.length,
                    },
                    {
                      key: 'admin',
                      label: say('col.leader'),
                      render: (g) => <Data>{g.members.find((m) => m.uid === g.adminUid)?.name ?? '—'}</Data>,
                    },
                  ]}
                />
              </div>
              <div className="grid">
                {guilds.map((g) => (
                  <Card
                    key={g.id}
                    title={
                      <span id={`guild-${g.id}`} translate="no">
                        {g.displayName}
                      </span>
                    }
                  >
                    <h3>{say('list.members')}</h3>
                    <ul className="plain inline">
                      {g.members.map((m) => (
                        <li key={m.uid}>
                          <Link href={`/players/${m.uid}`} translate="no">
                            {m.name || say('noName')}
                          </Link>
                          {m.uid === g.adminUid && <span className="muted"> {say('leader')}</span>}
                        </li>
                      ))}
                    </ul>
                    <p className="small">
                      <Link href={guildHref(g.id)}>{say('list.more')}</Link>
                    </p>
                    <h3>{say('list.bases')}</h3>
                    {g.bases.length === 0 ? (
                      <p className="muted">{say('list.noBases')}</p>
                    ) : (
                      <ul className="plain">
                        {g.bases.map((b) => (
                          <li key={b.id}>
                            <Data>{b.displayName}</Data> · {say('list.level', { level: b.level })}
                            {b.map && (
                              <>
                                {' '}
                                · <Link href={`/map?focus=${b.id}`}>{say('onMap')}</Link>{' '}
                                <span className="muted" title={say('list.coordsTitle')}>
                                  {say('list.at', { x: Math.round(b.map.x), y: Math.round(b.map.y) })}
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
