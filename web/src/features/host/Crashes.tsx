// The game's crashes (issue 40, admins): whether it is down now, the count per day with the
// downtime, the last ten crashes with their log tails, the versions the game reported with their
// first and last day ("it broke after the update" has a date), and Start for a stopped game with
// the output of the start command's last run.
import { useState } from 'react';
import { useAction } from '../../api/hooks';
import { ago, bytes, span, when } from '../../shared/format';
import { useTitle } from '../../shared/router';
import { useNow } from '../../shared/use-now';
import { Badge, Card, PageHead, Stat } from '../../ui/bits';
import { Dialog } from '../../ui/dialog';
import { DataTable } from '../../ui/table';
import { Async, Empty } from '../../ui/states';
import { startGame, useCrashes, useGameStart, useGameVersions, type Crash } from './api';
import './host.css';

const CAUSE: Record<Crash['cause'], string> = {
  process_gone: 'its process ended',
  unreachable: 'its REST API stopped answering',
};

export function Crashes() {
  useTitle('Crashes');
  const now = useNow();
  const crashes = useCrashes({ refreshMs: 10_000 });
  const versions = useGameVersions({ refreshMs: 60_000 });
  return (
    <>
      <PageHead title="Crashes">
        <StartButton onDone={crashes.reload} />
      </PageHead>
      <Async r={crashes} what="Reading the crashes">
        {(c) => (
          <>
            {c.down && (
              <p className={c.down.failing ? 'crash-down failing' : 'crash-down'} role="status">
                <Badge tone={c.down.failing ? 'bad' : 'warn'}>{c.down.failing ? 'Down' : 'Coming back?'}</Badge> The game crashed{' '}
                {ago(c.down.since, now)} and has not come back{c.down.failing ? ': see Diagnostics for what to check.' : ' yet.'}
              </p>
            )}
            <div className="grid">
              <Card title="Count">
                <div className="stats">
                  <Stat label="Crashes recorded" value={c.total} />
                  <Stat label="Last 24 hours" value={c.recent.filter((x) => now - Date.parse(x.at) < 86_400_000).length} />
                </div>
                <DataTable
                  caption="Crashes per day"
                  rows={c.perDay}
                  rowKey={(d) => d.day}
                  empty="No crash recorded."
                  columns={[
                    { key: 'day', label: 'Day (UTC)', render: (d) => d.day },
                    { key: 'n', label: 'Crashes', numeric: true, render: (d) => d.crashes },
                    { key: 'down', label: 'Down for', numeric: true, render: (d) => span(d.downtimeSec) },
                  ]}
                />
              </Card>
              <Card title="Game versions seen">
                <Async r={versions} what="Reading the versions">
                  {(v) => (
                    <DataTable
                      caption="Game versions, newest first"
                      rows={v}
                      rowKey={(x) => x.version}
                      empty="No version reported yet."
                      columns={[
                        { key: 'v', label: 'Version', render: (x) => x.version },
                        { key: 'first', label: 'First seen', render: (x) => when(x.firstAt) },
                        { key: 'last', label: 'Last seen', render: (x) => when(x.lastAt), wide: true },
                        { key: 'starts', label: 'Starts', numeric: true, render: (x) => x.starts, wide: true },
                      ]}
                    />
                  )}
                </Async>
              </Card>
              <Card title="The last ten crashes" className="wide-card">
                {c.recent.length === 0 ? (
                  <Empty>No crash recorded: the game has not gone without palpanel asking.</Empty>
                ) : (
                  <CrashList rows={c.recent} />
                )}
              </Card>
            </div>
          </>
        )}
      </Async>
    </>
  );
}

function CrashList({ rows }: { rows: Crash[] }) {
  return (
    <ol className="crash-list">
      {rows.map((c) => (
        <li key={c.id}>
          <div className="crash-head">
            <strong>{when(c.at)}</strong>
            <span>{CAUSE[c.cause]}</span>
            {c.returnedAt ? <Badge tone="ok">back after {span(c.downtimeSec ?? 0)}</Badge> : <Badge tone="bad">still down</Badge>}
          </div>
          <p className="muted small">
            Up {c.uptimeSec === null ? 'for an unknown time' : span(c.uptimeSec)} · memory{' '}
            {c.rssBytes === null ? 'not visible' : `${bytes(c.rssBytes)} at the last sample`}
          </p>
          <details>
            <summary>Log tail ({c.logTail.length === 1 ? '1 line' : `${c.logTail.length} lines`})</summary>
            {c.logTail.length === 0 ? (
              <p className="muted small">No log was followed (SERVICE_GAME_LOG or SERVICE_GAME_LOG_COMMAND).</p>
            ) : (
              <pre className="crash-log">{c.logTail.join('\n')}</pre>
            )}
          </details>
        </li>
      ))}
    </ol>
  );
}

export function StartButton({ onDone }: { onDone: () => void }) {
  const state = useGameStart({ refreshMs: 15_000 });
  const [open, setOpen] = useState(false);
  const act = useAction();
  const s = state.data;
  if (!s?.configured) return null;
  const close = () => {
    setOpen(false);
    act.clear();
  };
  const confirm = async () => {
    const r = await act.run(startGame);
    if (r !== undefined) {
      close();
      state.reload();
      onDone();
    }
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} disabled={s.running}>
        {s.running ? 'Starting…' : 'Start the game'}
      </button>
      <Dialog
        open={open}
        title="Start the game?"
        confirm="Start"
        busy={act.busy}
        error={act.error}
        onConfirm={() => void confirm()}
        onClose={close}
      >
        <p>palpanel runs the start command (SERVICE_GAME_START_COMMAND) once. It refuses while the game answers.</p>
        {s.last && (
          <>
            <p className="muted small">
              Last run {when(s.last.at)} by {s.last.by.replace(/^user:/, '')}:{' '}
              {s.last.cut ? `not finished (${s.last.cut})` : `exit ${s.last.exitCode ?? '?'}`}
            </p>
            {s.last.output && <pre className="crash-log">{s.last.output}</pre>}
          </>
        )}
      </Dialog>
    </>
  );
}
