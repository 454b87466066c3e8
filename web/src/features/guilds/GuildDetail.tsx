// One guild: its members (online, level, last seen), its bases with their place on the map and
// the pals working there (with what each does now, when the game-data poller is on), and all
// the guild's pals. Reached from the Guilds list, a player, the pals list and the map.
import { ago, count } from '../../shared/format';
import { useNow } from '../../shared/use-now';
import { Link, useTitle } from '../../shared/router';
import type { GuildDetail as Detail } from '../../types';
import { Badge, Card, PageHead, Stat } from '../../ui/bits';
import { DataTable } from '../../ui/table';
import { Async, Empty } from '../../ui/states';
import { palColumns } from '../pals/pal-columns';
import { useGuild } from './api';

/** A guild's shown name: the server's display name (views/guild-labels.ts names unnamed guilds). */
export const guildTitle = (g: { name: string; displayName?: string }): string => g.displayName || g.name || '(no name)';
/** The path of a guild's page. */
export const guildHref = (id: string): string => `/guilds/${encodeURIComponent(id)}`;

type Base = Detail['bases'][number];
type Worker = Base['workers'][number];

const GAME_DATA_WORDS: Record<string, string> = {
  disabled: 'Live activity needs the game-data poller (off).',
  unavailable: 'The game-data poller gets no answer now: activity unknown.',
};

function activity(w: Worker, live: boolean) {
  if (!w.live) return <span className="muted">{live ? 'not seen' : '—'}</span>;
  if (w.live.active) return w.live.activity;
  return <span className="muted">{w.live.activity === 'inactive' ? 'inactive' : `${w.live.activity} (inactive)`}</span>;
}

export function GuildDetail({ id }: { id: string }) {
  const r = useGuild(id, { refreshMs: 15000 });
  useTitle(r.data ? guildTitle(r.data) : 'Guild');
  const now = useNow();
  return (
    <>
      <p className="crumbs">
        <Link href="/guilds">← Guilds</Link>
      </p>
      <Async r={r} what="Reading the guild">
        {(g) => {
          const online = g.members.filter((m) => m.online).length;
          const workers = g.bases.reduce((n, b) => n + b.workers.length, 0);
          const live = g.bases.some((b) => b.workers.some((w) => w.live !== null));
          return (
            <>
              <PageHead title={guildTitle(g)}>
                {online > 0 ? <Badge tone="ok">{online} online</Badge> : <Badge>nobody online</Badge>}
              </PageHead>
              <div className="grid">
                <Card title="Guild">
                  <div className="stats">
                    <Stat label="Members" value={g.members.length} />
                    <Stat label="Bases" value={g.bases.length} />
                    <Stat label="Workers" value={workers} />
                    <Stat label="Pals" value={g.pals.length} />
                  </div>
                </Card>
                <Card title={`Members (${g.members.length})`}>
                  <DataTable
                    caption="Members of this guild"
                    rows={g.members}
                    rowKey={(m) => m.uid}
                    empty="No members in the save."
                    initialSort={{ key: 'seen', dir: -1 }}
                    columns={[
                      {
                        key: 'name',
                        label: 'Player',
                        sort: (m) => m.name.toLowerCase(),
                        render: (m) => (
                          <>
                            {m.inSave ? <Link href={`/players/${m.uid}`}>{m.name || '(no name)'}</Link> : m.name || '(no name)'}
                            {m.isAdmin && <span className="muted"> (leader)</span>}
                          </>
                        ),
                      },
                      { key: 'level', label: 'Level', numeric: true, sort: (m) => m.level ?? -1, render: (m) => m.level ?? '—' },
                      {
                        key: 'seen',
                        label: 'Last seen',
                        sort: (m) => (m.online ? '9' : (m.lastSeenAt ?? '')),
                        render: (m) =>
                          m.online ? (
                            <Badge tone="ok">online</Badge>
                          ) : m.lastSeenAt ? (
                            ago(m.lastSeenAt, now)
                          ) : (
                            <span className="muted">never</span>
                          ),
                      },
                    ]}
                  />
                </Card>
              </div>
              <h2>Bases</h2>
              {GAME_DATA_WORDS[g.gameData] && <p className="muted small">{GAME_DATA_WORDS[g.gameData]}</p>}
              <GuildBases bases={g.bases} live={live} />
              <Card title={`Pals of the guild (${g.pals.length})`} className="wide-card">
                <DataTable
                  caption="Pals of this guild's members and at its bases"
                  rows={g.pals}
                  columns={palColumns(true)}
                  rowKey={(x) => x.instanceId}
                  filterText={(x) => `${x.displayName} ${x.characterId} ${x.ownerName}`}
                  empty="No pals in the save for this guild."
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
  return bases.length === 0 ? (
    <Empty>This guild has no bases.</Empty>
  ) : (
    <div className="grid">
      {bases.map((b) => (
        <Card key={b.id} title={b.displayName}>
          <p className="small">
            Level {b.level} · {count(b.workers.length, 'worker')} · <Link href={`/bases/${encodeURIComponent(b.id)}`}>containers</Link>
            {b.map ? (
              <>
                {' '}
                · map {Math.round(b.map.x)}, {Math.round(b.map.y)} <Link href={`/map?focus=${encodeURIComponent(b.id)}`}>on the map</Link>
              </>
            ) : (
              <span className="muted"> · no location in the save</span>
            )}
          </p>
          {b.location && (
            <p className="muted small">
              world {Math.round(b.location.x)}, {Math.round(b.location.y)}
            </p>
          )}
          <DataTable
            caption={`Workers at ${b.displayName}`}
            rows={b.workers}
            rowKey={(w) => w.instanceId}
            empty="No pals work here."
            initialSort={{ key: 'level', dir: -1 }}
            columns={[
              { key: 'pal', label: 'Pal', sort: (w) => w.displayName.toLowerCase(), render: (w) => w.displayName },
              { key: 'level', label: 'Level', numeric: true, sort: (w) => w.level, render: (w) => w.level },
              { key: 'now', label: 'Now', sort: (w) => w.live?.activity ?? '', render: (w) => activity(w, live) },
              {
                key: 'owner',
                label: 'Owner',
                wide: true,
                render: (w) => (w.ownerUid ? <Link href={`/players/${w.ownerUid}`}>{w.ownerName || '(no name)'}</Link> : '—'),
              },
            ]}
          />
        </Card>
      ))}
    </div>
  );
}
