// The dashboard: the server card, charts from the metrics history, who is online and what
// happened, all kept live by the event stream (or by polling when the stream is not there).
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { ago, span } from '../../shared/format';
import { useAction } from '../../api/hooks';
import { useNow } from '../../shared/use-now';
import { useLive } from '../events/live';
import { Link, useTitle } from '../../shared/router';
import { useCanModerate, useIsAdmin } from '../../shared/session';
import { Badge, Card, Data, PageHead, Stat } from '../../ui/bits';
import { PRODUCT } from '../../ui/glyphs';
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

export function Dashboard() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `dashboard.${id}` }, values);
  useTitle(t('title'));
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
      <PageHead title={t('title')}>
        <span className={`live-mode ${live.mode}`} role="status">
          {t(live.mode === 'stream' ? 'live' : live.mode === 'polling' ? 'polling' : 'connecting')}
        </span>
      </PageHead>
      <div className="grid">
        <Card title={t('server.title')} className="server-card" actions={<ServerActions gameConfigured={server.data?.gameConfigured} />}>
          <CountdownBar />
          <Async r={server} what={t('server.reading')}>
            {(s) => {
              const card = serverCardState(intl, s, reachable);
              return (
                <>
                  <div className="server-name">
                    <strong translate={s.name ? 'no' : undefined}>{s.name || t('server.unnamed')}</strong>{' '}
                    <Link href="/diagnostics" className="badge-link" title={t('server.diagnosticsTitle')}>
                      <Badge tone={card.tone}>{card.badge}</Badge>
                      <span className="sr-only"> {t('server.diagnostics')}</span>
                    </Link>
                  </div>
                  {card.note && <p className="muted">{card.note}</p>}
                  {/* A stopped game, and a start command set: Start right here (it refuses while the game answers). */}
                  {admin && reachable === false && <StartButton onDone={() => server.reload()} />}
                  <div className="stats">
                    <Stat
                      label={t('stat.players')}
                      value={
                        m
                          ? t('stat.ofMax', { n: m.players, max: intl.formatNumber(m.maxPlayers) })
                          : t('stat.ofMax', { n: s.playersOnline, max: s.maxPlayers ? intl.formatNumber(s.maxPlayers) : '—' })
                      }
                    />
                    <Stat
                      label={t('stat.fps')}
                      value={m ? intl.formatNumber(m.fps) : '—'}
                      sub={m ? t('stat.frameMs', { ms: m.frameTimeMs }) : undefined}
                    />
                    <Stat label={t('stat.uptime')} value={m ? span(m.uptimeSec) : s.uptimeSec ? span(s.uptimeSec) : '—'} />
                    <Stat
                      label={t('stat.version')}
                      wide
                      value={<Data>{s.version || '—'}</Data>}
                      sub={
                        <Data>
                          {PRODUCT} {s.panelVersion}
                        </Data>
                      }
                    />
                    <Stat label={t('stat.day')} value={m ? intl.formatNumber(m.day) : '—'} />
                    <SaveStat save={s.save} now={now} />
                  </div>
                  {s.saveProblem && <ErrorNote error={t('saveProblem', { problem: s.saveProblem })} />}
                  {s.saveFreshness?.stale && <p className="warn-text">{s.saveFreshness.words}</p>}
                  {s.save.formatDrift && <p className="warn-text">{t('formatDrift')}</p>}
                  <p className="muted small">
                    {live.metrics?.capturedAt ? t('figuresFrom', { ago: ago(live.metrics.capturedAt, now) }) : t('figuresNotYet')}
                    {s.saveWorld?.id && ' ' + t('world', { id: s.saveWorld.id, how: s.saveWorld.how ?? 'configured' })}
                  </p>
                </>
              );
            }}
          </Async>
        </Card>
        <Card title={t('online.title')}>
          <OnlineList players={live.players} />
        </Card>
        <Card title={t('charts.title')} className="wide-card">
          <Async r={history} what={t('charts.reading')}>
            {() => (
              <div className="charts">
                <LineChart label={t('charts.players')} points={points.map((p) => ({ t: Date.parse(p.at), v: p.players }))} />
                <LineChart label={t('charts.fps')} points={points.map((p) => ({ t: Date.parse(p.at), v: p.fps }))} />
              </div>
            )}
          </Async>
        </Card>
        <ResourcesCard />
        <Card title={t('events.title')} className="wide-card" actions={<Link href="/events">{t('events.all')}</Link>}>
          {live.events.length === 0 ? (
            <Empty>
              {/* A viewer's stream has no audit events: the panel's changes are an admin's. */}
              {t(admin ? 'events.emptyAdmin' : 'events.empty')}
            </Empty>
          ) : (
            <EventList events={live.events.slice(0, 15)} now={now} />
          )}
        </Card>
      </div>
    </>
  );
}

/** The save's counts and how long ago it was read. */
function SaveStat({ save, now }: { save: { players: number; pals: number; guilds: number; lastParseAt: string | null }; now: number }) {
  const intl = useIntl();
  return (
    <Stat
      label={intl.formatMessage({ id: 'dashboard.stat.save' })}
      value={intl.formatMessage({ id: 'dashboard.stat.players.count' }, { count: save.players })}
      sub={intl.formatMessage(
        { id: 'dashboard.stat.saveSub' },
        {
          pals: save.pals,
          guilds: save.guilds,
          ago: ago(save.lastParseAt, now),
          // Each part kept on one line: a phone breaks between them, never inside "20 分前".
          part: (c) => <span className="nowrap">{c}</span>,
        },
      )}
    />
  );
}

function OnlineList({ players }: { players: StreamPlayer[] | null }) {
  const fallback = useOnlinePlayers(players === null);
  const intl = useIntl();
  if (players === null) {
    return (
      <Async r={fallback} what={intl.formatMessage({ id: 'dashboard.online.reading' })}>
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
  const intl = useIntl();
  if (rows.length === 0) return <Empty>{intl.formatMessage({ id: 'dashboard.online.empty' })}</Empty>;
  return (
    <ul className="online">
      {rows.map((p) => (
        <li key={p.key}>
          <Link href={p.href} translate="no">
            {p.name}
          </Link>
          <span className="muted">
            {intl.formatMessage({ id: 'dashboard.online.levelPing' }, { level: p.level, ping: Math.round(p.ping) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

type ServerAction = 'announce' | 'save' | 'shutdown';

/** The server buttons, in the order shown; each has its button, title, confirm and done words
 * in the catalog (dashboard.action.<name>.*). */
const SERVER_ACTIONS: ServerAction[] = ['announce', 'save', 'shutdown'];

/** The game's actions, offered only where they can work: with a game configured (without, the
 * card says which settings to set). */
function ServerActions({ gameConfigured }: { gameConfigured: boolean | undefined }) {
  const admin = useIsAdmin();
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `dashboard.${id}` });
  // A moderator announces; saving and shutting down are an admin's.
  const moderator = useCanModerate();
  const [open, setOpen] = useState<ServerAction | null>(null);
  const [message, setMessage] = useState('');
  // NaN while the field is empty: not a delay the admin chose (not 0, "now"), so it cannot be confirmed.
  const [minutes, setMinutes] = useState(5);
  const [steps, setSteps] = useState(DEFAULT_STEPS_TEXT);
  const parsed = parseSteps(steps, intl);
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
      setDone(open === 'shutdown' && minutes > 0 ? null : t(`action.${open}.done`));
      if (open === 'shutdown') countdownChanged();
      setMessage('');
      close();
    }
  };
  return (
    <>
      {done && (
        <span className="muted small" role="status">
          {done}
        </span>
      )}
      {SERVER_ACTIONS.filter((a) => admin || a === 'announce').map((a) => (
        <button
          key={a}
          type="button"
          onClick={() => {
            setMessage('');
            setOpen(a);
          }}
        >
          {t(`action.${a}.button`)}
        </button>
      ))}
      <Dialog
        open={open !== null}
        title={open ? t(`action.${open}.title`) : ''}
        confirm={open ? t(`action.${open}.confirm`) : ''}
        danger={open === 'shutdown'}
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
          <TextAreaField
            label={t('action.message')}
            maxLength={500}
            rows={3}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        )}
        {open === 'save' && <p>{t('action.save.body')}</p>}
        {open === 'shutdown' && (
          <>
            <p>{t('action.shutdown.body')}</p>
            <Field
              fieldClass="field narrow"
              label={t('action.shutdown.in')}
              type="number"
              min={0}
              max={1440}
              required
              value={Number.isNaN(minutes) ? '' : minutes}
              onChange={(e) => setMinutes(e.target.value === '' ? NaN : Math.trunc(Number(e.target.value)))}
            />
            <ShutdownSteps value={steps} onChange={setSteps} error={'error' in parsed ? parsed.error : null} />
            <Field
              label={t('action.shutdown.reason')}
              maxLength={500}
              placeholder={t('action.shutdown.reasonExample')}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </>
        )}
      </Dialog>
    </>
  );
}
