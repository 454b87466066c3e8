// One player: who they are (platform id, account, guild, sessions), their pals, and for an
// moderator or admin the moderation actions (kick, ban, unban, each with a reason), and an admin
// item grants. Who they are is open; the rest is folded into sections with their counts (issue
// 38: a player with 363 pals and a 192-species Paldeck made a page 36,688 px tall on a phone),
// each read when unfolded.
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ago, mapXY, span, when, worldXY } from '../../shared/format';
import { useAction } from '../../api/hooks';
import { useNow } from '../../shared/use-now';
import { Link, useTitle } from '../../shared/router';
import { useCanModerate, useIsAdmin } from '../../shared/session';
import type { PlayerDetail as Detail } from '../../types';
import { Badge, Card, Data, PageHead, Stat } from '../../ui/bits';
import { SessionsTimeline } from '../activity/SessionsTimeline';
import { Dialog } from '../../ui/dialog';
import { Field } from '../../ui/fields';
import { Fold } from '../../ui/fold';
import { Async, Empty } from '../../ui/states';
import { GrantForm } from '../items/Items';
import { worldToMap } from '../../../../src/lib/map-coords';
import { guildHref } from '../guilds/GuildDetail';
import { PaldeckBody, WhitelistControl } from './player-paldeck';
import { PlayerPals } from './player-pals';
import { InventoryBody } from '../items/PlayerInventory';
import './players.css';
import { moderate, useItemCapability, usePlayer } from './api';

type Act = 'kick' | 'ban' | 'unban';

export function PlayerDetail({ uid }: { uid: string }) {
  const intl = useIntl();
  const say = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `players.${id}` }, values);
  const r = usePlayer(uid, { refreshMs: 15000 });
  useTitle(r.data?.name ?? say('detail.title'));
  return (
    <>
      <p className="crumbs">
        <Link href="/players">{say('detail.back')}</Link>
      </p>
      <Async r={r} what={say('detail.reading')}>
        {(p) => (
          <>
            <PageHead title={p.name || say('noName')} data={!!p.name}>
              {p.online ? <Badge tone="ok">{say('badge.online')}</Badge> : <Badge>{say('badge.offline')}</Badge>}
              {p.banned && <Badge tone="bad">{say('badge.banned')}</Badge>}
              {p.whitelisted && <Badge tone="info">{say('badge.whitelisted')}</Badge>}
              <Moderate player={p} onDone={r.reload} />
              <WhitelistControl player={p} onDone={r.reload} />
            </PageHead>
            <div className="grid">
              <WhoCard p={p} />
              <Fold
                title={say('sessions.title')}
                count={p.sessions.length === 0 ? say('sessions.none') : p.sessions.length > 20 ? say('sessions.last20') : p.sessions.length}
              >
                {() =>
                  p.sessions.length === 0 ? (
                    <Empty>{say('sessions.empty')}</Empty>
                  ) : (
                    <>
                      <SessionsTimeline uid={p.uid} />
                      <ul className="plain">
                        {p.sessions.slice(0, 20).map((s) => (
                          <li key={s.startedAt}>
                            {when(s.startedAt)} —{' '}
                            {s.endedAt ? (
                              span((Date.parse(s.endedAt) - Date.parse(s.startedAt)) / 1000)
                            ) : (
                              <Badge tone="ok">{say('sessions.now')}</Badge>
                            )}
                          </li>
                        ))}
                      </ul>
                    </>
                  )
                }
              </Fold>
              {p.guild && (
                <Fold
                  title={say('guild.title', { name: p.guild.displayName })}
                  count={say('guild.members', { count: p.guild.memberCount })}
                >
                  {() => <GuildPart p={p} />}
                </Fold>
              )}
              <ItemGrantCard uid={p.uid} online={p.online} />
              <Fold
                title={say('paldeck.title')}
                className="wide-card"
                count={p.paldeckUnlocked === undefined ? say('notInSave') : say('paldeck.unlockedCount', { count: p.paldeckUnlocked })}
              >
                {() => <PaldeckBody uid={p.uid} />}
              </Fold>
              <Fold title={say('inventory.title')} className="wide-card">
                {() => <InventoryBody uid={p.uid} />}
              </Fold>
              <Fold title={say('pals.title')} className="wide-card" count={intl.formatNumber(p.pals.length)}>
                {() => (p.pals.length === 0 ? <Empty>{say('pals.empty')}</Empty> : <PlayerPals uid={p.uid} />)}
              </Fold>
            </div>
          </>
        )}
      </Async>
    </>
  );
}

/** Who the player is: level, guild, playtime, captures, ids, where they are. */
function WhoCard({ p }: { p: Detail }) {
  const intl = useIntl();
  const say = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `players.${id}` }, values);
  const now = useNow();
  return (
    <Card title={say('who.title')}>
      <div className="stats">
        <Stat label={say('who.level')} value={p.level} />
        <Stat
          label={say('who.guild')}
          wide
          value={
            p.guild ? (
              <Link href={guildHref(p.guild.id)} translate="no">
                {p.guild.displayName}
              </Link>
            ) : (
              say('none')
            )
          }
        />
        <Stat label={say('who.playtime')} value={span(p.playtimeSec)} />
        <Stat
          label={say('who.lastSeen')}
          value={p.online ? say('now') : ago(p.lastSeenAt, now)}
          sub={say('who.firstSeen', { when: when(p.firstSeenAt) })}
        />
        <Stat
          label={say('who.caught')}
          value={p.captureTotal ?? '—'}
          sub={
            p.captureTotal === undefined
              ? say('notInSave')
              : say('who.caughtSub', { species: p.uniquePalsCaptured ?? 0, paldeck: p.paldeckUnlocked ?? 0 })
          }
        />
        <Stat label={say('who.ping')} value={p.ping === null ? '—' : say('ms', { ms: Math.round(p.ping) })} />
      </div>
      <dl className="facts">
        <dt>{say('who.platformId')}</dt>
        <dd>{p.userId ? <code>{p.userId}</code> : <span className="muted">{say('who.notSeenOnline')}</span>}</dd>
        <dt>{say('who.account')}</dt>
        <dd>{p.accountName ? <Data>{p.accountName}</Data> : <span className="muted">{say('unknown')}</span>}</dd>
        <dt>{say('who.saveUid')}</dt>
        <dd>
          <code>{p.uid}</code>
        </dd>
        <dt>{say('who.location')}</dt>
        <dd>
          {p.location ? (
            // Map coordinates, as the game's map and palpanel's map show them; world units small.
            <>
              {mapXY(worldToMap(p.location))} <span className="muted small">({worldXY(p.location)})</span>{' '}
              <Link href={`/map?player=${encodeURIComponent(p.uid)}`}>{say('who.onMap')}</Link>
            </>
          ) : (
            <span className="muted">{say('who.onlyOnline')}</span>
          )}
        </dd>
      </dl>
    </Card>
  );
}

function Moderate({ player, onDone }: { player: Detail; onDone: () => void }) {
  const intl = useIntl();
  const say = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `players.moderate.${id}` }, values);
  const admin = useCanModerate();
  const [act, setAct] = useState<Act | null>(null);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const a = useAction();
  if (!admin) return null;
  const close = () => {
    setAct(null);
    setReason('');
    a.clear();
  };
  const go = async () => {
    if (!act) return;
    const ok = await a.run(() => moderate(act, player.uid, reason.trim()));
    if (ok !== undefined) {
      setDone(say('done', { act, name: player.name }));
      close();
      onDone();
    }
  };
  return (
    <>
      {done && (
        <span role="status" className="muted small">
          {done}
        </span>
      )}
      {player.online && (
        <button type="button" onClick={() => setAct('kick')}>
          {say('button', { act: 'kick' })}
        </button>
      )}
      {player.banned ? (
        <button type="button" onClick={() => setAct('unban')}>
          {say('button', { act: 'unban' })}
        </button>
      ) : (
        <button type="button" className="danger" onClick={() => setAct('ban')}>
          {say('button', { act: 'ban' })}
        </button>
      )}
      <Dialog
        open={act !== null}
        title={act ? say('title', { act, name: player.name }) : ''}
        confirm={act ? say('button', { act }) : ''}
        danger={act !== 'unban'}
        busy={a.busy}
        error={a.error}
        onConfirm={() => void go()}
        onClose={close}
      >
        {act === 'ban' && !player.userId && <p className="warn-text">{say('noPlatformId')}</p>}
        <Field label={say('reason', { act: act ?? 'ban' })} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Dialog>
    </>
  );
}

/** The player's guild: its size, its page, its members. */
function GuildPart({ p }: { p: Detail }) {
  const intl = useIntl();
  const g = p.guild;
  if (!g) return null;
  return (
    <>
      <p className="muted small">
        <FormattedMessage
          id="players.guild.summary"
          values={{
            members: g.memberCount,
            bases: g.bases.length,
            page: (c: ReactNode[]) => <Link href={guildHref(g.id)}>{c}</Link>,
          }}
        />
      </p>
      <ul className="plain inline">
        {g.members.map((m) => (
          <li key={m.uid}>
            {m.uid === p.uid ? (
              <strong>{m.name}</strong>
            ) : (
              <Link href={`/players/${m.uid}`} translate="no">
                {m.name || intl.formatMessage({ id: 'players.noName' })}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function ItemGrantCard({ uid, online }: { uid: string; online: boolean }) {
  const intl = useIntl();
  const admin = useIsAdmin();
  const cap = useItemCapability(admin);
  if (!admin || !cap.data?.capable) return null;
  return (
    <Fold
      title={intl.formatMessage({ id: 'players.items.title' })}
      count={intl.formatMessage({ id: online ? 'players.badge.online' : 'players.badge.offline' })}
    >
      {() => (online ? <GrantForm uid={uid} /> : <Empty>{intl.formatMessage({ id: 'players.items.onlineOnly' })}</Empty>)}
    </Fold>
  );
}
