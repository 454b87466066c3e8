// The dashboard's resources card (issue 40): the machine's CPU, memory, swap, load and disks, and
// the game process's memory, CPU and threads, now and as history. While palpanel cannot see the
// game's process its figures are said in words ("not visible: …"), never drawn as a zero line.
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { bytes } from '../../shared/format';
import { Card, Stat } from '../../ui/bits';
import { LineChart } from '../../ui/chart';
import { Async } from '../../ui/states';
import { useResourceHistory, useResources, type ResourcePoint } from './api';

/** One figure's points; null where it was not measured (a gap in the line, never a zero). */
const series = (points: ResourcePoint[], pick: (p: ResourcePoint) => number | null) =>
  points.map((p) => ({ t: Date.parse(p.at), v: pick(p) }));
const seen = (s: { v: number | null }[]) => s.some((p) => p.v !== null);
/** Gigabytes (10^9, as the figures above say them), to two decimals. */
const gb = (b: number) => Math.round(b / 1e7) / 100;

export function ResourcesCard() {
  const now = useResources({ refreshMs: 5_000 });
  const history = useResourceHistory({ refreshMs: 30_000 });
  const points = useMemo(() => history.data?.points ?? [], [history.data]);
  const gameMem = series(points, (p) => (p.gameRssBytes === null ? null : gb(p.gameRssBytes)));
  const gameCpu = series(points, (p) => p.gameCpuPercent);
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  // The figure in the UI's language ("43,8 %" in German), the unit as English writes it.
  const fixed = (v: number, digits: number) => intl.formatNumber(v, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${fixed(v, 1)} %`);
  return (
    <Card title={t('host.res.title')} className="wide-card">
      <Async r={now} what={t('host.res.reading')}>
        {(r) =>
          r.host === null ? (
            <p className="muted">{t('host.res.noSample')}</p>
          ) : (
            <>
              <div className="stats">
                <Stat
                  label={t('host.res.cpu')}
                  value={pct(r.host.cpuPercent)}
                  sub={t('host.res.cores', { cores: r.host.cores, load: fixed(r.host.load1, 2) })}
                />
                <Stat
                  label={t('host.res.memory')}
                  value={bytes(r.host.memTotalBytes - r.host.memAvailableBytes)}
                  sub={
                    r.host.swapTotalBytes > 0
                      ? t('host.res.ofSwap', {
                          total: bytes(r.host.memTotalBytes),
                          swap: bytes(r.host.swapTotalBytes - r.host.swapFreeBytes),
                        })
                      : t('host.res.of', { total: bytes(r.host.memTotalBytes) })
                  }
                />
                <Stat
                  label={t('host.res.saveDisk')}
                  value={bytes(r.host.saveDiskFreeBytes)}
                  sub={r.host.saveDiskTotalBytes ? t('host.res.of', { total: bytes(r.host.saveDiskTotalBytes) }) : undefined}
                />
                <Stat
                  label={t('host.res.backupDisk')}
                  value={bytes(r.host.backupDiskFreeBytes)}
                  sub={r.host.backupDiskTotalBytes ? t('host.res.of', { total: bytes(r.host.backupDiskTotalBytes) }) : undefined}
                />
                {r.game ? (
                  <>
                    <Stat
                      label={t('host.res.gameMemory')}
                      value={bytes(r.game.rssBytes)}
                      sub={t('host.res.pid', { pid: String(r.game.pid), threads: r.game.threads })}
                    />
                    <Stat label={t('host.res.gameCpu')} value={pct(r.game.cpuPercent)} sub={t('host.res.oneCore')} />
                  </>
                ) : (
                  <Stat label={t('host.res.gameProcess')} value={t('host.res.notVisible')} />
                )}
              </div>
              {/* The reason names a setting or a process: a line of its own, not wrapped into a figure's caption. */}
              {!r.game && r.gameHidden && <p className="muted small">{t('host.res.hidden', { why: r.gameHidden })}</p>}
            </>
          )
        }
      </Async>
      <Async r={history} what={t('host.res.readingHistory')}>
        {() => (
          <div className="charts">
            <LineChart label={t('host.res.cpu')} unit=" %" points={series(points, (p) => p.hostCpuPercent)} />
            <LineChart label={t('host.res.memoryChart')} points={series(points, (p) => gb(p.memTotalBytes - p.memAvailableBytes))} />
            {seen(gameMem) ? (
              <LineChart label={t('host.res.gameMemoryChart')} points={gameMem} />
            ) : (
              <p className="muted chart-empty">{t('host.res.gameMemoryHidden')}</p>
            )}
            {seen(gameCpu) ? (
              <LineChart label={t('host.res.gameCpuChart')} points={gameCpu} />
            ) : (
              <p className="muted chart-empty">{t('host.res.gameCpuHidden')}</p>
            )}
          </div>
        )}
      </Async>
    </Card>
  );
}
