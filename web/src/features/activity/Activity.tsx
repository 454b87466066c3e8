// Activity: who plays when. Players online over 24 hours, 7 or 30 days from palpanel's metrics
// history (a step without a sample is a gap: the game was down or palpanel was off), and hours
// played per weekday and hour from the observed sessions, in UTC so every reader sees the same
// grid. Per-player sessions are on the player's page.
import { useState } from 'react';
import { useTitle } from '../../shared/router';
import { Card, PageHead } from '../../ui/bits';
import { Async, Empty } from '../../ui/states';
import { Heatmap } from './Heatmap';
import { weekInZone } from '../../shared/zone';
import { useHeatmap, useOnline, type OnlineRange as Range } from './api';
import { OnlineChart } from './OnlineChart';
import './activity.css';

const RANGES: { id: Range; label: string }[] = [
  { id: '24h', label: '24 h' },
  { id: '7d', label: '7 days' },
  { id: '30d', label: '30 days' },
];
const REFRESH_MS = 60_000;
const NO_HISTORY = 'No history yet: palpanel records players online while it runs.';

export function Activity() {
  useTitle('Activity');
  const [range, setRange] = useState<Range>('24h');
  const online = useOnline(range, { refreshMs: REFRESH_MS });
  const heatRange = range === '30d' ? '30d' : '7d';
  const heat = useHeatmap(heatRange, { refreshMs: REFRESH_MS });
  const label = RANGES.find((r) => r.id === range)!.label;
  return (
    <>
      <PageHead title="Activity">
        <div className="activity-ranges" role="group" aria-label="Range">
          {RANGES.map((r) => (
            <button key={r.id} type="button" aria-pressed={range === r.id} onClick={() => setRange(r.id)}>
              {r.label}
            </button>
          ))}
        </div>
      </PageHead>
      <Card title={`Players online, last ${label}`}>
        <Async r={online} what="Loading players online">
          {(o) =>
            o.points.every((p) => p.players === null) ? (
              <Empty>{NO_HISTORY}</Empty>
            ) : (
              <OnlineChart points={o.points} stepSec={o.stepSec} label={`Players online, last ${label}`} />
            )
          }
        </Async>
      </Card>
      <Card title={`When people play, last ${heatRange === '7d' ? '7 days' : '30 days'} (UTC)`}>
        <Async r={heat} what="Loading hours played">
          {(h) =>
            h.hours.flat().every((v) => v === 0) ? (
              <Empty>No sessions seen in this range: palpanel records who is online while it runs.</Empty>
            ) : (
              <Heatmap hours={weekInZone(h.hours)} />
            )
          }
        </Async>
      </Card>
    </>
  );
}
