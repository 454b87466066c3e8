// Activity: who plays when. Players online over 24 hours, 7 or 30 days from palpanel's metrics
// history (a step without a sample is a gap: the game was down or palpanel was off), and hours
// played per weekday and hour from the observed sessions, in UTC so every reader sees the same
// grid. Per-player sessions are on the player's page.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useTitle } from '../../shared/router';
import { Card, PageHead } from '../../ui/bits';
import { Async, Empty } from '../../ui/states';
import { Heatmap } from './Heatmap';
import { displayZone, useZoneChoice, weekInZone } from '../../shared/zone';
import { useHeatmap, useOnline, type OnlineRange as Range } from './api';
import { OnlineChart } from './OnlineChart';
import './activity.css';

const RANGES: Range[] = ['24h', '7d', '30d'];
const REFRESH_MS = 60_000;

export function Activity() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `activity.${id}` }, values);
  useTitle(t('title'));
  // The API gives the heatmap's hours in UTC; they are turned to the zone the reader chose, named.
  useZoneChoice();
  const heatZone = displayZone();
  const [range, setRange] = useState<Range>('24h');
  const online = useOnline(range, { refreshMs: REFRESH_MS });
  const heatRange = range === '30d' ? '30d' : '7d';
  const heat = useHeatmap(heatRange, { refreshMs: REFRESH_MS });
  const label = t('range', { range });
  const title = t('online.title', { range: label });
  return (
    <>
      <PageHead title={t('title')}>
        <div className="activity-ranges" role="group" aria-label={t('rangeLabel')}>
          {RANGES.map((r) => (
            <button key={r} type="button" aria-pressed={range === r} onClick={() => setRange(r)}>
              {t('range', { range: r })}
            </button>
          ))}
        </div>
      </PageHead>
      <Card title={title}>
        <Async r={online} what={t('online.loading')}>
          {(o) =>
            o.points.every((p) => p.players === null) ? (
              <Empty>{t('online.empty')}</Empty>
            ) : (
              <OnlineChart points={o.points} stepSec={o.stepSec} label={title} />
            )
          }
        </Async>
      </Card>
      <Card title={t('heat.title', { range: t('range', { range: heatRange }), zone: heatZone })}>
        <Async r={heat} what={t('heat.loading')}>
          {(h) =>
            h.hours.flat().every((v) => v === 0) ? (
              <Empty>{t('heat.empty')}</Empty>
            ) : (
              <Heatmap hours={weekInZone(h.hours)} zone={heatZone} />
            )
          }
        </Async>
      </Card>
    </>
  );
}
