// The dashboard: the server card, charts from the metrics history, who is online and what
// happened, all kept live by the event stream (or by polling when the stream is not there).
import { useMemo, useState } from 'react';
import { ago, count, span } from '../../shared/format';
import { useAction } from '../../api/hooks';
import { useNow } from '../../shared/use-now';
import { useLive } from '../events/live';
import { Link, useTitle } from '../../shared/router';
import { useCanModerate, useIsAdmin } from '../../shared/session';
import { Badge, Card, PageHead, Stat } from '../../ui/bits';
import { LineChart } from '../../ui/chart';
import { Dialog } from '../../ui/dialog';
import { Field, TextAreaField } from '../../ui/fields';
import { Async, Empty, ErrorNote } from '../../ui/states';
import { EventList } from '../events/EventList';
import { ResourcesCard } from '../host/ResourcesCard';
import { StartButton } from '../host/Crashes';
import { serverCardState } from './server-state';
import { CountdownBar } from './countdown/CountdownBar';
import { ShutdownSteps } from './countdown/ShutdownSteps';
import { countdownChanged } from './countdown/use-countdown';
import { DEFAULT_STEPS_TEXT, parseSteps } from './countdown/steps';
import { announce, saveWorld, shutdownServer, useHistory, useOnlinePlayers, useServer } from './api';
import type { StreamPlayer } from '../../types';

/** How the world palpanel follows was chosen, said after its id. */
const WORLD_HOW: Record<string, string> = {
  configured: '',
  game: ', the one the game runs',
  only: ', the only one in the save folder',
};

export function Dashboard() {
  useTitle('Dashboard');
  const admin = useIsAdmin();
  const live = useLive();
  const now = useNow();
  // A join, leave or reachability change changes the card: each event fetches it again.
  const server = useServer({ refreshMs: 15000, refreshKey: live.eventCount });
  const history = useHistory({ refreshMs: 60000 });

  const m = live.metrics?.metrics ?? null;
  const reachable = live.metrics ? live.metrics.reachable : null;
  // Each live figure extends the chart, so it moves between the history's refetches.
  const points = useMemo(() => {
    const past = history.data?.points ?? [];
    const last = past.length ? past[past.length - 1].at : '';
    return [...past, ...live.samples.filter((p) => p.at > last)];
  }, [history.data, live.samples]);

  return (
    <>
      <PageHead title="Dashboard">
        <span className={`live-mode ${live.mode}`} role="status">
          {live.mode === 'stream' ? 'Live' : live.mode === 'polling' ? 'Live (polling every 5 s)' : 'Connecting…'}
        </span>
      </PageHead>
      <div className="grid">
        <Card title="Server" className="server-card" actions={<ServerActions gameConfigured={server.data?.gameConfigured} />}>
          <CountdownBar />
          <Async r={server} what="Reading the server">
            {(s) => {
              const card = serverCardState(s, reachable);
              return (
                <>
                  <div className="server-name">
                    <strong>{s.name || 'Game server'}</strong>{' '}
                    <Link href="/diagnostics" className="badge-link" title="Diagnostics: whether each link works">
                      <Badge tone={card.tone}>{card.badge}</Badge>
                      <span className="sr-only"> (diagnostics)</span>
                    </Link>
                  </div>
                  {card.note && <p className="muted">{card.note}</p>}
                  {/* A stopped game, and a start command set: Start right here (it refuses while the game answers). */}
                  {admin && reachable === false && <StartButton onDone={() => server.reload()} />}
                  <div className="stats">
                    <Stat label="Players" value={m ? `${m.players} / ${m.maxPlayers}` : `${s.playersOnline} / ${s.maxPlayers || '—'}`} />
                    <Stat label="FPS" value={m ? m.fps : '—'} sub={m ? `${m.frameTimeMs.toFixed(1)} ms a frame` : undefined} />
                    <Stat label="Uptime" value={m ? span(m.uptimeSec) : s.uptimeSec ? span(s.uptimeSec) : '—'} />
                    <Stat label="Version" wide value={s.version || '—'} sub={`palpanel ${s.panelVersion}`} />
                    <Stat label="In-game day" value={m ? m.day : '—'} />
                    <Stat
                      label="Save"
                      value={count(s.save.players, 'player')}
                      sub={`${count(s.save.pals, 'pal')} · ${count(s.save.guilds, 'guild')} · parsed ${ago(s.save.lastParseAt, now)}`}
                    />
                  </div>
                  {s.saveProblem && <ErrorNote error={`The save: ${s.saveProblem}`} />}
                  {s.saveFreshness?.stale && <p className="warn-text">{s.saveFreshness.words}</p>}
                  {s.save.formatDrift && (
                    <p className="warn-text">The save has a layout this palpanel does not fully know: see the world status.</p>
                  )}
                  <p className="muted small">
                    Figures {live.metrics?.capturedAt ? `from ${ago(live.metrics.capturedAt, now)}` : 'not read yet'}.
                    {s.saveWorld?.id && ` World ${s.saveWorld.id}${WORLD_HOW[s.saveWorld.how ?? 'configured']}.`}
                  </p>
                </>
              );
            }}
          </Async>
        </Card>
        <Card title="Online now">
          <OnlineList players={live.players} />
        </Card>
        <Card title="Players and FPS" className="wide-card">
          <Async r={history} what="Reading the history">
            {() => (
              <div className="charts">
                <LineChart label="Players online" points={points.map((p) => ({ t: Date.parse(p.at), v: p.players }))} />
                <LineChart label="Server FPS" points={points.map((p) => ({ t: Date.parse(p.at), v: p.fps }))} />
              </div>
            )}
          </Async>
        </Card>
        <ResourcesCard />
        <Card title="Recent events" className="wide-card" actions={<Link href="/events">All events</Link>}>
          {live.events.length === 0 ? (
            <Empty>
              {/* A viewer's stream has no audit events: the panel's changes are an admin's. */}
              No events yet: joins, leaves{admin ? ', backups and changes' : ' and backups'} show here as they happen.
            </Empty>
          ) : (
            <EventList events={live.events.slice(0, 15)} now={now} />
          )}
        </Card>
      </div>
    </>
  );
}

function OnlineList({ players }: { players: StreamPlayer[] | null }) {
  const fallback = useOnlinePlayers(players === null);
  if (players === null) {
    return (
      <Async r={fallback} what="Reading who is online">
        {(rows) => (
          <Online rows={rows.map((p) => ({ key: p.uid, name: p.name, level: p.level, ping: p.ping ?? 0, href: `/players/${p.uid}` }))} />
        )}
      </Async>
    );
  }
  return (
    <Online
      rows={players.map((p) => ({
        key: p.playerId,
        name: p.name,
        level: p.level,
        ping: p.ping,
        href: `/players?search=${encodeURIComponent(p.name)}`,
      }))}
    />
  );
}

function Online({ rows }: { rows: { key: string; name: string; level: number; ping: number; href: string }[] }) {
  if (rows.length === 0) return <Empty>Nobody is online.</Empty>;
  return (
    <ul className="online">
      {rows.map((p) => (
        <li key={p.key}>
          <Link href={p.href}>{p.name}</Link>
          <span className="muted">
            Lv {p.level} · {Math.round(p.ping)} ms
          </span>
        </li>
      ))}
    </ul>
  );
}

type ServerAction = 'announce' | 'save' | 'shutdown';

/** What each server button asks, sends and says when done. */
const SERVER_ACTIONS: Record<ServerAction, { button: string; title: string; confirm: string; done: string; danger?: boolean }> = {
  announce: { button: 'Announce', title: 'Announce to every player', confirm: 'Announce', done: 'Announced.' },
  save: { button: 'Save world', title: 'Save the world now?', confirm: 'Save now', done: 'The game saved the world.' },
  shutdown: {
    button: 'Shut down',
    title: 'Shut the game server down?',
    confirm: 'Shut down',
    done: 'The game is shutting down.',
    danger: true,
  },
};

/** The game's actions, offered only where they can work: with a game configured (without, the
 * card says which settings to set). */
function ServerActions({ gameConfigured }: { gameConfigured: boolean | undefined }) {
  const admin = useIsAdmin();
  // A moderator announces; saving and shutting down are an admin's.
  const moderator = useCanModerate();
  const [open, setOpen] = useState<ServerAction | null>(null);
  const [message, setMessage] = useState('');
  // NaN while the field is empty: not a delay the admin chose (not 0, "now"), so it cannot be confirmed.
  const [minutes, setMinutes] = useState(5);
  const [steps, setSteps] = useState(DEFAULT_STEPS_TEXT);
  const parsed = parseSteps(steps);
  const [done, setDone] = useState<string | null>(null);
  const act = useAction();
  if (!moderator || gameConfigured !== true) return null;
  const close = () => {
    setOpen(null);
    act.clear();
  };
  const send = (a: ServerAction): Promise<unknown> =>
    a === 'announce'
      ? announce(message)
      : a === 'save'
        ? saveWorld()
        : shutdownServer({
            delaySec: minutes * 60,
            ...(message.trim() ? { message: message.trim() } : {}),
            ...('steps' in parsed ? { steps: parsed.steps } : {}),
          });
  const confirm = async () => {
    if (!open) return;
    if ((await act.run(() => send(open))) !== undefined) {
      // A countdown is shown (and cancelled) in its own bar: a note here would outlive a cancel.
      setDone(open === 'shutdown' && minutes > 0 ? null : SERVER_ACTIONS[open].done);
      if (open === 'shutdown') countdownChanged();
      setMessage('');
      close();
    }
  };
  const shown = open ? SERVER_ACTIONS[open] : null;
  return (
    <>
      {done && (
        <span className="muted small" role="status">
          {done}
        </span>
      )}
      {(Object.keys(SERVER_ACTIONS) as ServerAction[])
        .filter((a) => admin || a === 'announce')
        .map((a) => (
          <button
            key={a}
            type="button"
            onClick={() => {
              setMessage('');
              setOpen(a);
            }}
          >
            {SERVER_ACTIONS[a].button}
          </button>
        ))}
      <Dialog
        open={shown !== null}
        title={shown?.title ?? ''}
        confirm={shown?.confirm ?? ''}
        danger={shown?.danger}
        busy={act.busy}
        error={act.error}
        canConfirm={
          open === 'announce'
            ? message.trim().length > 0
            : open === 'shutdown'
              ? Number.isInteger(minutes) && minutes >= 0 && minutes <= 1440 && 'steps' in parsed
              : true
        }
        onConfirm={() => void confirm()}
        onClose={close}
      >
        {open === 'announce' && (
          <TextAreaField label="Message" maxLength={500} rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
        )}
        {open === 'save' && <p>The game writes its save files now. palpanel re-reads them once they settle.</p>}
        {open === 'shutdown' && (
          <>
            <p>
              palpanel tells the players at each step; at the last the game saves and stops. Until then the countdown can be cancelled.
              palpanel does not start the game again: whatever supervises the server (systemd, Docker, a host panel) does.
            </p>
            <Field
              fieldClass="field narrow"
              label="In (minutes, 0–1440)"
              type="number"
              min={0}
              max={1440}
              required
              value={Number.isNaN(minutes) ? '' : minutes}
              onChange={(e) => setMinutes(e.target.value === '' ? NaN : Math.trunc(Number(e.target.value)))}
            />
            <ShutdownSteps value={steps} onChange={setSteps} error={'error' in parsed ? parsed.error : null} />
            <Field
              label="Reason told to players (optional)"
              maxLength={500}
              placeholder="Updating mods"
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </>
        )}
      </Dialog>
    </>
  );
}
