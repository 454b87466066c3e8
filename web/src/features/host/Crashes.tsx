// The game's crashes (issue 40, admins): whether it is down now, the count per day with the
// downtime, the last ten crashes with their log tails, the versions the game reported with their
// first and last day ("it broke after the update" has a date), and Start for a stopped game with
// the output of the start command's last run.
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
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
  process_gone: 'host.crashes.cause.processGone',
  unreachable: 'host.crashes.cause.unreachable',
};

/** The page's words: `t('host.…', values)`. */
const wordsOf = (intl: IntlShape) => (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

export function Crashes() {
  const intl = useIntl();
  const t = wordsOf(intl);
  useTitle(t('host.crashes.title'));
  const now = useNow();
  const crashes = useCrashes({ refreshMs: 10_000 });
  const versions = useGameVersions({ refreshMs: 60_000 });
  return (
    <>
      <PageHead title={t('host.crashes.title')}>
        <StartButton onDone={crashes.reload} />
      </PageHead>
      <Async r={crashes} what={t('host.crashes.reading')}>
        {(c) => (
          <>
            {c.down && (
              <p className={c.down.failing ? 'crash-down failing' : 'crash-down'} role="status">
                <Badge tone={c.down.failing ? 'bad' : 'warn'}>{t(c.down.failing ? 'host.crashes.down' : 'host.crashes.comingBack')}</Badge>{' '}
                {t(c.down.failing ? 'host.crashes.downFailing' : 'host.crashes.downYet', { ago: ago(c.down.since, now) })}
              </p>
            )}
            <div className="grid">
              <Card title={t('host.crashes.count')}>
                <div className="stats">
                  <Stat label={t('host.crashes.recorded')} value={c.total} />
                  <Stat label={t('host.crashes.last24')} value={c.recent.filter((x) => now - Date.parse(x.at) < 86_400_000).length} />
                </div>
                <DataTable
                  caption={t('host.crashes.perDay')}
                  rows={c.perDay}
                  rowKey={(d) => d.day}
                  empty={t('host.crashes.none')}
                  columns={[
                    { key: 'day', label: t('host.crashes.col.day'), render: (d) => d.day },
                    { key: 'n', label: t('host.crashes.col.crashes'), numeric: true, render: (d) => d.crashes },
                    { key: 'down', label: t('host.crashes.col.downFor'), numeric: true, render: (d) => span(d.downtimeSec) },
                  ]}
                />
              </Card>
              <Card title={t('host.versions.title')}>
                <Async r={versions} what={t('host.versions.reading')}>
                  {(v) => (
                    <DataTable
                      caption={t('host.versions.caption')}
                      rows={v}
                      rowKey={(x) => x.version}
                      empty={t('host.versions.none')}
                      columns={[
                        { key: 'v', label: t('host.versions.col.version'), render: (x) => <span translate="no">{x.version}</span> },
                        { key: 'first', label: t('host.versions.col.first'), render: (x) => when(x.firstAt) },
                        { key: 'last', label: t('host.versions.col.last'), render: (x) => when(x.lastAt), wide: true },
                        { key: 'starts', label: t('host.versions.col.starts'), numeric: true, render: (x) => x.starts, wide: true },
                      ]}
                    />
                  )}
                </Async>
              </Card>
              <Card title={t('host.crashes.lastTen')} className="wide-card">
                {c.recent.length === 0 ? <Empty>{t('host.crashes.noneLong')}</Empty> : <CrashList rows={c.recent} />}
              </Card>
            </div>
          </>
        )}
      </Async>
    </>
  );
}

function CrashList({ rows }: { rows: Crash[] }) {
  const t = wordsOf(useIntl());
  return (
    <ol className="crash-list">
      {rows.map((c) => (
        <li key={c.id}>
          <div className="crash-head">
            <strong>{when(c.at)}</strong>
            <span>{t(CAUSE[c.cause])}</span>
            {c.returnedAt ? (
              <Badge tone="ok">{t('host.crashes.backAfter', { span: span(c.downtimeSec ?? 0) })}</Badge>
            ) : (
              <Badge tone="bad">{t('host.crashes.stillDown')}</Badge>
            )}
          </div>
          <p className="muted small">
            {c.uptimeSec === null ? t('host.crashes.upUnknown') : t('host.crashes.up', { span: span(c.uptimeSec) })} ·{' '}
            {c.rssBytes === null ? t('host.crashes.memoryHidden') : t('host.crashes.memory', { bytes: bytes(c.rssBytes) })}
          </p>
          <details>
            <summary>{t('host.crashes.logTail', { count: c.logTail.length })}</summary>
            {c.logTail.length === 0 ? (
              <p className="muted small">{t('host.crashes.noLog')}</p>
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
  const t = wordsOf(useIntl());
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
        {t(s.running ? 'host.start.starting' : 'host.start.button')}
      </button>
      <Dialog
        open={open}
        title={t('host.start.title')}
        confirm={t('host.start.confirm')}
        busy={act.busy}
        error={act.error}
        onConfirm={() => void confirm()}
        onClose={close}
      >
        <p>{t('host.start.body')}</p>
        {s.last && (
          <>
            <p className="muted small">
              {t('host.start.last', {
                at: when(s.last.at),
                by: s.last.by.replace(/^user:/, ''),
                outcome: s.last.cut
                  ? t('host.start.notFinished', { cut: s.last.cut })
                  : t('host.start.exit', { code: String(s.last.exitCode ?? '?') }),
              })}
            </p>
            {s.last.output && <pre className="crash-log">{s.last.output}</pre>}
          </>
        )}
      </Dialog>
    </>
  );
}
