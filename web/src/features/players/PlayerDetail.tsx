// One player: who they are (platform id, account, guild, sessions), their pals, and for an
// moderator or admin the moderation actions (kick, ban, unban, each with a reason), and an admin
// item grants. Who they are is open; the rest is folded into sections with their counts (issue
// 38: a player with 363 pals and a 192-species Paldeck made a page 36,688 px tall on a phone),
// each read when unfolded.
import { useState } from 'react';
import { ago, count, mapXY, num, span, when, worldXY } from '../../shared/format';
import { useAction } from '../../api/hooks';
import { useNow } from '../../shared/use-now';
import { Link, useTitle } from '../../shared/router';
import { useCanModerate, useIsAdmin } from '../../shared/session';
import type { PlayerDetail as Detail } from '../../types';
import { Badge, Card, PageHead, Stat } from '../../ui/bits';
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
const ACT_WORDS: Record<Act, { title: string; confirm: string; done: string }> = {
  kick: { title: 'Kick', confirm: 'Kick', done: 'was kicked' },
  ban: { title: 'Ban', confirm: 'Ban', done: 'is banned' },
  unban: { title: 'Unban', confirm: 'Unban', done: 'is no longer banned' },
};

export function PlayerDetail({ uid }: { uid: string }) {
  const r = usePlayer(uid, { refreshMs: 15000 });
  useTitle(r.data?.name ?? 'Player');
  const now = useNow();
  return (
    <>
      <p className="crumbs">
        <Link href="/players">← Players</Link>
      </p>
      <Async r={r} what="Reading the player">
        {(p) => (
          <>
            <PageHead title={p.name || '(no name)'}>
              {p.online ? <Badge tone="ok">online</Badge> : <Badge>offline</Badge>}
              {p.banned && <Badge tone="bad">banned</Badge>}
              {p.whitelisted && <Badge tone="info">whitelisted</Badge>}
              <Moderate player={p} onDone={r.reload} />
              <WhitelistControl player={p} onDone={r.reload} />
            </PageHead>
            <div className="grid">
              <Card title="Player">
                <div className="stats">
                  <Stat label="Level" value={p.level} />
                  <Stat label="Guild" wide value={p.guild ? <Link href={guildHref(p.guild.id)}>{p.guild.displayName}</Link> : 'none'} />
                  <Stat label="Playtime" value={span(p.playtimeSec)} />
                  <Stat label="Last seen" value={p.online ? 'now' : ago(p.lastSeenAt, now)} sub={`first seen ${when(p.firstSeenAt)}`} />
                  <Stat
                    label="Pals caught"
                    value={p.captureTotal ?? '—'}
                    sub={
                      p.captureTotal === undefined
                        ? 'not in the save'
                        : `${p.uniquePalsCaptured ?? 0} species · ${p.paldeckUnlocked ?? 0} in the Paldeck`
                    }
                  />
                  <Stat label="Ping" value={p.ping === null ? '—' : `${Math.round(p.ping)} ms`} />
                </div>
                <dl className="facts">
                  <dt>Platform id</dt>
                  <dd>{p.userId ? <code>{p.userId}</code> : <span className="muted">not seen online yet</span>}</dd>
                  <dt>Account</dt>
                  <dd>{p.accountName ?? <span className="muted">unknown</span>}</dd>
                  <dt>Save uid</dt>
                  <dd>
                    <code>{p.uid}</code>
                  </dd>
                  <dt>Location</dt>
                  <dd>
                    {p.location ? (
                      // Map coordinates, as the game's map and palpanel's map show them; world units small.
                      <>
                        {mapXY(worldToMap(p.location))} <span className="muted small">({worldXY(p.location)})</span>{' '}
                        <Link href={`/map?player=${encodeURIComponent(p.uid)}`}>on the map</Link>
                      </>
                    ) : (
                      <span className="muted">only while online</span>
                    )}
                  </dd>
                </dl>
              </Card>
              <Fold title="Sessions" count={p.sessions.length === 0 ? 'none' : p.sessions.length > 20 ? 'last 20' : p.sessions.length}>
                {() =>
                  p.sessions.length === 0 ? (
                    <Empty>No sessions seen by this palpanel.</Empty>
                  ) : (
                    <>
                      <SessionsTimeline uid={p.uid} />
                      <ul className="plain">
                        {p.sessions.slice(0, 20).map((s) => (
                          <li key={s.startedAt}>
                            {when(s.startedAt)} —{' '}
                            {s.endedAt ? `${span((Date.parse(s.endedAt) - Date.parse(s.startedAt)) / 1000)}` : <Badge tone="ok">now</Badge>}
                          </li>
                        ))}
                      </ul>
                    </>
                  )
                }
              </Fold>
              {p.guild && (
                <Fold title={`Guild: ${p.guild.displayName}`} count={count(p.guild.memberCount, 'member')}>
                  {() => <GuildPart p={p} />}
                </Fold>
              )}
              <ItemGrantCard uid={p.uid} online={p.online} />
              <Fold
                title="Paldeck"
                className="wide-card"
                count={p.paldeckUnlocked === undefined ? 'not in the save' : `${p.paldeckUnlocked} unlocked`}
              >
                {() => <PaldeckBody uid={p.uid} />}
              </Fold>
              <Fold title="Inventory" className="wide-card">
                {() => <InventoryBody uid={p.uid} />}
              </Fold>
              <Fold title="Pals" className="wide-card" count={num(p.pals.length)}>
                {() => (p.pals.length === 0 ? <Empty>This player has no pals in the save.</Empty> : <PlayerPals uid={p.uid} />)}
              </Fold>
            </div>
          </>
        )}
      </Async>
    </>
  );
}

function Moderate({ player, onDone }: { player: Detail; onDone: () => void }) {
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
      setDone(`${player.name} ${ACT_WORDS[act].done}.`);
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
          Kick
        </button>
      )}
      {player.banned ? (
        <button type="button" onClick={() => setAct('unban')}>
          Unban
        </button>
      ) : (
        <button type="button" className="danger" onClick={() => setAct('ban')}>
          Ban
        </button>
      )}
      <Dialog
        open={act !== null}
        title={act ? `${ACT_WORDS[act].title} ${player.name}?` : ''}
        confirm={act ? ACT_WORDS[act].confirm : ''}
        danger={act !== 'unban'}
        busy={a.busy}
        error={a.error}
        onConfirm={() => void go()}
        onClose={close}
      >
        {act === 'ban' && !player.userId && (
          <p className="warn-text">This player was never seen online, so the game has no platform id to ban yet.</p>
        )}
        <Field
          label={`Reason (kept in the audit log${act === 'kick' ? ', told to the player' : ''})`}
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Dialog>
    </>
  );
}

/** The player's guild: its size, its page, its members. */
function GuildPart({ p }: { p: Detail }) {
  if (!p.guild) return null;
  return (
    <>
      <p className="muted small">
        {count(p.guild.memberCount, 'member')} · {count(p.guild.bases.length, 'base')} ·{' '}
        <Link href={guildHref(p.guild.id)}>the guild&apos;s page</Link>
      </p>
      <ul className="plain inline">
        {p.guild.members.map((m) => (
          <li key={m.uid}>
            {m.uid === p.uid ? <strong>{m.name}</strong> : <Link href={`/players/${m.uid}`}>{m.name || '(no name)'}</Link>}
          </li>
        ))}
      </ul>
    </>
  );
}

function ItemGrantCard({ uid, online }: { uid: string; online: boolean }) {
  const admin = useIsAdmin();
  const cap = useItemCapability(admin);
  if (!admin || !cap.data?.capable) return null;
  return (
    <Fold title="Give items" count={online ? 'online' : 'offline'}>
      {() => (online ? <GrantForm uid={uid} /> : <Empty>Items can be given only while the player is online.</Empty>)}
    </Fold>
  );
}
