// One guild: its members (online, level, last seen), its bases with their place on the map and
// the pals working there (with what each does now, when the game-data poller is on), and all
// the guild's pals. Reached from the Guilds list, a player, the pals list and the map.
import { useIntl } from 'react-intl';
import { ago } from '../../shared/format';
import { useGameName } from '../../i18n/game-names';
import { useNow } from '../../shared/use-now';
import { Link, useTitle } from '../../shared/router';
import type { GuildDetail as Detail } from '../../types';
import { Badge, Card, Data, PageHead, Stat } from '../../ui/bits';
import { DataTable } from '../../ui/table';
import { Async, Empty } from '../../ui/states';
import { palColumns } from '../pals/pal-columns';
import { useGuild } from './api';

/** A guild's shown name: the server's display name (views/guild-labels.ts names unnamed guilds). */
export const guildTitle = (g: { name: string; displayName?: string }, noName: string): string => g.displayName || g.name || noName;
/** The path of a guild's page. */
export const guildHref = (id: string): string => `/guilds/${encodeURIComponent(id)}`;

type Base = Detail['bases'][number];
type Worker = Base['workers'][number];

/** The game-data states that change what the bases can say, each with its note. */
const GAME_DATA_NOTES = ['disabled', 'unavailable'];

function Activity({ w, live }: { w: Worker; live: boolean }) {
  const intl = useIntl();
  const say = (id: string, activity?: string) => intl.formatMessage({ id: `guilds.activity.${id}` }, { activity });
  if (!w.live) return <span className="muted">{live ? say('notSeen') : '—'}</span>;
  if (w.live.active) return <>{say('now', w.live.activity)}</>;
  return <span className="muted">{say(w.live.activity === 'inactive' ? 'inactiveOnly' : 'inactive', w.live.activity)}</span>;
}

export function GuildDetail({ id }: { id: string }) {
  const intl = useIntl();
  const say = (id: string, values?: Record<string, number | string>) => intl.formatMessage({ id: `guilds.${id}` }, values);
  const name = useGameName();
  const r = useGuild(id, { refreshMs: 15000 });
  const noName = say('noName');
  useTitle(r.data ? guildTitle(r.data, noName) : say('detail.title'));
  const now = useNow();
  return (
    <>
      <p className="crumbs">
        <Link href="/guilds">{say('detail.back')}</Link>
      </p>
      <Async r={r} what={say('detail.reading')}>
        {(g) => {
          const online = g.members.filter((m) => m.online).length;
          const workers = g.bases.reduce((n, b) => n + b.workers.length, 0);
          const live = g.bases.some((b) => b.workers.some((w) => w.live !== null));
          return (
            <>
              <PageHead title={guildTitle(g, noName)} data>
                {online > 0 ? (
                  <Badge tone="ok">{say('detail.online', { count: online })}</Badge>
                ) : (
                  <Badge>{say('detail.nobodyOnline')}</Badge>
                )}
              </PageHead>
              <div className="grid">
                <Card title={say('detail.guild')}>
                  <div className="stats">
                    <Stat label={say('stat.members')} value={g.members.length} />
                    <Stat label={say('stat.bases')} value={g.bases.length} />
                    <Stat label={say('stat.workers')} value={workers} />
                    <Stat label={say('stat.pals')} value={g.pals.length} />
                  </div>
                </Card>
                <Card title={say('detail.members', { count: g.members.length })}>
                  <DataTable
                    caption={say('detail.membersCaption')}
                    rows={g.members}
                    rowKey={(m) => m.uid}
                    empty={say('detail.noMembers')}
                    initialSort={{ key: 'seen', dir: -1 }}
                    columns={[
                      {
                        key: 'name',
                        label: say('col.player'),
                        sort: (m) => m.name.toLowerCase(),
                        render: (m) => (
                          <>
                            {m.inSave ? (
                              <Link href={`/players/${m.uid}`} translate="no">
                                {m.name || noName}
                              </Link>
                            ) : (
                              m.name || noName
                            )}
                            {m.isAdmin && <span className="muted"> {say('leader')}</span>}
                          </>
                        ),
                      },
                      { key: 'level', label: say('col.level'), numeric: true, sort: (m) => m.level ?? -1, render: (m) => m.level ?? '—' },
                      {
                        key: 'seen',
                        label: say('col.lastSeen'),
                        sort: (m) => (m.online ? '9' : (m.lastSeenAt ?? '')),
                        render: (m) =>
                          m.online ? (
                            <Badge tone="ok">{say('online')}</Badge>
                          ) : m.lastSeenAt ? (
                            ago(m.lastSeenAt, now)
                          ) : (
                            <span className="muted">{say('never')}</span>
                          ),
                      },
                    ]}
                  />
                </Card>
              </div>
              <h2>{say('detail.bases')}</h2>
              {GAME_DATA_NOTES.includes(g.gameData) && <p className="muted small">{say('detail.gameData', { state: g.gameData })}</p>}
              <GuildBases bases={g.bases} live={live} />
              <Card title={say('detail.pals', { count: g.pals.length })} className="wide-card">
                <DataTable
                  caption={say('detail.palsCaption')}
                  rows={g.pals}
                  columns={palColumns(intl, name, true)}
                  rowKey={(x) => x.instanceId}
                  filterText={(x) => `${name('species', x.characterId, x.displayName)} ${x.displayName} ${x.characterId} ${x.ownerName}`}
                  empty={say('detail.noPals')}
                  initialSort={{ key: 'level', dir: -1 }}
                />
              </Card>
            </>
          );
        }}
      </Async>
    </>
  );
}

/** Each base: its level, place and the pals working there. */
function GuildBases({ bases, live }: { bases: Base[]; live: boolean }) {
  const intl = useIntl();
  const say = (id: string, values?: Record<string, number | string>) => intl.formatMessage({ id: `guilds.${id}` }, values);
  const name = useGameName();
  return bases.length === 0 ? (
    <Empty>{say('base.none')}</Empty>
  ) : (
    <div className="grid">
      {bases.map((b) => (
        <Card key={b.id} title={<Data>{b.displayName}</Data>}>
          <p className="small">
            {say('base.line', { level: b.level, workers: b.workers.length })} ·{' '}
            <Link href={`/bases/${encodeURIComponent(b.id)}`}>{say('base.containers')}</Link>
            {b.map ? (
              <>
                {' '}
                · {say('base.map', { x: Math.round(b.map.x), y: Math.round(b.map.y) })}{' '}
                <Link href={`/map?focus=${encodeURIComponent(b.id)}`}>{say('onMap')}</Link>
              </>
            ) : (
              <span className="muted"> · {say('base.noLocation')}</span>
            )}
          </p>
          {b.location && <p className="muted small">{say('base.world', { x: Math.round(b.location.x), y: Math.round(b.location.y) })}</p>}
          <DataTable
            caption={say('base.workersCaption', { name: b.displayName })}
            rows={b.workers}
            rowKey={(w) => w.instanceId}
            empty={say('base.noWorkers')}
            initialSort={{ key: 'level', dir: -1 }}
            columns={[
              {
                key: 'pal',
                label: say('col.pal'),
                sort: (w) => name('species', w.characterId, w.displayName).toLowerCase(),
                render: (w) => name('species', w.characterId, w.displayName),
              },
              { key: 'level', label: say('col.level'), numeric: true, sort: (w) => w.level, render: (w) => w.level },
              { key: 'now', label: say('col.now'), sort: (w) => w.live?.activity ?? '', render: (w) => <Activity w={w} live={live} /> },
              {
                key: 'owner',
                label: say('col.owner'),
                wide: true,
                render: (w) =>
                  w.ownerUid ? (
                    <Link href={`/players/${w.ownerUid}`} translate="no">
                      {w.ownerName || say('noName')}
                    </Link>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
        </Card>
      ))}
    </div>
  );
}
