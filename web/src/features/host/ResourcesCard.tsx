// The dashboard's resources card (issue 40): the machine's CPU, memory, swap, load and disks, and
// the game process's memory, CPU and threads, now and as history. While palpanel cannot see the
// game's process its figures are said in words ("not visible: …"), never drawn as a zero line.
import { useMemo } from 'react';
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

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${v.toFixed(1)} %`);

export function ResourcesCard() {
  const now = useResources({ refreshMs: 5_000 });
  const history = useResourceHistory({ refreshMs: 30_000 });
  const points = useMemo(() => history.data?.points ?? [], [history.data]);
  const gameMem = series(points, (p) => (p.gameRssBytes === null ? null : gb(p.gameRssBytes)));
  const gameCpu = series(points, (p) => p.gameCpuPercent);
  return (
    <Card title="Machine and game process" className="wide-card">
      <Async r={now} what="Reading the resources">
        {(r) =>
          r.host === null ? (
            <p className="muted">No sample yet.</p>
          ) : (
            <>
              <div className="stats">
                <Stat label="Machine CPU" value={pct(r.host.cpuPercent)} sub={`${r.host.cores} cores · load ${r.host.load1.toFixed(2)}`} />
                <Stat
                  label="Memory in use"
                  value={bytes(r.host.memTotalBytes - r.host.memAvailableBytes)}
                  sub={`of ${bytes(r.host.memTotalBytes)}${r.host.swapTotalBytes > 0 ? ` · swap ${bytes(r.host.swapTotalBytes - r.host.swapFreeBytes)}` : ''}`}
                />
                <Stat
                  label="Save disk free"
                  value={bytes(r.host.saveDiskFreeBytes)}
                  sub={r.host.saveDiskTotalBytes ? `of ${bytes(r.host.saveDiskTotalBytes)}` : undefined}
                />
                <Stat
                  label="Backup disk free"
                  value={bytes(r.host.backupDiskFreeBytes)}
                  sub={r.host.backupDiskTotalBytes ? `of ${bytes(r.host.backupDiskTotalBytes)}` : undefined}
                />
                {r.game ? (
                  <>
                    <Stat label="Game memory" value={bytes(r.game.rssBytes)} sub={`pid ${r.game.pid} · ${r.game.threads} threads`} />
                    <Stat label="Game CPU" value={pct(r.game.cpuPercent)} sub="of one core" />
                  </>
                ) : (
                  <Stat label="Game process" value="Not visible" />
                )}
              </div>
              {/* The reason names a setting or a process: a line of its own, not wrapped into a figure's caption. */}
              {!r.game && r.gameHidden && <p className="muted small">Game process {r.gameHidden}.</p>}
            </>
          )
        }
      </Async>
      <Async r={history} what="Reading the resources history">
        {() => (
          <div className="charts">
            <LineChart label="Machine CPU" unit=" %" points={series(points, (p) => p.hostCpuPercent)} />
            <LineChart label="Machine memory in use (GB)" points={series(points, (p) => gb(p.memTotalBytes - p.memAvailableBytes))} />
            {seen(gameMem) ? (
              <LineChart label="Game memory (GB)" points={gameMem} />
            ) : (
              <p className="muted chart-empty">Game memory: not visible to palpanel in this period.</p>
            )}
            {seen(gameCpu) ? (
              <LineChart label="Game CPU (% of a core)" points={gameCpu} />
            ) : (
              <p className="muted chart-empty">Game CPU: not visible to palpanel in this period.</p>
            )}
          </div>
        )}
      </Async>
    </Card>
  );
}
